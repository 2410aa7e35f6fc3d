/**
 * Spelling through the Hunspell program (Debian's `hunspell`) in its pipe mode (`-a`, the ispell
 * protocol), for every dictionary: nspell expands every affix rule of every word when it reads a
 * dictionary, so French takes about 15 s that way and Portuguese (about 1 MB of affix rules) or
 * Italian minutes, where Hunspell opens each in under a second. One process per
 * dictionary, started on first use and kept; a process that dies is started again on the next
 * call.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

export interface WordVerdict {
  correct: boolean;
  suggestions: string[];
}

interface Pending {
  lines: string[];
  resolve: (lines: string[]) => void;
  reject: (error: Error) => void;
}

/**
 * The verdict of one input line's result lines: `*`, `+ root` and `-` accept the word, `& word
 * count offset: s1, s2` and `# word offset` reject it. A word Hunspell splits (Italian l'uomo: l'
 * and uomo) gets a result line per part and is correct only when every part is; suggestions are
 * given only when the word was read whole, as they replace the whole word in the page.
 */
export function verdictOf(lines: string[]): WordVerdict {
  const wrong = lines.filter((line) => line.startsWith('&') || line.startsWith('#'));
  if (wrong.length === 0) return { correct: true, suggestions: [] };
  const only = lines.length === 1 ? lines[0]! : '';
  const colon = only.startsWith('&') ? only.indexOf(': ') : -1;
  return { correct: false, suggestions: colon < 0 ? [] : only.slice(colon + 2).split(', ').filter(Boolean) };
}

/**
 * The .aff with the apostrophe among its word characters. The page's words keep an apostrophe
 * inside a word (wordSpans: dell'esame, d'água), and the dictionaries write such forms as
 * prefixes (Italian's PFX all', dell', nell'), but Hunspell's own tokenizer splits a word at an
 * apostrophe unless WORDCHARS lists it, so every elided form would be checked as two words and
 * "dell" called a misspelling.
 */
export function withApostropheWordChars(aff: string): string {
  if (/^WORDCHARS\s/m.test(aff)) return aff.replace(/^(WORDCHARS\s+)(\S+)/m, (_all, head: string, chars: string) => `${head}${chars.includes("'") ? '' : "'"}${chars}`);
  return `${aff.replace(/\s*$/, '')}\nWORDCHARS '\n`;
}

const installed = new Map<string, boolean>();

/** Whether the Hunspell program runs (`hunspell -v`), asked once a command: the languages nspell can also read fall back to it when not. */
export function hunspellInstalled(command: string): boolean {
  let answer = installed.get(command);
  if (answer === undefined) installed.set(command, answer = !spawnSync(command, ['-v'], { stdio: 'ignore', timeout: 10_000 }).error);
  return answer;
}

export class HunspellSpeller {
  private process: ChildProcessWithoutNullStreams | null = null;
  private readonly pending: Pending[] = [];
  private buffer = '';
  private bannerSeen = false;

  /** `dictionary`: the path of the .aff/.dic pair without its extension (/usr/share/hunspell/pt_BR). */
  constructor(private readonly dictionary: string, private readonly command = process.env.HUNSPELL_BIN ?? 'hunspell') {}

  /**
   * The adjusted .aff beside a link to the original .dic, in a folder of the system's temporary
   * directory named by the adjusted text's hash: every process and every worker thread reuses
   * the same pair, and nothing is left to clean up when a thread ends without closing.
   */
  private prepare(): string {
    const aff = withApostropheWordChars(readFileSync(`${this.dictionary}.aff`, 'latin1'));
    const dir = path.join(tmpdir(), 'pagewright-hunspell');
    mkdirSync(dir, { recursive: true });
    const base = path.join(dir, `${path.basename(this.dictionary)}-${createHash('sha256').update(aff, 'latin1').digest('hex').slice(0, 16)}`);
    if (!existsSync(`${base}.aff`) || !existsSync(`${base}.dic`)) {
      // Written under a name of this process's own and renamed: a reader never sees half a file.
      const partial = `${base}.${process.pid}.${threadId}`;
      // Latin-1 both ways keeps every byte as it was, whatever the .aff's SET encoding.
      writeFileSync(`${partial}.aff`, aff, 'latin1');
      rmSync(`${partial}.dic`, { force: true });
      symlinkSync(path.resolve(`${this.dictionary}.dic`), `${partial}.dic`);
      renameSync(`${partial}.dic`, `${base}.dic`);
      renameSync(`${partial}.aff`, `${base}.aff`);
    }
    return base;
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(this.command, ['-a', '-i', 'utf-8', '-d', this.prepare()], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.read(chunk));
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => { stderr += chunk; });
    const fail = (error: Error) => {
      if (this.process !== child) return;
      this.process = null;
      this.buffer = '';
      this.bannerSeen = false;
      for (const waiting of this.pending.splice(0)) waiting.reject(error);
    };
    child.on('error', (error) => fail(error));
    child.on('exit', (code) => fail(new Error(`hunspell -d ${this.dictionary} exited (${code}): ${stderr.trim()}`)));
    // A write after the process died reports EPIPE here; the exit above rejects the waiting words.
    child.stdin.on('error', () => undefined);
    this.bannerSeen = false;
    this.buffer = '';
    return child;
  }

  /** Result lines up to each blank line belong to the oldest word still waiting. */
  private read(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      if (!this.bannerSeen) {
        // The first line names the program ("@(#) International Ispell Version ... Hunspell").
        this.bannerSeen = true;
        continue;
      }
      const waiting = this.pending[0];
      if (!waiting) continue;
      if (line === '') {
        this.pending.shift();
        waiting.resolve(waiting.lines);
      } else {
        waiting.lines.push(line);
      }
    }
  }

  /** The verdict on each word, in order. Words must not contain line breaks (the page's words never do). */
  async check(words: string[]): Promise<WordVerdict[]> {
    if (words.length === 0) return [];
    this.process ??= this.start();
    const child = this.process;
    const answers = words.map((word) => new Promise<string[]>((resolve, reject) => {
      this.pending.push({ lines: [], resolve, reject });
      // '^' makes the line plain text: a word that starts with one of the protocol's command characters is not read as a command.
      child.stdin.write(`^${word}\n`);
    }));
    return (await Promise.all(answers)).map(verdictOf);
  }

  /** Ends the process: it exits when its input ends (as it does when the thread that started it ends). */
  close(): void {
    const child = this.process;
    this.process = null;
    child?.stdin.end();
  }
}

/**
 * Apertium, the rule-based translator Debian packages (apertium and one package per language
 * pair), run as a child process: `apertium -l` lists the installed modes, `apertium -u
 * <mode>` translates plain text from standard input. Paragraphs go through one process per
 * batch, separated by blank lines, which Apertium's plain-text format keeps.
 */
import { spawn } from 'node:child_process';
import { translatorLanguageCodes, type LanguagePair, type TranslatorLanguage } from '@pagewright/contracts';

export interface ApertiumOptions {
  /** The apertium program (APERTIUM_COMMAND in tests of a missing installation). */
  command?: string;
  /** Ends a translation that runs longer (a stuck process is killed). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A pair Apertium translates, with the mode that does it. */
export interface ApertiumPair extends LanguagePair {
  mode: string;
}

/** Apertium's language codes (ISO 639-3 for newer pairs, 639-1 for older ones) as the translator's. */
const CODES: Record<string, TranslatorLanguage> = {
  eng: 'en', en: 'en', spa: 'es', es: 'es', cat: 'ca', ca: 'ca', por: 'pt', pt: 'pt', fra: 'fr', fr: 'fr',
  ita: 'it', it: 'it', glg: 'gl', gl: 'gl', eus: 'eu', eu: 'eu', deu: 'de', de: 'de', nld: 'nl', nl: 'nl',
  swe: 'sv', sv: 'sv', dan: 'da', da: 'da', nob: 'nb', nb: 'nb', ron: 'ro', ro: 'ro', afr: 'af', af: 'af',
};
const DEFAULT_TIMEOUT_MS = 120_000;
/** Characters per process: one process per document keeps Apertium's start-up (about 0.3 s) rare. */
const BATCH_CHARACTERS = 200_000;
const PARAGRAPH_BREAK = /\n[ \t]*\n+/u;

/**
 * The installed pairs, from the modes `apertium -l` lists. Variant modes (`eng-cat_valencia`)
 * and languages outside the translator's list are left out; none when Apertium is not installed.
 */
export async function apertiumPairs(options: ApertiumOptions = {}): Promise<ApertiumPair[]> {
  let listing: string;
  try {
    listing = await run(options.command ?? 'apertium', ['-l'], '', options);
  } catch {
    return [];
  }
  const pairs: ApertiumPair[] = [];
  for (const mode of listing.split(/\s+/u)) {
    const match = /^([a-z]{2,3})-([a-z]{2,3})$/u.exec(mode);
    if (!match) continue;
    const source = CODES[match[1]!];
    const target = CODES[match[2]!];
    if (!source || !target || source === target) continue;
    if (!translatorLanguageCodes.includes(source) || pairs.some((p) => p.source === source && p.target === target)) continue;
    pairs.push({ source, target, mode });
  }
  return pairs;
}

/** One paragraph per line: Apertium reads a line break inside a paragraph as a paragraph of its own. */
const oneLine = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/**
 * Translates each text with `mode`, keeping the count and order: the batch's blank lines must
 * come back as many as they went in; when they do not (a text Apertium split or joined), each
 * text of that batch is translated alone.
 */
export async function translateWithApertium(mode: string, texts: readonly string[], options: ApertiumOptions = {}): Promise<string[]> {
  if (!/^[a-z]{2,3}-[a-z]{2,3}(_[A-Za-z0-9_]+)?$/u.test(mode)) throw new Error(`not an Apertium mode: ${mode}`);
  const out: string[] = [];
  let batch: string[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    out.push(...(await translateBatch(mode, batch, options)));
    batch = [];
    size = 0;
  };
  for (const text of texts) {
    const line = oneLine(text);
    if (size + line.length > BATCH_CHARACTERS) await flush();
    batch.push(line);
    size += line.length + 2;
  }
  await flush();
  return out;
}

async function translateBatch(mode: string, lines: string[], options: ApertiumOptions): Promise<string[]> {
  // Empty texts stay empty and are not sent: an empty paragraph would look like two breaks.
  const sent = lines.map((line, i) => ({ line, i })).filter((entry) => entry.line !== '');
  const result = lines.map(() => '');
  if (sent.length === 0) return result;
  const output = await run(options.command ?? 'apertium', ['-u', mode], `${sent.map((s) => s.line).join('\n\n')}\n`, options);
  const parts = output.split(PARAGRAPH_BREAK).map(oneLine);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === sent.length) {
    sent.forEach((entry, k) => (result[entry.i] = parts[k]!));
    return result;
  }
  for (const entry of sent) {
    result[entry.i] = oneLine(await run(options.command ?? 'apertium', ['-u', mode], `${entry.line}\n`, options));
  }
  return result;
}

/** Runs the program with `input` on its standard input; its standard output, or an error with its standard error. */
function run(command: string, args: string[], input: string, options: ApertiumOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    // Node's stdin pipes are sockets, and the apertium script reads /dev/stdin by path, which a
    // socket cannot be opened as: `cat` in between gives it a real pipe (and no temporary file).
    // Its own process group, so that a timeout or a cancel ends the whole pipeline, not the shell alone.
    const child = spawn('/bin/sh', ['-c', 'cat | exec "$0" "$@"', command, ...args], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let ended: string | null = null;
    const end = (why: string) => {
      ended = why;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group has ended already.
      }
    };
    const timer = setTimeout(() => end('timed out'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const onAbort = () => end('cancelled');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A process that ends before reading all its input closes the pipe: its exit status tells why.
    child.stdin.on('error', () => undefined);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (code === 0 && ended === null) resolve(Buffer.concat(stdout).toString('utf8'));
      else reject(new Error(`${command} ${args.join(' ')} ${ended ?? `ended with ${signal ?? `status ${code}`}`}: ${Buffer.concat(stderr).toString('utf8').slice(0, 300)}`));
    });
    child.stdin.end(input);
  });
}

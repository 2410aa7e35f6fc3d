/**
 * The `tesseract` command line (Tesseract 5): one page image in, an invisible-text-only PDF
 * page (`-c textonly_pdf=1`: the recognised words in render mode 3, no image) and the plain
 * text out. Run as a child process with a time limit, in a private directory, one OpenMP
 * thread (the engine runs two pages at once instead).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { CatalogueError } from '@pagewright/contracts';

/** The command; PAGEWRIGHT_TESSERACT overrides it (a full path, or a wrapper). */
export function tesseractCommand(): string {
  return process.env.PAGEWRIGHT_TESSERACT || 'tesseract';
}

/**
 * Linux's setpriv (util-linux, in every Debian) sets the child's parent-death signal: the
 * kernel kills the recogniser when the thread that started it ends — a task's engine thread
 * stopped at its time limit, or the whole server killed — so no Tesseract outlives its task.
 */
const SETPRIV = '/usr/bin/setpriv';

/** The program and arguments to start, wrapped so the child dies with its thread where Linux allows. */
export function dyingWithParent(command: string, args: string[]): [string, string[]] {
  if (process.platform !== 'linux' || !existsSync(SETPRIV)) return [command, args];
  return [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]];
}

/** Time allowed for one page; PAGEWRIGHT_OCR_PAGE_TIMEOUT_MS overrides it. */
export function pageTimeoutMs(): number {
  const fromEnv = Number(process.env.PAGEWRIGHT_OCR_PAGE_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 180_000;
}

/** Why Tesseract gave nothing: retrying helps only after `failed` or `no-output`. */
export type TesseractFailure = 'missing' | 'timeout' | 'cancelled' | 'failed' | 'no-output';

export class TesseractError extends CatalogueError {
  readonly failure: TesseractFailure;
  constructor(failure: TesseractFailure, message: string) {
    super('UNKNOWN', message);
    this.name = 'TesseractError';
    this.failure = failure;
  }
}

export interface TesseractJob {
  image: string;
  /** Output path without extension: tesseract writes `<outBase>.pdf` and `<outBase>.txt`. */
  outBase: string;
  languages: string[];
  /** The resolution of the image when the file does not say (rendered pages). */
  dpi?: number;
  /** The private directory: working directory and TMPDIR of the process. */
  workDir: string;
  signal?: AbortSignal;
  /** For messages: "page 3". */
  label: string;
}

export interface TesseractOutput {
  pdf: Uint8Array;
  text: string;
}

export async function runTesseract(job: TesseractJob): Promise<TesseractOutput> {
  const args = [job.image, job.outBase, '-l', job.languages.join('+')];
  if (job.dpi !== undefined) args.push('--dpi', String(Math.round(job.dpi)));
  args.push('-c', 'textonly_pdf=1', 'pdf', 'txt');
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    if (job.signal?.aborted) {
      reject(new TesseractError('cancelled', `OCR of ${job.label} cancelled`));
      return;
    }
    const [program, argv] = dyingWithParent(tesseractCommand(), args);
    const child = spawn(program, argv, {
      cwd: job.workDir,
      env: { ...process.env, OMP_THREAD_LIMIT: '1', TMPDIR: job.workDir, TMP: job.workDir, TEMP: job.workDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let timedOut = false;
    let cancelled = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 8192) stderr += chunk;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, pageTimeoutMs());
    const onAbort = (): void => {
      cancelled = true;
      child.kill('SIGKILL');
    };
    job.signal?.addEventListener('abort', onAbort, { once: true });
    const done = (): void => {
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (err: NodeJS.ErrnoException) => {
      done();
      const why = err.code === 'ENOENT' ? `'${tesseractCommand()}' is not installed` : err.message;
      reject(new TesseractError('missing', `OCR is not available: ${why}`));
    });
    child.on('close', (code, signal) => {
      done();
      if (timedOut) reject(new TesseractError('timeout', `OCR of ${job.label} took longer than ${Math.round(pageTimeoutMs() / 1000)} s`));
      else if (cancelled) reject(new TesseractError('cancelled', `OCR of ${job.label} cancelled`));
      // setpriv could not start the program: what spawn's ENOENT says without the wrapper.
      else if (code === 127 && /failed to execute/.test(stderr)) reject(new TesseractError('missing', `OCR is not available: '${tesseractCommand()}' is not installed`));
      else if (code !== 0) reject(new TesseractError('failed', `OCR of ${job.label} failed (tesseract ${code ?? signal}: ${lastLines(stderr)})`));
      else resolve();
    });
  });
  try {
    const [pdf, text] = await Promise.all([readFile(`${job.outBase}.pdf`), readFile(`${job.outBase}.txt`, 'utf8')]);
    return { pdf, text };
  } catch (err) {
    throw new TesseractError('no-output', `OCR of ${job.label} wrote no output (${(err as Error).message}; ${lastLines(stderr)})`);
  }
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' / ') || 'no message';
}

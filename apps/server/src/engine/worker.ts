/**
 * Runs in a worker thread: one engine call per task. Errors come back as values with their
 * catalogue code, so only a crash of the thread itself reaches the pool as an exception.
 *
 * A WebAssembly trap or abort inside MuPDF can leave its heap inconsistent, and every later
 * call in the same thread would then fail or hang on files that are fine. So a failure that
 * looks like one marks the outcome `broken` and the thread retires: the pool ends it and
 * starts a fresh one (and retries the call there once).
 * A thread also retires after many calls or when the process has grown large, so that
 * memory a long run took comes back.
 */
import { threadId, type MessagePort } from 'node:worker_threads';
import { CatalogueError } from '@pagewright/contracts';
import { operations } from '@pagewright/engine';
import type { EngineOutcome, OperationName } from './operations.js';

// The server compiles without the DOM library, where WebAssembly's types live; these are the parts used.
declare const WebAssembly: {
  RuntimeError: abstract new (...args: never[]) => Error;
  instantiate(bytes: Uint8Array): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

/** Messages of errors that leave a WebAssembly instance unfit for further calls. */
const BROKEN = /RuntimeError|unreachable|null function|signature mismatch|memory access out of bounds|table index is out of bounds|Aborted\(|out of memory|\bOOM\b|Cannot enlarge memory|could not allocate memory|call stack|stack overflow|integer (overflow|divide by zero)|indirect call/i;
/** Calls one thread serves before it retires. */
const RETIRE_AFTER_CALLS = Number(process.env.ENGINE_RECYCLE_CALLS ?? 500);
/** The process's resident size above which a thread retires after its call (MuPDF's heap only grows). */
const RETIRE_ABOVE_RSS = Number(process.env.ENGINE_RECYCLE_RSS_MB ?? 1536) * 1024 * 1024;

let calls = 0;
let retiring = false;
/** Test faults only (PAGEWRIGHT_ENGINE_FAULTS=1): a later call fails as a damaged heap would make it. */
let poisoned = false;

export function isBroken(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof WebAssembly.RuntimeError) return true;
    if (e instanceof RangeError && /call stack|memory/i.test(e.message)) return true;
    const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    if (BROKEN.test(message)) return true;
  }
  return false;
}

/**
 * Marks this thread for the pool to end (process.exit does not end a thread that has loaded
 * MuPDF's Emscripten module, so the pool terminates it by its threadId).
 */
function retire(): void {
  retiring = true;
}

export default async function run(task: { op: OperationName | '__fault'; args: unknown; port?: MessagePort }): Promise<EngineOutcome> {
  const { op, args, port } = task;
  const onProgress = (progress: number) => port?.postMessage({ progress });
  // A call that reaches a thread on its way out is handed back to run elsewhere.
  if (retiring) return { ok: false, code: 3125, message: 'engine thread is retiring', broken: true, retired: true, threadId, retire: true };
  calls += 1;
  try {
    if (op === '__fault') return await fault(args as { kind: string });
    if (poisoned) throw new Error('memory access out of bounds (heap damaged by an earlier call)');
    const operation = operations[op] as (a: unknown, p: (n: number) => void) => Promise<unknown>;
    if (typeof operation !== 'function') return { ok: false, code: 'INVALID_PARAMS', message: `unknown engine operation ${op}` };
    const value = await operation(args, onProgress);
    if (calls >= RETIRE_AFTER_CALLS || process.memoryUsage().rss > RETIRE_ABOVE_RSS) retire();
    return { ok: true, value, threadId, ...(retiring ? { retire: true } : {}) };
  } catch (err) {
    if (isBroken(err)) {
      retire();
      return { ok: false, code: err instanceof CatalogueError ? err.code : 3125, message: err instanceof Error ? err.message : String(err), broken: true, threadId, retire: true };
    }
    if (err instanceof CatalogueError) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: 3125, message: err instanceof Error ? err.message : String(err) };
  } finally {
    port?.close();
  }
}

/**
 * Faults for the pool's tests, refused unless PAGEWRIGHT_ENGINE_FAULTS=1: `trap` runs a real
 * WebAssembly `unreachable` and leaves the thread poisoned as a damaged MuPDF heap would;
 * `spin` never returns; `exit` ends the thread mid-call; `whoami` answers the thread's id.
 */
async function fault(args: { kind: string }): Promise<EngineOutcome> {
  if (process.env.PAGEWRIGHT_ENGINE_FAULTS !== '1') return { ok: false, code: 'INVALID_PARAMS', message: 'unknown engine operation __fault' };
  if (args.kind === 'trap') {
    poisoned = true;
    // (module (func (export "f") unreachable))
    const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 5, 1, 3, 0, 0, 11]);
    const { instance } = await WebAssembly.instantiate(bytes);
    (instance.exports.f as () => void)();
  }
  if (args.kind === 'spin') for (;;) { /* a call that never ends */ }
  if (args.kind === 'exit') process.exit(3);
  if (args.kind === 'whoami') return { ok: true, value: threadId };
  return { ok: true, value: null };
}

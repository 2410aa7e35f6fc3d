/**
 * Runs in a worker thread: one engine call per task. Errors come back as values with their
 * catalogue code, so only a crash of the thread itself reaches the pool as an exception.
 *
 * A WebAssembly trap or abort inside MuPDF can leave its heap inconsistent, and every later
 * call in the same thread would then fail or hang on files that are fine. So a failure that
 * looks like one marks the outcome `broken` and the thread retires: the pool ends it and
 * starts a fresh one (and retries the call there once).
 * A thread also retires after many calls or once its own WebAssembly heap has grown large
 * (it never shrinks), so that memory a long run took comes back.
 */
import { threadId, type MessagePort } from 'node:worker_threads';
// Before the engine: it hands MuPDF the object whose heap size this thread reads.
import { mupdfHeapBytes } from './mupdfHeap.js';
import { CatalogueError } from '@pagewright/contracts';
import { operations } from '@pagewright/engine';
import type { EngineOutcome, OperationName, WorkerMessage } from './operations.js';

// The server compiles without the DOM library, where WebAssembly's types live; these are the parts used.
declare const WebAssembly: {
  RuntimeError: abstract new (...args: never[]) => Error;
  instantiate(bytes: Uint8Array): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

/** Messages of errors that leave a WebAssembly instance unfit for further calls. */
const BROKEN = /RuntimeError|unreachable|null function|signature mismatch|memory access out of bounds|table index is out of bounds|Aborted\(|out of memory|\bOOM\b|Cannot enlarge memory|could not allocate memory|call stack|stack overflow|integer (overflow|divide by zero)|indirect call/i;
/** Calls one thread serves before it retires. */
const RETIRE_AFTER_CALLS = Number(process.env.ENGINE_RECYCLE_CALLS ?? 500);
/**
 * This thread's MuPDF heap size above which it retires after its call (the heap only grows).
 * Per thread: the process's resident size counts every thread and the API, so above a
 * process-wide mark every thread retired after every call (hundreds replaced an hour).
 */
const RETIRE_ABOVE_HEAP = Number(process.env.ENGINE_RECYCLE_HEAP_MB ?? 1024) * 1024 * 1024;

let calls = 0;
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

export default async function run(task: { op: OperationName | '__fault' | '__wake'; args: unknown; port?: MessagePort }): Promise<EngineOutcome> {
  // The pool's call that only makes Piscina start a thread for calls waiting: not counted.
  if (task.op === '__wake') return { ok: true, value: null };
  const outcome = await call(task as { op: OperationName | '__fault'; args: unknown; port?: MessagePort });
  if (outcome.retire && task.port) {
    // The thread retires: the outcome goes by the port and the call never ends, so the pool
    // gives this thread no other call before it has ended it (process.exit does not end a
    // thread that loaded MuPDF's Emscripten module; the pool terminates it by its threadId).
    task.port.postMessage({ outcome } satisfies WorkerMessage);
    return new Promise<never>(() => undefined);
  }
  task.port?.close();
  return outcome;
}

async function call(task: { op: OperationName | '__fault'; args: unknown; port?: MessagePort }): Promise<EngineOutcome> {
  const { op, args, port } = task;
  const onProgress = (progress: number) => port?.postMessage({ progress } satisfies WorkerMessage);
  calls += 1;
  try {
    if (op === '__fault') return await fault(args as { kind: string });
    if (poisoned) throw new Error('memory access out of bounds (heap damaged by an earlier call)');
    const operation = operations[op] as (a: unknown, p: (n: number) => void) => Promise<unknown>;
    if (typeof operation !== 'function') return { ok: false, code: 'INVALID_PARAMS', message: `unknown engine operation ${op}` };
    const value = await operation(args, onProgress);
    const retire = calls >= RETIRE_AFTER_CALLS || mupdfHeapBytes() > RETIRE_ABOVE_HEAP;
    return { ok: true, value, threadId, ...(retire ? { retire: true } : {}) };
  } catch (err) {
    if (isBroken(err)) {
      return { ok: false, code: err instanceof CatalogueError ? err.code : 3125, message: err instanceof Error ? err.message : String(err), broken: true, threadId, retire: true };
    }
    if (err instanceof CatalogueError) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: 3125, message: err instanceof Error ? err.message : String(err) };
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

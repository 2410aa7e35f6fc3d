import { MessageChannel } from 'node:worker_threads';
import { CatalogueError } from '@pagewright/contracts';
import { Piscina } from 'piscina';
import type { EngineOutcome, OperationArgs, OperationName, OperationResult, WorkerMessage } from './operations.js';

/** Calls that only read a document (info, a page image, its text) end long before a conversion does. */
const QUICK_OPERATIONS: ReadonlySet<string> = new Set(['info', 'renderPage', 'pageTexts', 'documentText', 'probeImage']);
const QUICK_TIMEOUT_MS = 60_000;
/** The call that does nothing (see wake()). */
export const WAKE = '__wake';

export interface EnginePoolOptions {
  /** The worker script (tests run the built one). */
  filename?: string;
  /** Idle threads end after this long, so the memory their WebAssembly heaps took comes back. */
  idleTimeoutMs?: number;
}

/**
 * A pool of worker threads running engine operations, so that one never blocks the API.
 *
 * One call's failure must not change the next call's outcome: a thread whose WebAssembly
 * state broke (a trap, an abort, running out of memory) retires itself and the call is run
 * once more on a fresh thread before its error stands; a call past its time is stopped by
 * ending its thread, never waited for. Idle threads end, so memory returns between bursts.
 */
export class EnginePool {
  private readonly pool: Piscina;
  private replaced = 0;
  private closed = false;

  constructor(threads: number, private readonly timeoutMs: number, options: EnginePoolOptions = {}) {
    this.pool = new Piscina({
      filename: options.filename ?? new URL('./worker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: options.idleTimeoutMs ?? 30_000,
      concurrentTasksPerWorker: 1,
    });
  }

  /** Threads that retired or died since the start (broken, recycled or timed out), for the health report. */
  get threadsReplaced(): number {
    return this.replaced;
  }

  get threads(): number {
    return this.pool.threads.length;
  }

  /**
   * Runs one operation. Resolves with its value; rejects with a CatalogueError carrying the
   * engine's code, FILE_DAMAGED when the input broke two threads in a row, 3125 when a thread
   * died twice, or ECONNABORTED past the timeout.
   */
  async run<K extends OperationName>(op: K, args: OperationArgs<K>, onProgress?: (progress: number) => void): Promise<OperationResult<K>> {
    let broken: EngineOutcome & { ok: false } | null = null;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (this.closed) throw closedError(op);
      const outcome = await this.once(op, args, onProgress);
      if (outcome.ok) return outcome.value as OperationResult<K>;
      if (!outcome.broken) throw new CatalogueError(outcome.code as never, outcome.message);
      this.replaced += 1;
      broken = outcome;
    }
    // The same input broke a fresh thread too: the file is what is wrong.
    const died = broken?.code === 3125 && /worker|thread/i.test(broken.message);
    throw new CatalogueError(died ? 3125 : 'FILE_DAMAGED', `engine ${op}: ${broken?.message ?? 'no thread could run it'}`);
  }

  private async once(op: string, args: unknown, onProgress?: (progress: number) => void): Promise<EngineOutcome> {
    const channel = new MessageChannel();
    // A thread that retires after this call sends its outcome here and keeps the call open
    // (Piscina would otherwise hand it the next call while it is being ended).
    let retiredWith: (outcome: EngineOutcome) => void = () => undefined;
    const retiring = new Promise<EngineOutcome>((resolve) => (retiredWith = resolve));
    channel.port2.on('message', (m: WorkerMessage) => {
      if ('outcome' in m) retiredWith(m.outcome);
      else onProgress?.(m.progress);
    });
    const abort = new AbortController();
    const limit = QUICK_OPERATIONS.has(op) ? Math.min(QUICK_TIMEOUT_MS, this.timeoutMs) : this.timeoutMs;
    // Aborting a running call terminates its thread (Piscina): a spinning call is stopped, not awaited.
    const timer = setTimeout(() => abort.abort(), limit);
    const call = this.pool.run(
      { op, args, port: channel.port1 },
      { transferList: [channel.port1], signal: abort.signal },
    ) as Promise<EngineOutcome>;
    try {
      const outcome = await Promise.race([call, retiring]);
      if (outcome.retire && outcome.threadId !== undefined) {
        // Ending the thread ends its open call: that rejection is ours, not the input's.
        call.catch(() => undefined);
        await this.end(outcome.threadId, !outcome.ok);
      }
      return outcome;
    } catch (err) {
      // close() ended the thread: the server is stopping, the input is not to blame.
      if (this.closed) throw closedError(op);
      if (abort.signal.aborted) {
        this.replaced += 1;
        this.wake();
        throw new CatalogueError('ECONNABORTED', `engine ${op} timed out after ${limit} ms`);
      }
      // The thread itself died (a crash, an exit): another thread may run the call.
      return { ok: false, code: 3125, message: `engine worker thread died: ${err instanceof Error ? err.message : String(err)}`, broken: true };
    } finally {
      clearTimeout(timer);
      channel.port2.close();
    }
  }

  /** Ends a thread that asked to retire; Piscina starts another when work comes. */
  private async end(threadId: number, broken: boolean): Promise<void> {
    const thread = this.pool.threads.find((t) => t.threadId === threadId);
    if (!thread) return;
    if (!broken) this.replaced += 1;
    await thread.terminate();
    this.wake();
  }

  /**
   * Piscina starts a thread when a call is queued or a thread frees up, not when one ends:
   * after a thread is ended, calls already waiting would wait for the next call to come. A
   * call that does nothing makes it start one; it runs after them.
   */
  private wake(): void {
    if (this.closed || this.pool.queueSize === 0) return;
    this.pool.run({ op: WAKE, args: null }).catch(() => undefined);
  }

  /** Ends every thread at once, busy or not: their calls reject with ECONNABORTED (shutdown must not wait for them). */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }
}

function closedError(op: string): CatalogueError {
  return new CatalogueError('ECONNABORTED', `engine ${op}: the engine pool was closed (the server is stopping)`);
}

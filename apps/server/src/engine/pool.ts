import { MessageChannel } from 'node:worker_threads';
import { CatalogueError } from '@pagewright/contracts';
import { Piscina } from 'piscina';
import type { EngineOutcome, OperationArgs, OperationName, OperationResult, ProgressMessage } from './operations.js';

/** A pool of worker threads running engine operations, so that one never blocks the API. */
export class EnginePool {
  private readonly pool: Piscina;

  constructor(threads: number, private readonly timeoutMs: number) {
    this.pool = new Piscina({
      filename: new URL('./worker.js', import.meta.url).href,
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
    });
  }

  /**
   * Runs one operation. Resolves with its value; rejects with a CatalogueError carrying the
   * engine's code, 3125 when the worker died, or ECONNABORTED past the timeout.
   */
  async run<K extends OperationName>(op: K, args: OperationArgs<K>, onProgress?: (progress: number) => void): Promise<OperationResult<K>> {
    const channel = new MessageChannel();
    channel.port2.on('message', (m: ProgressMessage) => onProgress?.(m.progress));
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.timeoutMs);
    try {
      const outcome = (await this.pool.run(
        { op, args, port: channel.port1 },
        { transferList: [channel.port1], signal: abort.signal },
      )) as EngineOutcome<OperationResult<K>>;
      if (outcome.ok) return outcome.value;
      throw new CatalogueError(outcome.code as never, outcome.message);
    } catch (err) {
      if (err instanceof CatalogueError) throw err;
      if (abort.signal.aborted) throw new CatalogueError('ECONNABORTED', `engine ${op} timed out`);
      throw new CatalogueError(3125, `engine worker failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      clearTimeout(timer);
      channel.port2.close();
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

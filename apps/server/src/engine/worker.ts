/**
 * Runs in a worker thread: one engine call per task. Errors come back as values with their
 * catalogue code, so only a crash of the thread itself reaches the pool as an exception.
 */
import type { MessagePort } from 'node:worker_threads';
import { CatalogueError } from '@pagewright/contracts';
import { operations } from '@pagewright/engine';
import type { EngineOutcome, OperationName } from './operations.js';

export default async function run(task: { op: OperationName; args: unknown; port?: MessagePort }): Promise<EngineOutcome> {
  const { op, args, port } = task;
  const onProgress = (progress: number) => port?.postMessage({ progress });
  try {
    const operation = operations[op] as (a: unknown, p: (n: number) => void) => Promise<unknown>;
    if (typeof operation !== 'function') return { ok: false, code: 'INVALID_PARAMS', message: `unknown engine operation ${op}` };
    return { ok: true, value: await operation(args, onProgress) };
  } catch (err) {
    if (err instanceof CatalogueError) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: 3125, message: err instanceof Error ? err.message : String(err) };
  } finally {
    port?.close();
  }
}

/**
 * Runs in a worker thread: one engine call per task. Errors come back as values with their
 * catalogue code, so only a crash of the thread itself reaches the pool as an exception.
 */
import type { MessagePort } from 'node:worker_threads';
import { CatalogueError } from '@pagewright/contracts';
import { documentInfo, mergePdf } from '@pagewright/engine';
import type { EngineOperation, EngineOutcome } from './operations.js';

export default async function run(
  task: { operation: EngineOperation; port?: MessagePort },
): Promise<EngineOutcome> {
  const { operation, port } = task;
  const onProgress = (progress: number) => port?.postMessage({ progress });
  try {
    switch (operation.op) {
      case 'merge':
        return { ok: true, value: await mergePdf(operation.inputs, operation.outputPath, onProgress) };
      case 'info':
        return { ok: true, value: await documentInfo(operation.path, operation.password) };
      default:
        return { ok: false, code: 'INVALID_PARAMS', message: 'unknown engine operation' };
    }
  } catch (err) {
    if (err instanceof CatalogueError) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: 3125, message: err instanceof Error ? err.message : String(err) };
  } finally {
    port?.close();
  }
}

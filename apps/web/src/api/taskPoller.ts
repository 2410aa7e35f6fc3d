import { taskResult, taskRoutes, timing, type TaskItem, type TaskResult } from '@pagewright/contracts';
import { ApiError, normalizeCode } from './ApiError';
import { delay } from './abort';
import { getTaskResult, type TaskRef } from './client';
import { routeUrl } from './http';

export interface PollOptions {
  signal?: AbortSignal;
  /** Overall progress 0-100: the mean of the items' progress. */
  onProgress?: (progress: number, result: TaskResult) => void;
  intervalMs?: number;
  capMs?: number;
  /**
   * A batch (one task per file under a multi_id): a failed item does not stop the others; the
   * poll ends once every item has finished or failed, and the caller reads the failures.
   */
  batch?: boolean;
}

/**
 * Polls get-task-result every 2 s until every item is at 100 and done (SPEC §4). A non-zero
 * item status fails with that status as the catalogue code; waiting longer than 120 s fails
 * with ECONNABORTED.
 */
export async function pollTask(ref: TaskRef, options: PollOptions = {}): Promise<TaskResult> {
  const {
    signal,
    onProgress,
    intervalMs = timing.taskPollIntervalMs,
    capMs = timing.taskPollCapMs,
    batch = false,
  } = options;
  const started = Date.now();
  for (;;) {
    const result = await getTaskResult(ref, signal);
    if (!batch) {
      const failed = result.items.find(isItemFailed);
      if (failed) throw new ApiError(failed.status);
    }
    onProgress?.(taskProgress(result), result);
    if (batch ? isBatchSettled(result) : isTaskDone(result)) return result;
    if (Date.now() - started >= capMs) throw new ApiError('ECONNABORTED');
    await delay(intervalMs, signal);
  }
}

export function isItemFailed(item: TaskItem): boolean {
  return normalizeCode(item.status) !== 0;
}

/** Every item of a batch has either finished or failed. */
export function isBatchSettled(result: TaskResult): boolean {
  return result.items.length > 0
    && result.items.every((item) => isItemFailed(item) || (item.progress >= 100 && item.is_done));
}

export function isTaskDone(result: TaskResult): boolean {
  return result.items.length > 0 && result.items.every((item) => item.progress >= 100 && item.is_done);
}

export function taskProgress(result: TaskResult): number {
  if (result.items.length === 0) return 0;
  const sum = result.items.reduce((total, item) => total + (isItemFailed(item) ? 100 : Math.min(item.progress, 100)), 0);
  return Math.round(sum / result.items.length);
}

/**
 * Follows a task to its end through its server-sent event stream (task-events): progress and
 * the result arrive as they happen, not at the next 2 s poll. Where the stream cannot open, or
 * breaks, the 2 s polling of SPEC §4 takes over from where the task is.
 */
export async function followTask(ref: TaskRef, options: PollOptions = {}): Promise<TaskResult> {
  if (typeof EventSource !== 'function') return pollTask(ref, options);
  const streamed = await streamTask(ref, options);
  return streamed ?? pollTask(ref, options);
}

/** The stream's final result; null when the stream could not carry the task to its end. */
function streamTask(ref: TaskRef, options: PollOptions): Promise<TaskResult | null> {
  const { signal, onProgress, capMs = timing.taskPollCapMs, batch = false } = options;
  const query = typeof ref === 'string' ? { task_id: ref } : { multi_id: ref.multiId };
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError('ERR_CANCELED'));
      return;
    }
    const source = new EventSource(routeUrl(taskRoutes.taskEvents, { query }), { withCredentials: true });
    const finish = (outcome: () => void) => {
      source.close();
      clearTimeout(cap);
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    const abort = () => finish(() => reject(new ApiError('ERR_CANCELED')));
    const cap = setTimeout(() => finish(() => reject(new ApiError('ECONNABORTED'))), capMs);
    signal?.addEventListener('abort', abort, { once: true });
    source.onmessage = (event: MessageEvent<string>) => {
      let result: TaskResult;
      try {
        result = taskResult.parse(JSON.parse(event.data));
      } catch {
        finish(() => resolve(null));
        return;
      }
      if (!batch) {
        const failed = result.items.find(isItemFailed);
        if (failed) {
          finish(() => reject(new ApiError(failed.status)));
          return;
        }
      }
      onProgress?.(taskProgress(result), result);
      if (batch ? isBatchSettled(result) : isTaskDone(result)) finish(() => resolve(result));
    };
    // Refused (an error answer), cut off, or ended before the task did: polling takes over.
    source.onerror = () => finish(() => resolve(null));
  });
}

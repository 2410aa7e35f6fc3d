import { ApiError } from './ApiError';

/** Wait `ms`, rejecting with ERR_CANCELED as soon as `signal` aborts. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError('ERR_CANCELED'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError('ERR_CANCELED'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new ApiError('ERR_CANCELED');
}

/**
 * A signal that aborts when the caller's signal aborts or after `timeoutMs`; `timedOut` tells
 * the two apart so a time-out can be reported as ECONNABORTED and a cancel stays silent.
 */
export function withTimeout(timeoutMs: number, parent?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const onParentAbort = () => controller.abort();
  if (parent?.aborted) controller.abort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}

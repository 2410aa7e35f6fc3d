/**
 * One run of a tool over the ready files: create the task, poll it to the end (SPEC §4), and
 * move the files through tasking to download or taskingFailed. Every tool page runs its
 * conversion through here and only supplies the call that creates the task: one task over all
 * files (`runTask`), or a batch of one task per file under a shared multi_id (`runBatch`).
 */
import type { TaskCreated } from '@pagewright/contracts';
import { ApiError, isCanceled, toApiError, type ApiErrorCode } from '../api/ApiError';
import { followTask, isItemFailed } from '../api/taskPoller';
import { getFile, isReady, useFileStore, type FileItem } from '../files/fileStore';
import { handleLimitRefusal, isLimitRefusal } from '../limits/uploadLimits';
import { showErrorToast } from '../toasts/errorToast';

export type CreateTask = (files: FileItem[], signal: AbortSignal) => Promise<TaskCreated>;
/** Creates the task of one file of a batch; every task of the run carries `multiId`. */
export type CreateFileTask = (file: FileItem, multiId: string, signal: AbortSignal) => Promise<TaskCreated>;

let running: AbortController | null = null;

const store = () => useFileStore.getState();

/** A multi_id of SPEC §7: 1-64 characters of [A-Za-z0-9_-], random enough to be unguessable. */
export function newMultiId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `m${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function begin(): { files: FileItem[]; controller: AbortController } | null {
  if (running) return null;
  const files = store().files.filter(isReady);
  const controller = new AbortController();
  running = controller;
  for (const file of files) {
    // A file of a failed run is put back where a task takes files from.
    if (file.state === 'taskingFailed') store().dispatch(file.uid, 'goto', 'ossSuccessful');
    store().patch(file.uid, { errorCode: undefined });
    store().dispatch(file.uid, 'task');
  }
  store().setTask({
    phase: 'running', progress: 0, taskId: undefined, multiId: undefined, taskIds: undefined,
    details: undefined, outputFileName: undefined, errorCode: undefined,
  });
  return { files, controller };
}

function fail(files: FileItem[], error: unknown): void {
  if (isCanceled(error)) {
    forEachStill(files, (uid) => store().dispatch(uid, 'goto', 'ossSuccessful'));
    store().setTask({ phase: 'idle', progress: 0 });
    return;
  }
  // A limit refusal opens the pay dialog or the guest's sign-in prompt (SPEC §6, §8). It is not
  // a failure: the files stay ready, with no "Try again" that cannot succeed.
  const { toast, limit } = handleLimitRefusal(error);
  if (limit) {
    forEachStill(files, (uid) => store().dispatch(uid, 'goto', 'ossSuccessful'));
    store().setTask({ phase: 'idle', progress: 0 });
  } else {
    forEachStill(files, (uid) => store().dispatch(uid, 'taskError'));
    store().setTask({ phase: 'failed', errorCode: toApiError(error).code });
  }
  if (toast) showErrorToast(error);
}

export async function runTask(createTask: CreateTask): Promise<void> {
  const run = begin();
  if (!run) return;
  const { files, controller } = run;
  try {
    const { task_id: taskId } = await createTask(files, controller.signal);
    store().setTask({ taskId, taskIds: [taskId] });
    const result = await followTask(taskId, {
      signal: controller.signal,
      onProgress: (progress) => store().setTask({ progress }),
    });
    forEachStill(files, (uid) => store().dispatch(uid, 'download'));
    store().setTask({
      phase: 'done',
      progress: 100,
      outputFileName: result.output_file_name,
      details: [result.items.find((item) => item.task_id === taskId)?.detail],
    });
  } catch (error) {
    fail(files, error);
  } finally {
    if (running === controller) running = null;
  }
}

/**
 * A batch run: one task per ready file, all under one multi_id, polled together. A file whose
 * task fails is marked failed with its catalogue code while the others go on; the run fails
 * only when no file succeeded.
 */
export async function runBatch(createFileTask: CreateFileTask): Promise<void> {
  const run = begin();
  if (!run) return;
  const { files, controller } = run;
  const multiId = newMultiId();
  const failFile = (uid: string, code: ApiErrorCode) => {
    if (getFile(uid)?.state === 'tasking') store().dispatch(uid, 'taskError');
    store().patch(uid, { errorCode: code });
  };
  try {
    const created: { uid: string; taskId: string }[] = [];
    let firstError: unknown;
    let limitError: unknown;
    for (const file of files) {
      try {
        const { task_id: taskId } = await createFileTask(file, multiId, controller.signal);
        created.push({ uid: file.uid, taskId });
      } catch (error) {
        if (isCanceled(error) || controller.signal.aborted) throw new ApiError('ERR_CANCELED');
        // A limit stops the batch where it is: the files not started stay ready.
        if (isLimitRefusal(error)) {
          limitError = error;
          break;
        }
        firstError ??= error;
        failFile(file.uid, toApiError(error).code);
      }
    }
    if (created.length === 0) throw limitError ?? firstError ?? new ApiError('TaskError');
    if (limitError) {
      // Files past the limit go back to ready; the ones started run on.
      const started = new Set(created.map((c) => c.uid));
      for (const file of files) {
        if (!started.has(file.uid) && getFile(file.uid)?.state === 'tasking') store().dispatch(file.uid, 'goto', 'ossSuccessful');
      }
      handleLimitRefusal(limitError);
    }
    store().setTask({ taskId: created[0]?.taskId, multiId });
    const result = await followTask({ multiId }, {
      batch: true,
      signal: controller.signal,
      onProgress: (progress) => store().setTask({ progress }),
    });
    const succeeded: { taskId: string; name: string; detail: Record<string, unknown> | undefined }[] = [];
    for (const { uid, taskId } of created) {
      const item = result.items.find((candidate) => candidate.task_id === taskId);
      if (!item || isItemFailed(item)) {
        const code = item ? new ApiError(item.status).code : 'TaskError';
        firstError ??= new ApiError(code);
        failFile(uid, code);
      } else {
        if (getFile(uid)?.state === 'tasking') store().dispatch(uid, 'download');
        succeeded.push({ taskId, name: item.output_file_name, detail: item.detail });
      }
    }
    const [only] = succeeded;
    if (!only) throw firstError ?? new ApiError('TaskError');
    if (firstError) showErrorToast(firstError);
    store().setTask({
      phase: 'done',
      progress: 100,
      taskId: only.taskId,
      taskIds: succeeded.map((s) => s.taskId),
      details: succeeded.map((s) => s.detail),
      outputFileName: succeeded.length === 1 ? only.name : result.output_file_name,
    });
  } catch (error) {
    fail(files, error);
  } finally {
    if (running === controller) running = null;
  }
}

export function cancelTask(): void {
  running?.abort();
}

function forEachStill(files: FileItem[], action: (uid: string) => void): void {
  for (const file of files) if (getFile(file.uid)?.state === 'tasking') action(file.uid);
}

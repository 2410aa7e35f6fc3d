/**
 * One run of a tool over the ready files: create the task, poll it to the end (SPEC §4), and
 * move the files through tasking to download or taskingFailed. Every tool page runs its
 * conversion through here and only supplies the call that creates the task.
 */
import type { TaskCreated } from '@pagewright/contracts';
import { isCanceled, toApiError } from '../api/ApiError';
import { pollTask } from '../api/taskPoller';
import { getFile, isReady, useFileStore, type FileItem } from '../files/fileStore';
import { showErrorToast } from '../toasts/errorToast';

export type CreateTask = (files: FileItem[], signal: AbortSignal) => Promise<TaskCreated>;

let running: AbortController | null = null;

const store = () => useFileStore.getState();

export async function runTask(createTask: CreateTask): Promise<void> {
  if (running) return;
  const files = store().files.filter(isReady);
  const controller = new AbortController();
  running = controller;
  for (const file of files) {
    // A file of a failed run is put back where a task takes files from.
    if (file.state === 'taskingFailed') store().dispatch(file.uid, 'goto', 'ossSuccessful');
    store().dispatch(file.uid, 'task');
  }
  store().setTask({ phase: 'running', progress: 0, taskId: undefined, outputFileName: undefined, errorCode: undefined });
  try {
    const { task_id: taskId } = await createTask(files, controller.signal);
    store().setTask({ taskId });
    const result = await pollTask(taskId, {
      signal: controller.signal,
      onProgress: (progress) => store().setTask({ progress }),
    });
    forEachStill(files, (uid) => store().dispatch(uid, 'download'));
    store().setTask({ phase: 'done', progress: 100, outputFileName: result.output_file_name });
  } catch (error) {
    if (isCanceled(error)) {
      forEachStill(files, (uid) => store().dispatch(uid, 'goto', 'ossSuccessful'));
      store().setTask({ phase: 'idle', progress: 0 });
      return;
    }
    forEachStill(files, (uid) => store().dispatch(uid, 'taskError'));
    store().setTask({ phase: 'failed', errorCode: toApiError(error).code });
    showErrorToast(error);
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

/**
 * "Save to cloud" of a finished run (SPEC §2 targets: document-cloud): each finished task's
 * result becomes a cloud document of the signed-in user (GET /v2/cloud/task/result, which is
 * idempotent, so a second press saves nothing twice).
 */
import { accountRoutes, cloudRoutes, type CloudDocument } from '@pagewright/contracts';
import { call } from '../api/http';

/** The run whose results are saved: its tasks, and the multi_id of a batch. */
export interface FinishedRun {
  taskIds: readonly string[];
  multiId?: string | undefined;
}

export async function saveRunToCloud({ taskIds }: FinishedRun): Promise<CloudDocument[]> {
  const saved: CloudDocument[] = [];
  // One after the other: a full cloud stops the rest with its own message.
  for (const taskId of taskIds) saved.push(await call(cloudRoutes.taskResult, { query: { task_id: taskId } }));
  return saved;
}

/** A guest's run becomes the account's after they sign in (task/bind), then it can be saved. */
export async function bindRun({ taskIds, multiId }: FinishedRun): Promise<void> {
  if (multiId && taskIds.length > 1) {
    await call(accountRoutes.taskBind, { body: { multi_id: multiId } });
    return;
  }
  for (const taskId of taskIds) await call(accountRoutes.taskBind, { body: { task_id: taskId } });
}

import type { TaskRow } from '../../modules/tasks/repo.js';

/** What a queue is told of a task just queued: enough to route it without reading the row. */
export type QueuedTask = Pick<TaskRow, 'task_id' | 'kind' | 'params'>;

/** Runs persisted tasks. The embedded queue runs them in this process; BullMQ is the scale-out one. */
export interface JobQueue {
  /** Recovers tasks a previous process left behind and starts taking work. */
  start(): Promise<void>;
  /** Says that a task was queued. */
  notify(task: QueuedTask): void;
  /**
   * Says that a task's row changed (progress, finished, failed) to the processes that follow
   * tasks; the embedded queue has no other process to tell.
   */
  announce(taskId: string): void;
  /** Stops taking work and waits for the tasks in hand. */
  close(): Promise<void>;
}

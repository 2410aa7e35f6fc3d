/** Runs persisted tasks. The embedded queue runs them in this process; BullMQ is the scale-out one. */
export interface JobQueue {
  /** Recovers tasks a previous process left behind and starts taking work. */
  start(): Promise<void>;
  /** Says that a task was queued. */
  notify(): void;
  /** Stops taking work and waits for the tasks in hand. */
  close(): Promise<void>;
}

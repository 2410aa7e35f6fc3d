/**
 * The scale-out queue, API side: tasks stay rows of the tasks table (the source of truth), and
 * each queued task is also a BullMQ job on Redis (its id the task's), which a worker process
 * (`npm run worker`, bullmqWorker.ts) takes. Workers say on a Redis channel when a task's row
 * changed, and the event streams of this process read the row again.
 */
import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { TasksRepo } from '../../modules/tasks/repo.js';
import { runsOnOffice } from '../../modules/tools/kinds/converter.js';
import type { JobQueue, QueuedTask } from './jobQueue.js';

/** Which of a worker's engines a task needs: each has its own queue, so each has its own concurrency. */
export type TaskEngine = 'pdf' | 'office';
export const TASK_ENGINES: readonly TaskEngine[] = ['pdf', 'office'];

export const queueNameOf = (engine: TaskEngine) => `pagewright-tasks-${engine}`;

/** The Redis channel on which a task id is published each time its row changes. */
export const TASK_CHANGED_CHANNEL = 'pagewright:task-changed';

/** What a job carries: the row has the rest. */
export interface TaskJobData {
  task_id: string;
}

/** What a job returns: which worker ran it (`host:pid`), for operators and tests. */
export interface TaskJobResult {
  worker: string;
  outcome: 'ran' | 'exhausted' | 'skipped';
}

export interface QueueLog {
  info(o: object, m: string): void;
  error(o: object, m: string): void;
}

export function engineOf(task: QueuedTask): TaskEngine {
  return runsOnOffice(task.kind, JSON.parse(task.params)) ? 'office' : 'pdf';
}

/** A connection BullMQ accepts for blocking commands (it retries forever rather than failing a call). */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}

const JOB_OPTIONS: JobsOptions = {
  // The row counts attempts; a job that throws has met an error the row could not record.
  attempts: 1,
  // Kept a while so an operator can see who ran what; the row is what the API reads.
  removeOnComplete: { age: 24 * 3600, count: 5000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** The queues of each engine on one connection, and adding a task's job to the right one. */
export class TaskJobs {
  private readonly queues: Map<TaskEngine, Queue<TaskJobData, TaskJobResult>>;

  constructor(private readonly connection: Redis) {
    this.queues = new Map(TASK_ENGINES.map((engine) => [engine, new Queue<TaskJobData, TaskJobResult>(queueNameOf(engine), { connection })]));
  }

  /** Adds the task's job; a task whose job exists already (waiting, running or kept) is left as it is. */
  async add(task: QueuedTask): Promise<void> {
    await this.queues.get(engineOf(task))!.add(task.kind, { task_id: task.task_id }, { ...JOB_OPTIONS, jobId: task.task_id });
  }

  async publishChange(taskId: string): Promise<void> {
    await this.connection.publish(TASK_CHANGED_CHANNEL, taskId);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

export class BullmqQueue implements JobQueue {
  private readonly connection: Redis;
  private readonly subscriber: Redis;
  private readonly jobs: TaskJobs;

  constructor(
    redisUrl: string,
    private readonly deps: { tasksRepo: TasksRepo; changedElsewhere: (taskId: string) => void },
    private readonly log: QueueLog,
  ) {
    this.connection = redisConnection(redisUrl);
    this.subscriber = redisConnection(redisUrl);
    this.jobs = new TaskJobs(this.connection);
  }

  /**
   * Follows the workers' changes, and gives Redis again every task the table has as queued or
   * running (a job lost with Redis's memory, an add that failed): those with a job are untouched,
   * and a running one whose worker died comes back through BullMQ's stalled-job check.
   */
  async start(): Promise<void> {
    this.subscriber.on('message', (_channel: string, taskId: string) => this.deps.changedElsewhere(taskId));
    await this.subscriber.subscribe(TASK_CHANGED_CHANNEL);
    const unfinished = await this.deps.tasksRepo.listUnfinished();
    for (const task of unfinished) await this.jobs.add(task);
    if (unfinished.length > 0) this.log.info({ tasks: unfinished.length }, 'gave the unfinished tasks to the BullMQ queue again');
  }

  notify(task: QueuedTask): void {
    // A failed add leaves the row queued: the next start of an API process adds it again.
    this.jobs.add(task).catch((err: unknown) => this.log.error({ err, task_id: task.task_id }, 'could not add the task to the BullMQ queue'));
  }

  announce(taskId: string): void {
    this.jobs.publishChange(taskId).catch((err: unknown) => this.log.error({ err, task_id: taskId }, 'could not publish a task change'));
  }

  async close(): Promise<void> {
    await this.jobs.close();
    this.subscriber.disconnect();
    await this.connection.quit();
  }
}

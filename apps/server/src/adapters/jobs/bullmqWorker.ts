/**
 * The scale-out queue, worker side: takes tasks' jobs from Redis and runs them through the
 * tasks service, as many at once per engine as this process's engine allows.
 *
 * The tasks table stays the truth. A job taken claims its row (queued, or running when the
 * worker that held it died), and the row's attempts decide, as with the embedded queue, when an
 * interrupted task fails with 3125 instead of running again. A worker killed mid-task stops
 * renewing its BullMQ lock: after QUEUE_LOCK_MS another worker's stalled-job check puts the job
 * back in the queue. A worker stopped by SIGTERM lets its tasks finish for WORKER_SHUTDOWN_MS,
 * then hands the rest back without counting the attempt.
 */
import { hostname } from 'node:os';
import { WaitingError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { TaskRow, TasksRepo } from '../../modules/tasks/repo.js';
import {
  queueNameOf, redisConnection, TASK_ENGINES, TaskJobs,
  type QueueLog, type TaskEngine, type TaskJobData, type TaskJobResult,
} from './bullmqQueue.js';
import type { JobQueue, QueuedTask } from './jobQueue.js';

export interface BullmqWorkerOptions {
  redisUrl: string;
  lockMs: number;
  shutdownMs: number;
  maxAttempts: number;
  /** Tasks run at once in this process, per engine. */
  concurrency: Record<TaskEngine, number>;
}

export interface BullmqWorkerDeps {
  tasksRepo: TasksRepo;
  execute: (task: TaskRow) => Promise<void>;
  /** Tells the tasks service that tasks still running are being interrupted, not failed. */
  interrupt: () => void;
}

interface Running {
  job: Job<TaskJobData, TaskJobResult>;
  token: string;
  handBack: () => void;
}

export class BullmqWorker implements JobQueue {
  /** Written on each job this worker ran: `host:pid`. */
  readonly name = `${hostname()}:${process.pid}`;
  private readonly connection: Redis;
  private readonly jobs: TaskJobs;
  private readonly workers: Worker<TaskJobData, TaskJobResult>[] = [];
  /** BullMQ leaves a connection it was given open: one per worker, closed here. */
  private readonly workerConnections: Redis[] = [];
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly options: BullmqWorkerOptions,
    private readonly deps: BullmqWorkerDeps,
    private readonly log: QueueLog,
  ) {
    this.connection = redisConnection(options.redisUrl);
    this.jobs = new TaskJobs(this.connection);
  }

  async start(): Promise<void> {
    for (const engine of TASK_ENGINES) {
      const connection = redisConnection(this.options.redisUrl);
      this.workerConnections.push(connection);
      const worker = new Worker<TaskJobData, TaskJobResult>(queueNameOf(engine), (job, token) => this.process(job, token), {
        connection,
        name: this.name,
        concurrency: this.options.concurrency[engine],
        lockDuration: this.options.lockMs,
        stalledInterval: Math.max(500, Math.round(this.options.lockMs / 2)),
        // The row's attempts fail a task that keeps killing its workers; BullMQ's count is a backstop.
        maxStalledCount: this.options.maxAttempts + 2,
        autorun: false,
      });
      worker.on('error', (err) => this.log.error({ err, engine }, 'BullMQ worker error'));
      worker.on('failed', (job, err) => void this.failed(job, err));
      this.workers.push(worker);
    }
    for (const worker of this.workers) void worker.run();
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
    this.log.info({ worker: this.name, concurrency: this.options.concurrency }, 'taking tasks from the BullMQ queues');
  }

  private async process(job: Job<TaskJobData, TaskJobResult>, token: string | undefined): Promise<TaskJobResult> {
    const taskId = job.data.task_id;
    const claimed = await this.deps.tasksRepo.claim(taskId, this.options.maxAttempts, Date.now());
    if (claimed === 'exhausted') {
      this.log.error({ task_id: taskId }, 'task interrupted too many times (its workers died); failed with 3125');
      this.announce(taskId);
      return { worker: this.name, outcome: 'exhausted' };
    }
    if (!claimed) return { worker: this.name, outcome: 'skipped' };
    this.announce(taskId);
    this.log.info({ task_id: taskId, kind: claimed.kind, attempt: claimed.attempts, worker: this.name }, 'task started');
    let handBack!: () => void;
    const handedBack = new Promise<'handed back'>((resolve) => (handBack = () => resolve('handed back')));
    this.running.set(taskId, { job, token: token ?? '', handBack });
    try {
      const outcome = await Promise.race([this.deps.execute(claimed).then(() => 'ran' as const), handedBack]);
      // Moved back to the queue by close(): BullMQ leaves the job there.
      if (outcome === 'handed back') throw new WaitingError();
      this.log.info({ task_id: taskId, worker: this.name }, 'task ended');
      return { worker: this.name, outcome };
    } finally {
      this.running.delete(taskId);
    }
  }

  /** A job failed outside the task's own error handling (the database, BullMQ's stalled limit): the row says 3125. */
  private async failed(job: Job<TaskJobData, TaskJobResult> | undefined, err: Error): Promise<void> {
    if (!job) return;
    const taskId = job.data.task_id;
    this.log.error({ err, task_id: taskId }, 'task job failed');
    try {
      const row = await this.deps.tasksRepo.get(taskId);
      if (row && (row.status === 'queued' || row.status === 'running')) {
        await this.deps.tasksRepo.fail(taskId, '3125', Date.now());
        this.announce(taskId);
      }
    } catch (failErr) {
      this.log.error({ err: failErr, task_id: taskId }, 'could not record a failed task job');
    }
  }

  notify(task: QueuedTask): void {
    this.jobs.add(task).catch((err: unknown) => this.log.error({ err, task_id: task.task_id }, 'could not add the task to the BullMQ queue'));
  }

  announce(taskId: string): void {
    this.jobs.publishChange(taskId).catch((err: unknown) => this.log.error({ err, task_id: taskId }, 'could not publish a task change'));
  }

  /**
   * Takes no new job, lets the running tasks finish for WORKER_SHUTDOWN_MS, then hands the
   * others back: their rows queued again with the attempt not counted, their jobs waiting for
   * another worker. The caller ends the engines after this, which ends the handed-back runs.
   */
  async close(): Promise<void> {
    const drained = Promise.all(this.workers.map((w) => w.close()));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.options.shutdownMs)));
    const outcome = await Promise.race([drained.then(() => 'drained' as const), late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.deps.interrupt();
      for (const [taskId, { job, token, handBack }] of this.running) {
        try {
          await this.deps.tasksRepo.handBack(taskId, Date.now());
          await job.moveToWait(token);
          this.log.info({ task_id: taskId, worker: this.name }, 'task handed back to the queue at shutdown');
          this.announce(taskId);
        } catch (err) {
          // Its lock runs out and the stalled-job check gives it to another worker.
          this.log.error({ err, task_id: taskId }, 'could not hand a task back');
        }
        handBack();
      }
      await drained;
    }
    await this.jobs.close();
    await Promise.all([this.connection, ...this.workerConnections].map((c) => c.quit()));
  }
}

import type { TaskRow, TasksRepo } from '../../modules/tasks/repo.js';
import type { JobQueue } from './jobQueue.js';

/**
 * The embedded queue: the tasks table is the queue. A claim flips a row from queued to
 * running, so what was queued or running when the process died is found again at start.
 */
export class InProcessQueue implements JobQueue {
  private running = 0;
  private closed = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repo: TasksRepo,
    private readonly execute: (task: TaskRow) => Promise<void>,
    private readonly concurrency: number,
    private readonly maxAttempts: number,
    private readonly log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  ) {}

  async start(): Promise<void> {
    const recovered = await this.repo.recoverInterrupted(this.maxAttempts, Date.now());
    if (recovered.requeued || recovered.failed) this.log.info(recovered, 'recovered interrupted tasks');
    this.notify();
  }

  notify(): void {
    void this.fill();
  }

  announce(): void {
    // The followers are in this process, and the tasks service told them already.
  }

  private async fill(): Promise<void> {
    while (!this.closed && this.running < this.concurrency) {
      this.running++;
      let task: TaskRow | undefined;
      try {
        task = await this.repo.claimNext(Date.now());
      } catch (err) {
        this.log.error({ err }, 'could not claim a task');
      }
      if (!task) {
        this.running--;
        return;
      }
      const work = this.execute(task)
        .catch((err: unknown) => this.log.error({ err, task_id: task.task_id }, 'task runner threw'))
        .finally(() => {
          this.running--;
          this.inFlight.delete(work);
          this.notify();
        });
      this.inFlight.add(work);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
  }
}

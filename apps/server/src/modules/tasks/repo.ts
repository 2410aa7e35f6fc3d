import type { Db } from '../../db/connection.js';
import type { TasksTable, TaskStatus } from '../../db/schema.js';

export type TaskRow = Omit<TasksTable, 'attempts'> & { attempts: number };

export class TasksRepo {
  constructor(private readonly db: Db) {}

  async insert(row: Omit<TaskRow, 'attempts'>): Promise<void> {
    await this.db.insertInto('tasks').values(row).execute();
  }

  async get(taskId: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirst();
  }

  async listByMulti(owner: string, multiId: string): Promise<TaskRow[]> {
    return this.db.selectFrom('tasks').selectAll().where('owner', '=', owner).where('multi_id', '=', multiId)
      .orderBy('created_at').orderBy('task_id').execute();
  }

  /** Whether a multi_id already groups tasks of someone other than `owner`. */
  async multiUsedByOthers(multiId: string, owner: string): Promise<boolean> {
    const other = await this.db.selectFrom('tasks').select('task_id').where('multi_id', '=', multiId)
      .where((eb) => eb.or([eb('owner', '!=', owner), eb('owner', 'is', null)])).limit(1).executeTakeFirst();
    return Boolean(other);
  }

  async setOwner(taskIds: string[], owner: string): Promise<void> {
    if (taskIds.length === 0) return;
    await this.db.updateTable('tasks').set({ owner }).where('task_id', 'in', taskIds).execute();
    await this.db.updateTable('task_starts').set({ owner }).where('task_id', 'in', taskIds).execute();
  }

  async transferOwner(fromOwner: string, toOwner: string): Promise<void> {
    await this.db.updateTable('tasks').set({ owner: toOwner }).where('owner', '=', fromOwner).execute();
    await this.db.updateTable('task_starts').set({ owner: toOwner }).where('owner', '=', fromOwner).execute();
  }

  async insertStart(row: { task_id: string; owner: string; kind: string; created_at: number }): Promise<void> {
    await this.db.insertInto('task_starts').values(row).execute();
  }

  async countStartsSince(owner: string, since: number): Promise<number> {
    const r = await this.db.selectFrom('task_starts').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', owner).where('created_at', '>=', since).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Takes the oldest queued task for this worker, or none; the status check makes the claim atomic. */
  async claimNext(now: number): Promise<TaskRow | undefined> {
    for (;;) {
      const next = await this.db.selectFrom('tasks').selectAll().where('status', '=', 'queued')
        .orderBy('created_at').limit(1).executeTakeFirst();
      if (!next) return undefined;
      const claimed = await this.db.updateTable('tasks')
        .set({ status: 'running', attempts: next.attempts + 1, updated_at: now })
        .where('task_id', '=', next.task_id).where('status', '=', 'queued').executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) return { ...next, status: 'running', attempts: next.attempts + 1 };
    }
  }

  /**
   * A scale-out worker takes one task that the queue handed it: queued, or running when the
   * worker that held it died. Undefined when it has ended or another worker took it first;
   * 'exhausted' when it has used its attempts, and then it is failed with 3125.
   */
  async claim(taskId: string, maxAttempts: number, now: number): Promise<TaskRow | 'exhausted' | undefined> {
    const row = await this.get(taskId);
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return undefined;
    if (row.attempts >= maxAttempts) {
      await this.fail(taskId, '3125', now);
      return 'exhausted';
    }
    // The attempts count as the claim's version: of two workers, one changes the row.
    const claimed = await this.db.updateTable('tasks')
      .set({ status: 'running', attempts: row.attempts + 1, updated_at: now })
      .where('task_id', '=', taskId).where('attempts', '=', row.attempts).where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? { ...row, status: 'running', attempts: row.attempts + 1 } : undefined;
  }

  /** A worker stopping gives back a task it had started: queued again, the attempt not counted. */
  async handBack(taskId: string, now: number): Promise<void> {
    await this.db.updateTable('tasks')
      .set((eb) => ({ status: 'queued', progress: 0, attempts: eb('attempts', '-', 1), updated_at: now }))
      .where('task_id', '=', taskId).where('status', '=', 'running').execute();
  }

  async setProgress(taskId: string, progress: number, now: number): Promise<void> {
    await this.db.updateTable('tasks').set({ progress, updated_at: now })
      .where('task_id', '=', taskId).where('status', '=', 'running').execute();
  }

  async finish(taskId: string, outputKey: string, detail: string | null, now: number): Promise<void> {
    await this.db.updateTable('tasks')
      .set({ status: 'finished', progress: 100, code: '0', output_key: outputKey, detail, updated_at: now })
      .where('task_id', '=', taskId).execute();
  }

  /** Replaces a task's params, to drop secrets once it has ended. */
  async setParams(taskId: string, params: string): Promise<void> {
    await this.db.updateTable('tasks').set({ params }).where('task_id', '=', taskId).execute();
  }

  async fail(taskId: string, code: string, now: number): Promise<void> {
    await this.db.updateTable('tasks').set({ status: 'failed', code, updated_at: now })
      .where('task_id', '=', taskId).execute();
  }

  /**
   * After a restart no task is really running: each one that was goes back to the queue,
   * unless it has used its attempts, in which case it fails with 3125.
   */
  async recoverInterrupted(maxAttempts: number, now: number): Promise<{ requeued: number; failed: number }> {
    const failed = await this.db.updateTable('tasks').set({ status: 'failed', code: '3125', updated_at: now })
      .where('status', '=', 'running').where('attempts', '>=', maxAttempts).executeTakeFirst();
    const requeued = await this.db.updateTable('tasks').set({ status: 'queued', updated_at: now })
      .where('status', '=', 'running').executeTakeFirst();
    return { requeued: Number(requeued.numUpdatedRows), failed: Number(failed.numUpdatedRows) };
  }

  /** Tasks not ended yet, oldest first: what a scale-out queue must hold a job for. */
  async listUnfinished(): Promise<Pick<TaskRow, 'task_id' | 'kind' | 'params'>[]> {
    return this.db.selectFrom('tasks').select(['task_id', 'kind', 'params']).where('status', 'in', ['queued', 'running'])
      .orderBy('created_at').execute();
  }

  async countByStatus(status: TaskStatus): Promise<number> {
    const r = await this.db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', status).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async listExpired(now: number, limit: number): Promise<TaskRow[]> {
    return this.db.selectFrom('tasks').selectAll().where('expires_at', '<', now)
      .where('status', 'in', ['finished', 'failed']).limit(limit).execute();
  }

  async delete(taskId: string): Promise<void> {
    await this.db.deleteFrom('tasks').where('task_id', '=', taskId).execute();
  }
}

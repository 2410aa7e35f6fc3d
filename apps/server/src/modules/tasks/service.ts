import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CatalogueError, expiredTypes, messageFor, type TaskItem, type TaskResult, type Usage } from '@pagewright/contracts';
import yazl from 'yazl';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import type { JobQueue } from '../../adapters/jobs/jobQueue.js';
import { drain } from '../../util/drain.js';
import { sanitizeFileName } from '../../util/fileName.js';
import type { TaskRow, TasksRepo } from './repo.js';
import type { Identity } from '../../http/identity.js';

/** What a tool's runner gets: its params, a private temporary directory, and progress. */
export interface RunContext {
  task: TaskRow;
  params: unknown;
  tempDir: string;
  reportProgress: (percent: number) => void;
}

/**
 * Runs before a task is created, with who asks and what the task is: the entitlement check of
 * SPEC §6 (tier limits, daily use). It throws a CatalogueError to refuse.
 */
export type TaskGate = (request: { kind: string; params: unknown; identity: Identity; multiId: string }) => Promise<void>;

/** A runner writes its result into the temporary directory and returns its path. */
export type TaskRunner = (ctx: RunContext) => Promise<{ outputPath: string; detail?: Record<string, unknown> }>;

const RESULT_TTL_MS = expiredTypes[1] * 1000;
const PROGRESS_WRITE_INTERVAL_MS = 250;

export class TasksService {
  private readonly runners = new Map<string, TaskRunner>();
  /** Emits a task's id each time its row changes (progress, finished, failed): the event streams follow it. */
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private queue: JobQueue | undefined;
  private readonly gates: TaskGate[] = [];
  /** Set at shutdown: a task that ends in error from then on was interrupted, not failed by its input. */
  private stopping = false;

  constructor(
    private readonly repo: TasksRepo,
    private readonly storage: ObjectStorage,
    private readonly log: { error: (o: object, m: string) => void; info: (o: object, m: string) => void },
  ) {}

  attachQueue(queue: JobQueue): void {
    this.queue = queue;
  }

  addGate(gate: TaskGate): void {
    this.gates.push(gate);
  }

  registerRunner(kind: string, runner: TaskRunner): void {
    if (this.runners.has(kind)) throw new Error(`task kind ${kind} has two runners`);
    this.runners.set(kind, runner);
  }

  /**
   * Shutdown is under way (the engine threads and LibreOffice are about to be ended): tasks
   * interrupted from now on keep their row as it is ('running', password included), so the
   * next start runs them again as after a kill, instead of failing with the error the
   * interruption caused (FILE_DAMAGED, 3125). Their private folders are removed all the same.
   */
  stop(): void {
    this.stopping = true;
  }

  /** Task kinds without a runner among `kinds`: the server refuses to start with any. */
  missingRunners(kinds: Iterable<string>): string[] {
    return [...new Set(kinds)].filter((kind) => !this.runners.has(kind));
  }

  async create(
    identity: Identity, kind: string, params: unknown, outputFileName: string, multiId?: string,
  ): Promise<{ task_id: string; multi_id: string }> {
    if (!this.runners.has(kind)) throw new Error(`no runner for task kind ${kind}`);
    const multi = multiId ?? randomUUID().replace(/-/g, '');
    // A multi_id groups one owner's tasks; another's is refused as if it did not exist.
    if (multiId && (await this.repo.multiUsedByOthers(multiId, identity.owner))) throw new CatalogueError(2405, `multi_id ${multiId} is not the caller's`);
    for (const gate of this.gates) await gate({ kind, params, identity, multiId: multi });
    const now = Date.now();
    const taskId = randomUUID().replace(/-/g, '');
    await this.repo.insert({
      task_id: taskId,
      multi_id: multi,
      kind,
      status: 'queued',
      code: '0',
      progress: 0,
      params: JSON.stringify(params),
      output_file_name: sanitizeFileName(outputFileName, 'result'),
      output_key: null,
      detail: null,
      created_at: now,
      updated_at: now,
      expires_at: now + RESULT_TTL_MS,
      owner: identity.owner,
    });
    await this.repo.insertStart({ task_id: taskId, owner: identity.owner, kind, created_at: now });
    this.queue?.notify({ task_id: taskId, kind, params: JSON.stringify(params) });
    return { task_id: taskId, multi_id: multi };
  }

  private changed(taskId: string): void {
    this.changes.emit('change', taskId);
    this.queue?.announce(taskId);
  }

  /** A task's row was changed by another process (a BullMQ worker): the event streams here read it again. */
  changedElsewhere(taskId: string): void {
    this.changes.emit('change', taskId);
  }

  /**
   * Calls `listener` with the result of the owner's task (or multi_id) at once and after every
   * change of one of its tasks, until each is done; returns a function that stops it. Changes
   * come from this process's queue, or from the workers of a scale-out queue (changedElsewhere).
   */
  async follow(
    owner: string,
    query: { task_id?: string | undefined; multi_id?: string | undefined },
    listener: (result: TaskResult, done: boolean) => void,
  ): Promise<() => void> {
    const first = await this.result(owner, query);
    const ids = new Set(first.items.map((item) => item.task_id));
    let reading = false;
    let again = false;
    let stopped = false;
    const settled = (result: TaskResult) => result.items.every((item) => item.is_done);
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const result = await this.result(owner, query);
          if (stopped) return;
          const done = settled(result);
          listener(result, done);
          if (done) stop();
        } while (again && !stopped);
      } catch {
        // The tasks went (swept): the stream's client falls back to polling, which says so.
        stop();
      } finally {
        reading = false;
      }
    };
    const onChange = (taskId: string) => {
      if (ids.has(taskId)) void read();
    };
    const stop = () => {
      stopped = true;
      this.changes.off('change', onChange);
    };
    this.changes.on('change', onChange);
    const done = settled(first);
    listener(first, done);
    if (done) stop();
    return stop;
  }

  /** Runs one claimed task to its end: finished with a stored result, or failed with a code. */
  async execute(task: TaskRow): Promise<void> {
    const runner = this.runners.get(task.kind);
    const tempDir = await mkdtemp(path.join(tmpdir(), 'pagewright-task-'));
    let lastWrite = 0;
    let lastProgress = -1;
    let interrupted = false;
    const reportProgress = (percent: number) => {
      const p = Math.max(0, Math.min(99, Math.floor(percent)));
      const now = Date.now();
      if (p === lastProgress || now - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
      lastProgress = p;
      lastWrite = now;
      void this.repo.setProgress(task.task_id, p, now).then(() => this.changed(task.task_id), () => undefined);
    };
    try {
      if (!runner) throw new CatalogueError(3125, `no runner for ${task.kind}`);
      const { outputPath, detail } = await runner({ task, params: JSON.parse(task.params), tempDir, reportProgress });
      // The display name stays in the row; the key is ours alone.
      const extension = /\.[A-Za-z0-9]{1,8}$/.exec(task.output_file_name)?.[0] ?? '';
      const key = `results/${task.task_id}/result${extension.toLowerCase()}`;
      await this.storage.putFile(key, outputPath);
      await removeDir(tempDir);
      await this.repo.finish(task.task_id, key, detail ? JSON.stringify(detail) : null, Date.now());
      this.changed(task.task_id);
    } catch (err) {
      if (this.stopping) {
        interrupted = true;
        this.log.info({ task_id: task.task_id, detail: err instanceof Error ? err.message : String(err) }, 'task interrupted by shutdown; it runs again at the next start');
        return;
      }
      const code = err instanceof CatalogueError ? err.code : 3125;
      if (!(err instanceof CatalogueError) || code === 3125) this.log.error({ err, task_id: task.task_id }, 'task failed');
      else this.log.info({ task_id: task.task_id, code, detail: err.message }, 'task refused its input');
      await removeDir(tempDir);
      await this.repo.fail(task.task_id, String(code), Date.now());
      this.changed(task.task_id);
    } finally {
      await removeDir(tempDir);
      if (!interrupted) await this.repo.setParams(task.task_id, withoutSecrets(task.params)).catch(() => undefined);
    }
  }

  async result(owner: string, query: { task_id?: string | undefined; multi_id?: string | undefined }): Promise<TaskResult> {
    const rows = await this.ownedTasks(owner, query);
    if (rows.length === 0) throw new CatalogueError(2405);
    const first = rows[0]!;
    return {
      ...(query.task_id ? { task_id: query.task_id } : { multi_id: query.multi_id }),
      // A batch of several downloads as one zip (download-doc-bulk), under that zip's name.
      output_file_name: query.multi_id && rows.length > 1 ? bulkName(rows) : first.output_file_name,
      items: rows.map(toItem),
    };
  }

  async openDownload(owner: string, taskId: string): Promise<{ stream: Readable; name: string; size: number }> {
    const [row] = await this.ownedTasks(owner, { task_id: taskId });
    if (!row || row.status !== 'finished' || !row.output_key) throw new CatalogueError(2405);
    const size = await this.storage.size(row.output_key);
    if (size === null) throw new CatalogueError(2405);
    return { stream: this.storage.openRead(row.output_key), name: row.output_file_name, size };
  }

  /**
   * A presigned GET of a finished result, named as the task says, when the object store gives
   * them (S3): the bytes then go from the store to the browser. Null when the API streams it.
   */
  async presignedDownload(owner: string, taskId: string, ttlS: number): Promise<string | null> {
    const presigned = this.storage.presigned;
    if (!presigned) return null;
    const [row] = await this.ownedTasks(owner, { task_id: taskId });
    if (!row || row.status !== 'finished' || !row.output_key) throw new CatalogueError(2405);
    return presigned.downloadUrl(row.output_key, row.output_file_name, ttlS);
  }

  /** A zip of every finished result of a multi task, names made unique. */
  async openBulkDownload(owner: string, multiId: string): Promise<{ stream: Readable; name: string }> {
    const rows = (await this.repo.listByMulti(owner, multiId)).filter((r) => r.status === 'finished' && r.output_key);
    if (rows.length === 0) throw new CatalogueError(2405);
    const zip = new yazl.ZipFile();
    const used = new Set<string>();
    for (const row of rows) {
      zip.addReadStream(this.storage.openRead(row.output_key!), uniqueName(row.output_file_name, used));
    }
    zip.end();
    return { stream: zip.outputStream as Readable, name: bulkName(rows) };
  }

  /**
   * task/bind: gives a signed-in user the tasks (one, or a multi_id's) that this browser started
   * as a guest. Tasks of anyone else are refused with 2405; the user's own are left as they are.
   */
  async bind(identity: Identity, query: { task_id?: string | undefined; multi_id?: string | undefined }): Promise<void> {
    if (!identity.user) throw new CatalogueError(1401);
    const guest = `c:${identity.clientId}`;
    const own = await this.ownedTasks(identity.owner, query);
    const guests = await this.ownedTasks(guest, query);
    if (own.length === 0 && guests.length === 0) throw new CatalogueError(2405);
    await this.repo.setOwner(guests.map((t) => t.task_id), identity.owner);
  }

  /** Tasks the owner started today and this month, days and months in UTC. */
  async usage(owner: string, now = new Date()): Promise<Usage> {
    const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    return { tasks_today: await this.repo.countStartsSince(owner, day), tasks_month: await this.repo.countStartsSince(owner, month) };
  }

  /** Gives a guest's tasks to the account they signed in to. */
  async transferOwner(fromOwner: string, toOwner: string): Promise<void> {
    await this.repo.transferOwner(fromOwner, toOwner);
  }

  /** A task by id or a multi_id's tasks, of this owner only. */
  private async ownedTasks(owner: string, query: { task_id?: string | undefined; multi_id?: string | undefined }): Promise<TaskRow[]> {
    if (query.task_id) {
      const row = await this.repo.get(query.task_id);
      return row && row.owner === owner ? [row] : [];
    }
    return query.multi_id ? this.repo.listByMulti(owner, query.multi_id) : [];
  }

  async sweepExpired(now = Date.now()): Promise<number> {
    return drain(() => this.repo.listExpired(now, 200), async (row) => {
      await this.storage.deletePrefix(`results/${row.task_id}`);
      await this.repo.delete(row.task_id);
    });
  }
}

/** Passwords of encrypted inputs, and a signer's PKCS#12 file, are kept only while the task may still run. */
function withoutSecrets(params: string): string {
  return JSON.stringify(JSON.parse(params), (key, value: unknown) => (/passw|pkcs12/i.test(key) ? undefined : value));
}

function toItem(row: TaskRow): TaskItem {
  const failed = row.status === 'failed';
  const code = /^\d+$/.test(row.code) ? Number(row.code) : row.code;
  return {
    task_id: row.task_id,
    status: failed ? code : 0,
    progress: row.status === 'finished' ? 100 : row.progress,
    is_done: row.status === 'finished' || failed,
    output_file_name: row.output_file_name,
    msg: failed ? messageFor(code) : '',
    ...(row.detail ? { detail: JSON.parse(row.detail) as Record<string, unknown> } : {}),
  };
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let i = 2; used.has(candidate); i++) candidate = name.replace(/(\.[^.]*)?$/, (ext) => ` (${i})${ext}`);
  used.add(candidate);
  return candidate;
}

/** What a batch's zip says of its tool, by task kind; the kinds not listed say their own name. */
const bulkLabels: Record<string, string> = {
  converter: 'converted', imagesProcess: 'converted', compress: 'compressed', encrypt: 'protected', decode: 'unlocked',
  merge: 'merged', rotate: 'rotated', crop: 'cropped', redaction: 'redacted', replaceText: 'replaced', sign: 'signed',
  extractImages: 'images', extractPage: 'pages', imageOcr: 'ocr', imagesMergePdf: 'images', split: 'split',
};

/**
 * A batch's zip, named from its first result and its tool: two Word files to PDF give
 * `letter-converted.zip`; `report-compressed.pdf` and others give `report-compressed.zip`.
 */
export function bulkName(rows: readonly { kind: string; output_file_name: string }[]): string {
  const first = rows[0];
  const stem = (first?.output_file_name ?? 'results').replace(/\.[^.]*$/, '') || 'results';
  const label = bulkLabels[first?.kind ?? ''] ?? first?.kind ?? 'results';
  // An image result's name says its tool already (photo-compressed.jpg); a format change does not.
  const said = first?.kind === 'imagesProcess' ? /-(converted|resized|compressed|cropped|rotated)$/.test(stem) : stem.endsWith(`-${label}`);
  return said ? `${stem}.zip` : `${stem}-${label}.zip`;
}

/**
 * A task's private folder goes before its end is recorded, so that whoever sees the task done
 * (the page, a test) finds nothing of it left; the `finally` repeats it for the other ways out.
 */
function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

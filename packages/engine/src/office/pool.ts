/**
 * A warm pool of LibreOffice instances (instance.ts): N slots, each starting its instance on
 * the first conversion it takes; conversions queue for a free slot. A conversion that runs
 * past its time limit kills its instance (CONVERSION_TIMEOUT); a crash restarts the instance
 * and the conversion is tried once more; after K conversions an instance is replaced, so
 * whatever LibreOffice leaks or caches does not pile up.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CatalogueError } from '@pagewright/contracts';
import { writeAtomically } from '../files.js';
import { ChromiumRenderer } from './chromium.js';
import { assertArchiveBounds, isEncryptedDocument, isTruncatedZip, sanitisedCopy } from './sanitise.js';
import { InstanceDied, InstanceTimeout, OfficeInstance, type BridgeReply, type BridgeRequest } from './instance.js';

export interface OfficePoolOptions {
  /** LibreOffice instances; default max(1, cores - 1) capped at 4, or env OFFICE_INSTANCES. */
  instances?: number;
  /** Time limit of one conversion in ms; default 120000, or env OFFICE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** An instance is restarted after this many conversions; default 200, or env OFFICE_MAX_CONVERSIONS. */
  maxConversionsPerInstance?: number;
}

/** How long a fresh instance may take to accept its first request. */
const START_TIMEOUT_MS = 60_000;

function positiveInteger(value: number | string | undefined): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return n !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Import filter settings by source extension; the rest is left to LibreOffice's type detection. */
const IMPORT_FILTERS: Record<string, { filter: string; filterOptions: string }> = {
  // Comma separated, double quotes, UTF-8 (76), from line 1, detect special numbers.
  csv: { filter: 'Text - txt - csv (StarCalc)', filterOptions: '44,34,76,1,,0,false,true' },
  txt: { filter: 'Text (encoded)', filterOptions: 'UTF8' },
};

/**
 * Filters LibreOffice falls back to when it recognises nothing: a corrupt .docx would come out
 * as pages of zip bytes. Accepted only for the types that are text.
 */
const TEXT_FALLBACK = /^Text( \(encoded\))?( \(StarWriter\/Web\))?$|^Text - txt - csv \(StarCalc\)$/;

interface Job {
  request: BridgeRequest;
  timeoutMs: number;
  resolve: (reply: BridgeReply) => void;
  reject: (err: Error) => void;
}

interface Slot {
  instance: OfficeInstance | undefined;
  busy: boolean;
}

export class OfficePool {
  readonly instances: number;
  readonly timeoutMs: number;
  readonly maxConversionsPerInstance: number;
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private baseDir: Promise<string> | undefined;
  private readonly retiring = new Set<Promise<void>>();
  private readonly starting = new Set<Promise<void>>();
  private chromium: ChromiumRenderer | undefined;
  private closed = false;

  constructor(options: OfficePoolOptions = {}) {
    const cores = availableParallelism();
    this.instances = Math.min(16, positiveInteger(options.instances) ?? positiveInteger(process.env.OFFICE_INSTANCES) ?? Math.min(4, Math.max(1, cores - 1)));
    this.timeoutMs = positiveInteger(options.timeoutMs) ?? positiveInteger(process.env.OFFICE_TIMEOUT_MS) ?? 120_000;
    this.maxConversionsPerInstance = positiveInteger(options.maxConversionsPerInstance) ?? positiveInteger(process.env.OFFICE_MAX_CONVERSIONS) ?? 200;
    this.slots = Array.from({ length: this.instances }, () => ({ instance: undefined, busy: false }));
  }

  /**
   * Starts every instance now instead of on first use (a server warming up, a benchmark
   * timing the start). Starts instances lazily on first use otherwise.
   */
  async start(): Promise<void> {
    this.assertOpen();
    await Promise.all(this.slots.map(async (slot) => {
      if (slot.busy || slot.instance?.isAlive) return;
      slot.busy = true;
      try {
        slot.instance = await this.startInstance();
      } finally {
        slot.busy = false;
        this.pump();
      }
    }));
  }

  /**
   * Converts one document to PDF with LibreOffice. Starts instances lazily on first use;
   * conversions queue for a free instance. The output appears whole or not at all.
   */
  async convertToPdf(inputPath: string, outputPath: string, options: { timeoutMs?: number; sourceExtension?: string } = {}): Promise<void> {
    this.assertOpen();
    const input = resolve(inputPath);
    const info = await stat(input).catch(() => undefined);
    if (!info?.isFile()) throw new CatalogueError('INVALID_PARAMS', `input not found: ${inputPath}`);
    const extension = (options.sourceExtension ?? input.split('.').pop() ?? '').toLowerCase().replace(/^\./, '');
    // It names a temporary copy and picks import settings: letters and digits only.
    if (!/^[a-z0-9]{1,10}$/.test(extension)) throw new CatalogueError('FILE_TYPE_ERROR', `not a document type: '${extension}'`);
    if (await isTruncatedZip(input, extension)) throw new CatalogueError('FILE_DAMAGED', `the .${extension} archive is incomplete`);
    await assertArchiveBounds(input, extension);
    const timeoutMs = positiveInteger(options.timeoutMs) ?? this.timeoutMs;
    const copy = join(await this.workDir(), `input-${randomBytes(8).toString('hex')}.${extension}`);
    const cleaned = await sanitisedCopy(input, extension, copy).catch(() => false);
    try {
      await this.convertFile(cleaned ? copy : input, extension, outputPath, timeoutMs);
    } finally {
      if (cleaned) await rm(copy, { force: true });
    }
  }

  private async convertFile(input: string, extension: string, outputPath: string, timeoutMs: number): Promise<void> {
    await writeAtomically(outputPath, async (temp) => {
      const reply = await this.enqueue({ input, output: resolve(temp), ...IMPORT_FILTERS[extension] }, timeoutMs);
      if (!reply.ok && reply.kind === 'load' && (await isEncryptedDocument(input))) {
        throw new CatalogueError('ENCRYPTED_NOT_SUPPORTED', 'the document is password-protected');
      }
      if (!reply.ok) throw errorOf(reply);
      if (reply.importFilter && TEXT_FALLBACK.test(reply.importFilter) && extension !== 'txt' && extension !== 'csv') {
        throw new CatalogueError('FILE_DAMAGED', `LibreOffice does not recognise this .${extension} file (it would read it as plain text)`);
      }
      const head = await readFile(temp).then((bytes) => bytes.subarray(0, 5).toString('latin1')).catch(() => '');
      if (head !== '%PDF-') throw new CatalogueError('PARSE_EXCEPTION', 'LibreOffice wrote no PDF');
    });
  }

  /** Kills every soffice process and removes the profiles; queued conversions fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new CatalogueError('UNKNOWN', 'the office pool was closed'));
    const stops = this.slots.map((slot) => slot.instance?.stop(true));
    const chromium = this.chromium?.close();
    await Promise.all([...stops, ...this.retiring, ...this.starting, chromium]);
    // A conversion that was running may have replaced its instance meanwhile.
    await Promise.all([...this.slots.map((slot) => slot.instance?.stop()), ...this.retiring]);
    const base = this.baseDir ? await this.baseDir.catch(() => undefined) : undefined;
    if (base) await rm(base, { recursive: true, force: true });
  }

  /** The process group ids of the running soffice instances (for diagnostics and tests). */
  officePids(): number[] {
    return this.slots.flatMap((slot) => (slot.instance?.isAlive && slot.instance.officePid !== undefined ? [slot.instance.officePid] : []));
  }

  /** Headless Chromium for HTML, started on first use and closed with the pool. */
  chromiumRenderer(): ChromiumRenderer {
    this.assertOpen();
    this.chromium ??= new ChromiumRenderer(() => this.workDir());
    return this.chromium;
  }

  private assertOpen(): void {
    if (this.closed) throw new CatalogueError('UNKNOWN', 'the office pool is closed');
  }

  /** The pool's private directory under the system temp dir: instance profiles, wrappers. */
  workDir(): Promise<string> {
    this.baseDir ??= mkdtemp(join(tmpdir(), 'pagewright-office-'));
    return this.baseDir;
  }

  private startInstance(): Promise<OfficeInstance> {
    const starting = (async () => {
      const instance = new OfficeInstance(await this.workDir());
      await instance.start(START_TIMEOUT_MS);
      if (this.closed) {
        await instance.stop();
        throw new CatalogueError('UNKNOWN', 'the office pool was closed');
      }
      return instance;
    })();
    // close() waits for instances still starting, so none outlives it.
    const settled = starting.then(() => undefined, () => undefined);
    this.starting.add(settled);
    void settled.finally(() => this.starting.delete(settled));
    return starting;
  }

  private enqueue(request: BridgeRequest, timeoutMs: number): Promise<BridgeReply> {
    return new Promise<BridgeReply>((resolve, reject) => {
      this.queue.push({ request, timeoutMs, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.closed || this.queue.length === 0) return;
      if (slot.busy) continue;
      const job = this.queue.shift()!;
      slot.busy = true;
      this.run(slot, job).then(job.resolve, job.reject).finally(() => {
        slot.busy = false;
        this.pump();
      });
    }
  }

  private retire(instance: OfficeInstance, graceful: boolean): void {
    const stopping = instance.stop(graceful).finally(() => this.retiring.delete(stopping));
    this.retiring.add(stopping);
  }

  private async run(slot: Slot, job: Job): Promise<BridgeReply> {
    for (let attempt = 1; ; attempt++) {
      if (this.closed) throw new CatalogueError('UNKNOWN', 'the office pool was closed');
      if (!slot.instance?.isAlive) {
        if (slot.instance) this.retire(slot.instance, false);
        slot.instance = undefined;
        slot.instance = await this.startInstance();
      }
      const instance = slot.instance;
      try {
        const reply = await instance.convert(job.request, job.timeoutMs);
        if (!reply.ok && reply.kind === 'disposed') throw new InstanceDied(reply.message ?? 'soffice went away');
        instance.conversions++;
        if (instance.conversions >= this.maxConversionsPerInstance) {
          slot.instance = undefined;
          this.retire(instance, true);
        }
        return reply;
      } catch (err) {
        slot.instance = undefined;
        this.retire(instance, false);
        if (err instanceof InstanceTimeout) {
          throw new CatalogueError('CONVERSION_TIMEOUT', `LibreOffice did not finish within ${job.timeoutMs} ms`);
        }
        if (err instanceof InstanceDied && this.closed) throw new CatalogueError('UNKNOWN', 'the office pool was closed during the conversion');
        if (err instanceof InstanceDied) {
          // One crash may be the instance's (killed, out of memory); two in a row are the document's.
          if (attempt < 2) continue;
          throw new CatalogueError('FILE_DAMAGED', `LibreOffice stopped while converting this document: ${err.message}`);
        }
        throw err;
      }
    }
  }
}

function errorOf(reply: BridgeReply): CatalogueError {
  const detail = `LibreOffice: ${reply.message ?? reply.kind ?? 'failed'}`;
  switch (reply.kind) {
    case 'load': return new CatalogueError('FILE_DAMAGED', detail);
    case 'password': return new CatalogueError('ENCRYPTED_NOT_SUPPORTED', detail);
    case 'export': return new CatalogueError('PARSE_EXCEPTION', detail);
    default: return new CatalogueError('UNKNOWN', detail);
  }
}

import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  absoluteMaximumFileSize, API_PREFIX, CatalogueError, expiredTypes, fileRoutes, fillPath, timing,
  type DocumentInfo, type ExpiredType, type UploadedFile, type UploadObjectRequest,
  type UploadObjectResponse, type UploadPolicy,
} from '@pagewright/contracts';
import type { ObjectStorage, PresignedAccess } from '../../adapters/storage/objectStorage.js';
import type { EnginePool } from '../../engine/pool.js';
import { drain } from '../../util/drain.js';
import { sanitizeFileName } from '../../util/fileName.js';
import { signUpload, verifyUpload } from '../../util/uploadToken.js';
import { FilesRepo, type FileRow } from './repo.js';

/** The largest upload any tier may make; tier limits are checked when a task starts. */
const UPLOAD_CEILING = absoluteMaximumFileSize('PDF');

/** Epoch ms that never comes: the expiry of files kept in the cloud (the sweeper leaves them). */
export const NEVER = 8_640_000_000_000_000;

/** Told of every file whose bytes have arrived and checked out. */
export type UploadedListener = (row: FileRow) => Promise<void>;
/** Told of every file removed (deleted or swept): a module keeping something of the file removes it too. */
export type DeletedListener = (row: FileRow) => Promise<void>;
/** Asked before a cloud-bound upload (auto_oss_upload) is accepted: throws when it cannot fit. */
export type CloudRoomCheck = (owner: string, size: number) => Promise<void>;

export interface FilesServiceOptions {
  signingSecret: string;
  uploadUrlTtlS: number;
}

export class FilesService {
  constructor(
    private readonly repo: FilesRepo,
    private readonly storage: ObjectStorage,
    private readonly engine: EnginePool,
    private readonly options: FilesServiceOptions,
  ) {}

  private readonly uploadedListeners: UploadedListener[] = [];
  private readonly deletedListeners: DeletedListener[] = [];
  private cloudRoom: CloudRoomCheck | null = null;

  /** The cloud module keeps auto_oss_upload files: it listens for arrivals and checks room first. */
  attachCloud(onUploaded: UploadedListener, roomCheck: CloudRoomCheck): void {
    this.uploadedListeners.push(onUploaded);
    this.cloudRoom = roomCheck;
  }

  /** The AI tools drop a removed document's binding and index. */
  onDeleted(listener: DeletedListener): void {
    this.deletedListeners.push(listener);
  }

  async createUpload(owner: string, request: UploadObjectRequest, now = Date.now()): Promise<UploadObjectResponse> {
    if (request.file_size > UPLOAD_CEILING) throw new CatalogueError(4012);
    // Only an account has a cloud; a guest's auto_oss_upload is an ordinary upload.
    const toCloud = request.auto_oss_upload === true && owner.startsWith('u:') && this.cloudRoom !== null;
    if (toCloud) await this.cloudRoom?.(owner, request.file_size);
    const fileId = randomUUID().replace(/-/g, '');
    const expiredType = request.expired_type as ExpiredType;
    const row: FileRow = {
      file_id: fileId,
      filename: sanitizeFileName(request.filename),
      file_size: request.file_size,
      md5_code: request.md5_code.toLowerCase(),
      status: 'pending',
      storage_key: `uploads/${fileId}`,
      expired_type: expiredType,
      expires_at: now + expiredTypes[expiredType] * 1000,
      total_page: null,
      page_w: null,
      page_h: null,
      created_at: now,
      owner,
      auto_cloud: toCloud ? 1 : 0,
    };
    await this.repo.insert(row);
    const presigned = this.storage.presigned;
    if (presigned) return { file_id: fileId, policy: await this.directPolicy(row, presigned) };
    const expires = Math.floor(now / 1000) + this.options.uploadUrlTtlS;
    const token = signUpload(this.options.signingSecret, fileId, expires);
    const query = `expires=${expires}&token=${token}`;
    const objectUrl = API_PREFIX + fillPath(fileRoutes.storeObject.path, { file_id: fileId });
    return {
      file_id: fileId,
      policy: {
        access_key_id: '',
        access_key_secret: '',
        bucket: 'local',
        sts_token: token,
        callback: {
          callbackUrl: API_PREFIX + fileRoutes.uploadCallback.path,
          callbackBody: JSON.stringify({ file_id: fileId }),
          callbackBodyType: 'application/json',
        },
        dir: 'uploads/',
        region: 'local',
        s3_type: 1,
        sts_url: `${objectUrl}?${query}`,
        part_url: `${objectUrl}/part/{part}?${query}`,
        part_size: timing.uploadPartSize,
        chunk_threshold: timing.uploadChunkThreshold,
      },
    };
  }

  /**
   * The policy of an upload straight to S3-compatible storage: a presigned PUT, or a multipart
   * upload started here with a presigned URL per part. Parts are at least the store's minimum
   * (5 MiB on S3), since the 512 KB of the local store would be refused at completion.
   */
  private async directPolicy(row: FileRow, presigned: PresignedAccess): Promise<UploadPolicy> {
    const ttl = this.options.uploadUrlTtlS;
    const partSize = this.directPartSize(presigned);
    const callback = (body: object) => ({
      callbackUrl: API_PREFIX + fileRoutes.uploadCallback.path,
      callbackBody: JSON.stringify(body),
      callbackBodyType: 'application/json',
    });
    const common = {
      access_key_id: '', access_key_secret: '', bucket: '', sts_token: '', dir: 'uploads/', region: '', s3_type: 1 as const,
      part_url: '', part_size: partSize, chunk_threshold: timing.uploadChunkThreshold, direct: true,
    };
    if (row.file_size <= timing.uploadChunkThreshold) {
      return { ...common, callback: callback({ file_id: row.file_id }), sts_url: await presigned.uploadUrl(row.storage_key, ttl) };
    }
    const { uploadId, partUrls } = await presigned.startParts(row.storage_key, Math.ceil(row.file_size / partSize), ttl);
    return { ...common, callback: callback({ file_id: row.file_id, upload_id: uploadId }), sts_url: '', part_urls: partUrls };
  }

  private directPartSize(presigned: PresignedAccess): number {
    return Math.max(timing.uploadPartSize, presigned.minPartSize);
  }

  /** The pending file an upload URL was signed for; refuses a bad or expired signature. */
  async authorizeUpload(fileId: string, expires: number, token: string): Promise<FileRow> {
    if (this.storage.presigned) throw new CatalogueError(90002, 'uploads go straight to the object store: ask for a new upload policy');
    const row = await this.repo.get(fileId);
    if (!row || !verifyUpload(this.options.signingSecret, fileId, expires, token)) {
      throw new CatalogueError(90002, 'upload URL is invalid or expired');
    }
    return row;
  }

  async storeSingle(row: FileRow, bytes: Buffer): Promise<UploadedFile> {
    if (row.status === 'uploaded') return this.uploaded(row);
    if (row.file_size > timing.uploadChunkThreshold) {
      throw new CatalogueError(90002, 'a file above the chunk threshold must be sent in parts');
    }
    const md5 = createHash('md5').update(bytes).digest('hex');
    if (bytes.length !== row.file_size || md5 !== row.md5_code) {
      throw new CatalogueError(90002, `size or md5 mismatch (got ${bytes.length} bytes, md5 ${md5})`);
    }
    await this.storage.put(row.storage_key, bytes);
    await this.markUploaded(row);
    return this.uploaded(row);
  }

  partCount(row: FileRow): number {
    return Math.ceil(row.file_size / timing.uploadPartSize);
  }

  async storePart(row: FileRow, part: number, bytes: Buffer): Promise<void> {
    const count = this.partCount(row);
    if (!Number.isInteger(part) || part < 1 || part > count) {
      throw new CatalogueError('INVALID_PARAMS', `part must be 1..${count}`);
    }
    const expected = part < count ? timing.uploadPartSize : row.file_size - (count - 1) * timing.uploadPartSize;
    if (bytes.length !== expected) {
      throw new CatalogueError(90002, `part ${part} has ${bytes.length} bytes, expected ${expected}`);
    }
    await this.storage.put(this.partKey(row, part), bytes);
  }

  async completeParts(row: FileRow, parts: number): Promise<UploadedFile> {
    if (row.status === 'uploaded') return this.uploaded(row);
    const count = this.partCount(row);
    if (parts !== count) throw new CatalogueError(90002, `expected ${count} parts, got ${parts}`);
    const keys = Array.from({ length: count }, (_, i) => this.partKey(row, i + 1));
    for (const key of keys) {
      if ((await this.storage.size(key)) === null) throw new CatalogueError(90002, `part ${key} is missing`);
    }
    const { size, md5 } = await this.storage.assemble(row.storage_key, keys);
    await this.storage.deletePrefix(`${row.storage_key}.parts`);
    if (size !== row.file_size || md5 !== row.md5_code) {
      await this.storage.delete(row.storage_key);
      throw new CatalogueError(90002, `size or md5 mismatch (got ${size} bytes, md5 ${md5})`);
    }
    await this.markUploaded(row);
    return this.uploaded(row);
  }

  /**
   * The storage callback: confirms a stored object against what was declared, first joining the
   * parts of a direct multipart upload (`upload_id` with the parts' ETags).
   */
  async confirmUpload(owner: string, fileId: string, parts: { upload_id?: string | undefined; etags?: string[] | undefined } = {}): Promise<UploadedFile> {
    const row = await this.owned(owner, fileId);
    if (row.status === 'uploaded') return this.uploaded(row);
    const presigned = this.storage.presigned;
    if (presigned && parts.upload_id !== undefined) await this.completeDirectParts(row, presigned, parts.upload_id, parts.etags ?? []);
    const head = presigned ? await presigned.head(row.storage_key) : null;
    const size = head ? head.size : await this.storage.size(row.storage_key);
    if (size === null) throw new CatalogueError(90001);
    if (size !== row.file_size || !(await this.matchesDeclaredMd5(row, head?.etag, parts.etags))) {
      throw new CatalogueError(90002, 'stored object does not match the declared size and md5');
    }
    await this.markUploaded(row);
    return this.uploaded(row);
  }

  /**
   * Whether a stored object has the declared md5, from the digest the store computed as the
   * bytes arrived, so that a direct upload's bytes never pass through this process:
   * - a plain ETag (one PUT; also what s3rver answers for joined parts) is the object's md5;
   * - a multipart ETag (`<md5 of the parts' md5s>-<count>`, AWS, MinIO) proves the object is
   *   the parts the browser listed, each of whose ETags the browser compared with the md5 of
   *   its own slice of the file before listing it (api/upload.ts);
   * - any other ETag (encryption with KMS keys) or local storage: the object is read and hashed.
   */
  private async matchesDeclaredMd5(row: FileRow, etag: string | undefined, partEtags: string[] | undefined): Promise<boolean> {
    if (etag !== undefined && /^[0-9a-f]{32}$/.test(etag)) return etag === row.md5_code;
    const multipart = etag === undefined ? null : /^([0-9a-f]{32})-(\d+)$/.exec(etag);
    if (multipart && partEtags && partEtags.length === Number(multipart[2])) {
      const joined = createHash('md5');
      for (const part of partEtags) joined.update(Buffer.from(part.replace(/"/g, ''), 'hex'));
      return joined.digest('hex') === multipart[1];
    }
    return (await this.storage.md5(row.storage_key)) === row.md5_code;
  }

  private async completeDirectParts(row: FileRow, presigned: PresignedAccess, uploadId: string, etags: string[]): Promise<void> {
    const count = Math.ceil(row.file_size / this.directPartSize(presigned));
    if (etags.length !== count) throw new CatalogueError(90002, `expected the ETags of ${count} parts, got ${etags.length}`);
    try {
      await presigned.completeParts(row.storage_key, uploadId, etags);
    } catch (err) {
      // A repeated callback finds the upload already joined; anything else is a refused part.
      if ((await this.storage.size(row.storage_key)) === null) {
        throw new CatalogueError(90002, `the object store refused the parts: ${(err as Error).message}`);
      }
    }
  }

  /**
   * A finished local file (a task's result, a URL import) as a new uploaded file of `owner`:
   * moved into the store, hashed, and kept until `expiresAt`.
   */
  async importFile(owner: string, name: string, sourcePath: string, expiresAt: number, now = Date.now()): Promise<FileRow> {
    const fileId = randomUUID().replace(/-/g, '');
    const size = (await stat(sourcePath)).size;
    const hash = createHash('md5');
    await pipeline(createReadStream(sourcePath), hash);
    const row: FileRow = {
      file_id: fileId,
      filename: sanitizeFileName(name),
      file_size: size,
      md5_code: hash.digest('hex'),
      status: 'uploaded',
      storage_key: `uploads/${fileId}`,
      expired_type: 0,
      expires_at: expiresAt,
      total_page: null,
      page_w: null,
      page_h: null,
      created_at: now,
      owner,
      auto_cloud: 0,
    };
    await this.storage.putFile(row.storage_key, sourcePath);
    await this.repo.insert(row);
    return row;
  }

  /** Removes a file and its bytes at once (a deleted cloud document). */
  async deleteNow(row: FileRow): Promise<void> {
    await this.storage.delete(row.storage_key);
    await this.storage.deletePrefix(`${row.storage_key}.parts`);
    await this.repo.delete(row.file_id);
    for (const listener of this.deletedListeners) await listener(row);
  }

  /** The row of any file, for a module that checked ownership its own way (a share). */
  async find(fileId: string): Promise<FileRow | undefined> {
    return this.repo.get(fileId);
  }

  /** Renames the file itself, so its downloads and tools carry the cloud name. */
  async rename(fileId: string, name: string): Promise<void> {
    await this.repo.rename(fileId, sanitizeFileName(name));
  }

  /**
   * An uploaded file of `owner`: 2405 when unknown or someone else's (the two look the same, so
   * nobody learns that another's id exists), 90001 when its bytes have not arrived.
   */
  async requireUploaded(owner: string, fileId: string): Promise<FileRow> {
    const row = await this.owned(owner, fileId);
    if (row.status !== 'uploaded') throw new CatalogueError(90001);
    return row;
  }

  /** An uploaded file for a task's runner: the task's inputs were checked against its owner when it was created. */
  async requireStoredForTask(fileId: string): Promise<FileRow> {
    const row = await this.repo.get(fileId);
    if (!row) throw new CatalogueError(2405, `no file ${fileId}`);
    if (row.status !== 'uploaded') throw new CatalogueError(90001);
    return row;
  }

  /** Gives a guest's files to the account they signed in to. */
  async transferOwner(fromOwner: string, toOwner: string): Promise<void> {
    await this.repo.transferOwner(fromOwner, toOwner);
  }

  async documentInfo(owner: string, fileId: string, passwd?: string): Promise<DocumentInfo> {
    const row = await this.requireUploaded(owner, fileId);
    let info;
    try {
      info = await this.withLocalCopy(row, (path) => this.engine.run('info', { path, ...(passwd ? { password: passwd } : {}) }));
    } catch (error) {
      // A file named .pdf that holds no PDF (text renamed, cut to nothing) is, to its owner, a
      // PDF that cannot be opened (SPEC §8), not a file of the wrong type.
      if (error instanceof CatalogueError && error.code === 'FILE_TYPE_ERROR' && /\.pdf$/i.test(row.filename)) {
        throw new CatalogueError('PDF_CORRUPTED', `${row.filename} holds no PDF`);
      }
      throw error;
    }
    if (row.total_page === null) await this.repo.setPageInfo(fileId, info);
    return { file_id: fileId, ...info };
  }

  async pageImage(owner: string, fileId: string, page: number, dpi: number, passwd?: string): Promise<Buffer> {
    const row = await this.requireUploaded(owner, fileId);
    const base64 = await this.withLocalCopy(row, (path) => this.engine.run('renderPage', { path, page, dpi, ...(passwd ? { password: passwd } : {}) }));
    return Buffer.from(base64, 'base64');
  }

  /** Runs `use` on a local copy of the file in a private temporary directory, removed afterwards. */
  async withLocalCopy<T>(row: FileRow, use: (path: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(tmpdir(), 'pagewright-file-'));
    try {
      return await use(await this.storage.localCopy(row.storage_key, dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Keeps a file until `expiresAt` (a saved signature), or lets the sweeper take it (now). */
  async setExpiry(fileId: string, expiresAt: number): Promise<void> {
    await this.repo.setExpiry(fileId, expiresAt);
  }

  async readAll(row: FileRow): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.storage.openRead(row.storage_key) as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** Removes expired files and their objects; returns how many went. */
  async sweepExpired(now = Date.now()): Promise<number> {
    return drain(() => this.repo.listExpired(now, 200), async (row) => {
      await this.storage.delete(row.storage_key);
      await this.storage.deletePrefix(`${row.storage_key}.parts`);
      await this.repo.delete(row.file_id);
      for (const listener of this.deletedListeners) await listener(row);
    });
  }

  private async markUploaded(row: FileRow): Promise<void> {
    await this.repo.markUploaded(row.file_id);
    const uploaded = { ...row, status: 'uploaded' as const };
    for (const listener of this.uploadedListeners) await listener(uploaded);
  }

  private async owned(owner: string, fileId: string): Promise<FileRow> {
    const row = await this.repo.get(fileId);
    if (!row || row.owner !== owner) throw new CatalogueError(2405, `no file ${fileId} of ${owner}`);
    return row;
  }

  private partKey(row: FileRow, part: number): string {
    return `${row.storage_key}.parts/${String(part).padStart(6, '0')}`;
  }

  private uploaded(row: FileRow): UploadedFile {
    // Files are reached through their tools and tasks, so no direct URL is handed out.
    return { file_id: row.file_id, file_size: row.file_size, file_url: '' };
  }
}

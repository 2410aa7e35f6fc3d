import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  API_PREFIX, CatalogueError, absoluteMaximumFileSize, cloudLimits, cloudRoutes, fillPath, shareLimits,
  type CloudCapacity, type CloudDocument, type CloudFolder, type CloudList, type DownloadUrl, type UploadedFile,
} from '@pagewright/contracts';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import type { EnginePool } from '../../engine/pool.js';
import { sanitizeFileName } from '../../util/fileName.js';
import { checkImportUrl, fetchToFile, type SafeFetchOptions } from '../../util/safeFetch.js';
import { signFor, verifyFor } from '../../util/signedUrl.js';
import type { OwnerAccount } from '../auth/service.js';
import { NEVER, type FilesService } from '../files/service.js';
import type { FileRow } from '../files/repo.js';
import type { TasksService } from '../tasks/service.js';
import { CloudRepo, isUniqueViolation, type DocumentRow, type FolderRow } from './repo.js';
import { nameKey, textTerms } from './terms.js';

/** Text read from a PDF for its index; a search needs the words, not every page of a long book. */
const INDEX_MAX_CHARS = 1_000_000;
/** A URL import: the largest PDF any tier may upload, within 60 s. */
const IMPORT_MAX_BYTES = absoluteMaximumFileSize('PDF');
const IMPORT_TIMEOUT_MS = 60_000;
/** Top-level items of one multi-download (folders bring their contents). */
const ARCHIVE_MAX_ITEMS = 100;

export interface CloudServiceOptions {
  signingSecret: string;
  /** Tests only: the URL fetch's address policy and resolver (see util/safeFetch). */
  fetchPolicy?: Pick<SafeFetchOptions, 'allowAddress' | 'resolve'>;
}

export interface CloudDeps {
  files: FilesService;
  tasks: TasksService;
  storage: ObjectStorage;
  engine: EnginePool;
  accountOf: (owner: string) => Promise<OwnerAccount | null>;
  log: FastifyBaseLogger;
}

/** A download the API streams to the holder of a signed URL. */
export interface SignedDownload {
  stream: Readable;
  name: string;
  size?: number;
}

/**
 * The cloud document store of an account (SPEC §2, §3, §5, §7). A document is an uploaded
 * file kept without expiry: tools, previews and the editor reach it by its file_id like any
 * upload. Every call takes the owner from the session and finds ids only among the owner's
 * own rows, so another account's id is as unknown as one that never existed (2405).
 */
export class CloudService {
  constructor(
    private readonly repo: CloudRepo,
    private readonly deps: CloudDeps,
    private readonly options: CloudServiceOptions,
  ) {}

  // Capacity -------------------------------------------------------------------------------

  async capacity(owner: string): Promise<CloudCapacity> {
    const row = await this.repo.capacity(owner, cloudLimits.startSpace);
    const total = await this.limitOf(owner, row.total);
    return { already_capacity: row.used, total_capacity: total, received: row.received === 1 || total >= cloudLimits.freeSpace };
  }

  async receiveCapacity(owner: string): Promise<CloudCapacity> {
    await this.repo.capacity(owner, cloudLimits.startSpace);
    await this.repo.receive(owner, cloudLimits.freeSpace);
    return this.capacity(owner);
  }

  /** Refuses an upload bound for the cloud that cannot fit now (the reservation comes on arrival). */
  async checkRoom(owner: string, size: number): Promise<void> {
    const { already_capacity, total_capacity } = await this.capacity(owner);
    if (already_capacity + size > total_capacity) throw new CatalogueError('CLOUD_CAPACITY_EXCEEDED');
  }

  // Listing --------------------------------------------------------------------------------

  async list(owner: string, request: { folder_id: string; keyword?: string | undefined; sort: 'updated_at' | 'name' | 'size'; order: 'asc' | 'desc'; page: number; page_size: number }): Promise<CloudList> {
    const offset = (request.page - 1) * request.page_size;
    const keyword = request.keyword?.trim() ?? '';
    if (keyword !== '') {
      const { rows, total } = await this.repo.search(owner, nameKey(keyword), textTerms(keyword, 8), offset, request.page_size);
      return { folders: [], documents: rows.map(toDocument), total, page: request.page, page_size: request.page_size, path: [] };
    }
    const trail = await this.trail(owner, request.folder_id);
    const folders = request.page === 1 ? await this.repo.childFolders(owner, request.folder_id) : [];
    const { rows, total } = await this.repo.page(owner, request.folder_id, request.sort, request.order, offset, request.page_size);
    return { folders: folders.map(toFolder), documents: rows.map(toDocument), total, page: request.page, page_size: request.page_size, path: trail.map(toFolder) };
  }

  async folders(owner: string): Promise<CloudFolder[]> {
    return (await this.repo.folders(owner)).map(toFolder);
  }

  async starred(owner: string): Promise<CloudDocument[]> {
    return (await this.repo.starred(owner, cloudLimits.listPageMax)).map(toDocument);
  }

  async recent(owner: string): Promise<CloudDocument[]> {
    return (await this.repo.recent(owner, cloudLimits.recentMax)).map(toDocument);
  }

  async removeFromRecent(owner: string, fileIds: string[]): Promise<void> {
    await this.repo.updateDocuments(owner, await this.ownedIds(owner, fileIds), { opened_at: null });
  }

  async star(owner: string, fileIds: string[], starred: boolean): Promise<void> {
    await this.repo.updateDocuments(owner, await this.ownedIds(owner, fileIds), { starred: starred ? 1 : 0 });
  }

  // Folders --------------------------------------------------------------------------------

  async createFolder(owner: string, typed: string, parentId: string, now = Date.now()): Promise<CloudFolder> {
    const name = checkName(typed);
    if (parentId !== '') await this.requireFolder(owner, parentId);
    const row: FolderRow = { folder_id: newId(), owner, parent_id: parentId, name, name_key: nameKey(name), created_at: now, updated_at: now };
    try {
      await this.repo.insertFolder(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new CatalogueError('CLOUD_FOLDER_EXISTS');
      throw error;
    }
    return toFolder(row);
  }

  async renameFolder(owner: string, folderId: string, typed: string, now = Date.now()): Promise<CloudFolder> {
    const name = checkName(typed);
    const folder = await this.requireFolder(owner, folderId);
    try {
      await this.repo.updateFolder(owner, folderId, { name, name_key: nameKey(name), updated_at: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw new CatalogueError('CLOUD_FOLDER_EXISTS');
      throw error;
    }
    return toFolder({ ...folder, name, name_key: nameKey(name), updated_at: now });
  }

  /** Deletes the folder, every folder below it and every document in them, objects included. */
  async deleteFolder(owner: string, folderId: string): Promise<{ files: number; folders: number }> {
    await this.requireFolder(owner, folderId);
    return this.deleteSelection(owner, [], [folderId]);
  }

  // Documents ------------------------------------------------------------------------------

  async renameDocument(owner: string, fileId: string, typed: string, now = Date.now()): Promise<CloudDocument> {
    const name = checkName(typed);
    const doc = await this.requireDocument(owner, fileId);
    if (await this.repo.nameTaken(owner, doc.folder_id, nameKey(name), fileId)) {
      throw new CatalogueError('CLOUD_NAME_EXISTS', name);
    }
    try {
      await this.repo.updateDocuments(owner, [fileId], { name, name_key: nameKey(name), updated_at: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw new CatalogueError('CLOUD_NAME_EXISTS', name);
      throw error;
    }
    await this.deps.files.rename(fileId, name);
    return toDocument({ ...doc, name, name_key: nameKey(name), updated_at: now });
  }

  async moveDocument(owner: string, fileId: string, folderId: string): Promise<CloudDocument> {
    await this.moveSelection(owner, [fileId], [], folderId);
    return toDocument(await this.requireDocument(owner, fileId));
  }

  async deleteDocument(owner: string, fileId: string): Promise<{ files: number; folders: number }> {
    await this.requireDocument(owner, fileId);
    return this.deleteSelection(owner, [fileId], []);
  }

  /**
   * Moves documents and folders into `targetId`. A name the target already has refuses the
   * move ('{name} already exists', or 'The folder already exists'); a folder cannot go into
   * itself or below itself (CLOUD_MOVE_FAILED). Nothing moves unless everything can.
   */
  async moveSelection(owner: string, fileIds: string[], folderIds: string[], targetId: string, now = Date.now()): Promise<void> {
    if (targetId !== '') await this.requireFolder(owner, targetId);
    const docs = await this.requireDocuments(owner, fileIds);
    const all = await this.repo.folders(owner);
    const byId = new Map(all.map((f) => [f.folder_id, f]));
    const moving = folderIds.map((id) => {
      const folder = byId.get(id);
      if (!folder) throw new CatalogueError(2405, `no folder ${id} of ${owner}`);
      return folder;
    });
    for (const folder of moving) {
      // Walk up from the target: meeting the moved folder means it would hold itself.
      for (let at: string = targetId; at !== ''; at = byId.get(at)?.parent_id ?? '') {
        if (at === folder.folder_id) throw new CatalogueError('CLOUD_MOVE_FAILED', 'a folder cannot move into itself');
      }
    }
    const staying = new Set((await this.repo.childFolders(owner, targetId)).filter((f) => !folderIds.includes(f.folder_id)).map((f) => f.name_key));
    for (const folder of moving) {
      if (folder.parent_id !== targetId && staying.has(folder.name_key)) throw new CatalogueError('CLOUD_FOLDER_EXISTS');
      staying.add(folder.name_key);
    }
    const names = new Set<string>();
    for (const doc of docs) {
      if (doc.folder_id === targetId) continue;
      if (names.has(doc.name_key) || await this.repo.nameTaken(owner, targetId, doc.name_key)) throw new CatalogueError('CLOUD_NAME_EXISTS', doc.name);
      names.add(doc.name_key);
    }
    try {
      for (const folder of moving) await this.repo.updateFolder(owner, folder.folder_id, { parent_id: targetId, updated_at: now });
      await this.repo.updateDocuments(owner, docs.map((d) => d.file_id), { folder_id: targetId });
    } catch (error) {
      if (isUniqueViolation(error)) throw new CatalogueError('CLOUD_MOVE_FAILED', 'a name in the target changed meanwhile');
      throw error;
    }
  }

  /**
   * Deletes documents and folders with everything below them: the rows, the text index, the
   * stored objects, and the capacity they took. Shares of deleted documents stop working
   * because their file is gone.
   */
  async deleteSelection(owner: string, fileIds: string[], folderIds: string[]): Promise<{ files: number; folders: number }> {
    const docs = await this.requireDocuments(owner, fileIds);
    const folders = await this.descendants(owner, folderIds);
    const contained = await this.repo.documentsIn(owner, folders);
    const victims = new Map([...docs, ...contained].map((d) => [d.file_id, d]));
    let freed = 0;
    for (const doc of victims.values()) {
      const file = await this.deps.files.find(doc.file_id);
      await this.repo.deleteDocuments(owner, [doc.file_id]);
      if (file) await this.deps.files.deleteNow(file);
      freed += doc.size;
    }
    await this.repo.deleteFolders(owner, folders);
    if (freed > 0) await this.repo.release(owner, freed);
    return { files: victims.size, folders: folders.length };
  }

  // Getting files in -----------------------------------------------------------------------

  /**
   * Keeps an uploaded file of the owner in the cloud (cloud/oss/file/create, auto_oss_upload,
   * a saved task result): reserves its size atomically, names it uniquely in its folder,
   * removes its expiry and indexes its text. Adopting a file twice answers the same document.
   */
  async adopt(owner: string, fileId: string, folderId: string, options: { name?: string | undefined; sourceTaskId?: string; now?: number } = {}): Promise<CloudDocument> {
    const existing = await this.repo.document(owner, fileId);
    if (existing) return toDocument(existing);
    const file = await this.deps.files.requireUploaded(owner, fileId);
    if (folderId !== '') await this.requireFolder(owner, folderId);
    const now = options.now ?? Date.now();
    const limit = await this.limitOf(owner, (await this.repo.capacity(owner, cloudLimits.startSpace)).total);
    if (!(await this.repo.reserve(owner, file.file_size, limit))) throw new CatalogueError('CLOUD_CAPACITY_EXCEEDED');
    let row: DocumentRow | null = null;
    try {
      const wanted = options.name !== undefined && options.name.trim() !== '' ? checkName(options.name) : file.filename;
      for (let n = 0; row === null; n += 1) {
        const name = numbered(wanted, n);
        if (await this.repo.nameTaken(owner, folderId, nameKey(name))) continue;
        const candidate: DocumentRow = {
          file_id: fileId, owner, folder_id: folderId, name, name_key: nameKey(name), size: file.file_size, starred: 0,
          total_page: file.total_page, created_at: now, updated_at: now, opened_at: now, source_task_id: options.sourceTaskId ?? null,
        };
        try {
          await this.repo.insertDocument(candidate);
          row = candidate;
        } catch (error) {
          // Another request took the name (or adopted this very file) in between: look again.
          if (!isUniqueViolation(error)) throw error;
          const raced = await this.repo.document(owner, fileId);
          if (raced) {
            await this.repo.release(owner, file.file_size);
            return toDocument(raced);
          }
        }
      }
    } catch (error) {
      await this.repo.release(owner, file.file_size);
      throw error;
    }
    await this.deps.files.setExpiry(fileId, NEVER);
    if (row.name !== file.filename) await this.deps.files.rename(fileId, row.name);
    await this.index(owner, file, row);
    return toDocument(row);
  }

  /** The auto_oss_upload path: a signed-in user's upload that asked for the cloud joins it on arrival. */
  async adoptUploaded(row: FileRow): Promise<void> {
    if (row.auto_cloud !== 1) return;
    try {
      await this.adopt(row.owner, row.file_id, '');
    } catch (error) {
      // The upload itself stands (its tool can still use it); only keeping it failed.
      this.deps.log.warn({ err: error, file_id: row.file_id }, 'auto_oss_upload: file not kept in the cloud');
    }
  }

  /** cloud/task/result: the finished task's result copied into the cloud, once per task. */
  async saveTaskResult(owner: string, taskId: string, folderId = ''): Promise<CloudDocument> {
    const saved = await this.repo.documentOfTask(owner, taskId);
    if (saved) return toDocument(saved);
    const result = await this.deps.tasks.openDownload(owner, taskId);
    await this.checkRoom(owner, result.size);
    const dir = await mkdtemp(path.join(tmpdir(), 'pagewright-cloud-'));
    try {
      const local = path.join(dir, 'result');
      await pipeline(result.stream, createWriteStream(local, { mode: 0o600 }));
      const file = await this.deps.files.importFile(owner, result.name, local, NEVER);
      try {
        return await this.adopt(owner, file.file_id, folderId, { sourceTaskId: taskId });
      } catch (error) {
        await this.deps.files.deleteNow(file);
        throw error;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * cloud/upload/url and file/netdisk: fetches a PDF from a public http(s) URL (util/safeFetch
   * refuses private, loopback and link-local addresses, on every redirect), checks it is a
   * PDF, and keeps it as an upload (and in the cloud when auto_oss_upload asks).
   */
  async importUrl(owner: string, url: string, options: { toCloud: boolean; folderId?: string | undefined; name?: string | undefined; headers?: Record<string, string> }): Promise<UploadedFile> {
    const parsed = checkImportUrl(url);
    if (options.toCloud && options.folderId) await this.requireFolder(owner, options.folderId);
    const dir = await mkdtemp(path.join(tmpdir(), 'pagewright-import-'));
    try {
      const local = path.join(dir, 'import.pdf');
      const fetched = await fetchToFile(parsed.href, local, {
        maxBytes: IMPORT_MAX_BYTES, timeoutMs: IMPORT_TIMEOUT_MS, ...(options.headers ? { headers: options.headers } : {}),
        ...this.options.fetchPolicy,
      });
      if (!(await startsWithPdfHeader(local))) throw new CatalogueError('CLOUD_IMPORT_NO_PDF', `${fetched.finalUrl} holds no PDF`);
      if (options.toCloud) await this.checkRoom(owner, fetched.size);
      const name = options.name ?? nameFromUrl(parsed);
      const expiry = options.toCloud ? NEVER : Date.now() + 60 * 60 * 1000;
      const file = await this.deps.files.importFile(owner, name, local, expiry);
      if (options.toCloud) {
        try {
          await this.adopt(owner, file.file_id, options.folderId ?? '');
        } catch (error) {
          await this.deps.files.deleteNow(file);
          throw error;
        }
      }
      return { file_id: file.file_id, file_size: file.file_size, file_url: '' };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  // Downloads ------------------------------------------------------------------------------

  async documentDownloadUrl(owner: string, fileId: string, now = Date.now()): Promise<DownloadUrl> {
    await this.requireDocument(owner, fileId);
    await this.repo.updateDocuments(owner, [fileId], { opened_at: now });
    return this.fileDownloadUrl(fileId, now);
  }

  /**
   * A signed URL to any stored file; the caller has checked the right to it (owner or share).
   * With object storage that presigns (S3), a presigned GET of the store itself, so the bytes
   * do not pass through the API; else a URL of the API signed with our secret.
   */
  async fileDownloadUrl(fileId: string, now = Date.now()): Promise<DownloadUrl> {
    const presigned = this.deps.storage.presigned;
    if (presigned) {
      const file = await this.deps.files.find(fileId);
      if (!file || file.status !== 'uploaded') throw new CatalogueError(2405, `no file ${fileId}`);
      const ttlS = shareLimits.downloadUrlTtlS;
      return { download_url: await presigned.downloadUrl(file.storage_key, file.filename, ttlS), expires_at: now + ttlS * 1000 };
    }
    const expires = Math.floor(now / 1000) + shareLimits.downloadUrlTtlS;
    const token = signFor(this.options.signingSecret, 'file', fileId, expires);
    return {
      download_url: `${API_PREFIX}${fillPath(cloudRoutes.signedObject.path, { file_id: fileId })}?expires=${expires}&token=${token}`,
      expires_at: expires * 1000,
    };
  }

  async openSignedFile(fileId: string, expires: number, token: string): Promise<SignedDownload> {
    if (!verifyFor(this.options.signingSecret, 'file', fileId, expires, token)) throw new CatalogueError(2405, 'download URL is invalid or expired');
    const file = await this.deps.files.find(fileId);
    if (!file || file.status !== 'uploaded') throw new CatalogueError(2405, `no file ${fileId}`);
    return { stream: this.deps.storage.openRead(file.storage_key), name: file.filename, size: file.file_size };
  }

  async taskDownloadUrl(owner: string, taskId: string, now = Date.now()): Promise<DownloadUrl> {
    // Opening checks that the task is the owner's and finished; the stream itself is not needed.
    const result = await this.deps.tasks.openDownload(owner, taskId);
    result.stream.destroy();
    const presigned = await this.deps.tasks.presignedDownload(owner, taskId, shareLimits.downloadUrlTtlS);
    if (presigned) return { download_url: presigned, expires_at: now + shareLimits.downloadUrlTtlS * 1000 };
    const expires = Math.floor(now / 1000) + shareLimits.downloadUrlTtlS;
    const subject = `${owner}|${taskId}`;
    const token = signFor(this.options.signingSecret, 'task', subject, expires);
    return {
      download_url: `${API_PREFIX}${fillPath(cloudRoutes.signedTaskResult.path, { task_id: taskId })}?expires=${expires}&token=${encodeURIComponent(`${Buffer.from(owner).toString('base64url')}.${token}`)}`,
      expires_at: expires * 1000,
    };
  }

  async openSignedTask(taskId: string, expires: number, token: string): Promise<SignedDownload> {
    const [ownerPart = '', signature = ''] = token.split('.');
    const owner = Buffer.from(ownerPart, 'base64url').toString();
    if (!verifyFor(this.options.signingSecret, 'task', `${owner}|${taskId}`, expires, signature)) {
      throw new CatalogueError(2405, 'download URL is invalid or expired');
    }
    return this.deps.tasks.openDownload(owner, taskId);
  }

  /** A signed URL to a zip of the selection; the selection rides in the URL, signed. */
  async archiveUrl(owner: string, fileIds: string[], folderIds: string[], now = Date.now()): Promise<DownloadUrl> {
    if (fileIds.length + folderIds.length === 0) throw new CatalogueError('INVALID_PARAMS', 'nothing selected');
    if (fileIds.length + folderIds.length > ARCHIVE_MAX_ITEMS) throw new CatalogueError('INVALID_PARAMS', `at most ${ARCHIVE_MAX_ITEMS} items`);
    await this.requireDocuments(owner, fileIds);
    for (const id of folderIds) await this.requireFolder(owner, id);
    const archiveId = Buffer.from(JSON.stringify({ o: owner, f: fileIds, d: folderIds })).toString('base64url');
    const expires = Math.floor(now / 1000) + shareLimits.downloadUrlTtlS;
    const token = signFor(this.options.signingSecret, 'archive', archiveId, expires);
    return {
      download_url: `${API_PREFIX}${cloudRoutes.signedArchive.path}?selection=${archiveId}&expires=${expires}&token=${token}`,
      expires_at: expires * 1000,
    };
  }

  /**
   * The zip of a selection, streamed: entries are read from storage one after another as the
   * response is written, so neither the zip nor a file is ever whole in memory.
   */
  async openSignedArchive(archiveId: string, expires: number, token: string): Promise<SignedDownload> {
    if (!verifyFor(this.options.signingSecret, 'archive', archiveId, expires, token)) throw new CatalogueError(2405, 'download URL is invalid or expired');
    const { o: owner, f: fileIds, d: folderIds } = JSON.parse(Buffer.from(archiveId, 'base64url').toString()) as { o: string; f: string[]; d: string[] };
    const entries: { file_id: string; name: string }[] = [];
    const taken = new Set<string>();
    const add = (doc: DocumentRow, prefix: string) => {
      let name = `${prefix}${doc.name}`;
      for (let n = 1; taken.has(name.toLowerCase()); n += 1) name = `${prefix}${numbered(doc.name, n)}`;
      taken.add(name.toLowerCase());
      entries.push({ file_id: doc.file_id, name });
    };
    for (const doc of await this.repo.documentsById(owner, fileIds)) add(doc, '');
    const all = await this.repo.folders(owner);
    for (const top of folderIds) {
      for (const [folderId, prefix] of folderPaths(all, top)) {
        for (const doc of await this.repo.documentsIn(owner, [folderId])) add(doc, prefix);
      }
    }
    const zip = new yazl.ZipFile();
    const storage = this.deps.storage;
    const files = this.deps.files;
    // One entry's stream opens when yazl reaches it, so a large selection holds one file open at a time.
    const next = async (index: number): Promise<void> => {
      const entry = entries[index];
      if (!entry) {
        zip.end();
        return;
      }
      const file = await files.find(entry.file_id);
      if (!file) return next(index + 1);
      const stream = storage.openRead(file.storage_key);
      stream.once('end', () => void next(index + 1).catch((err: unknown) => (zip.outputStream as unknown as Readable).destroy(err as Error)));
      zip.addReadStream(stream, entry.name, { compress: false });
    };
    await next(0);
    return { stream: zip.outputStream as unknown as Readable, name: 'pagewright-cloud.zip' };
  }

  // Helpers --------------------------------------------------------------------------------

  /** The capacity limit of the owner: Premium accounts have the larger store. */
  private async limitOf(owner: string, stored: number): Promise<number> {
    const account = await this.deps.accountOf(owner);
    return account?.pay ? Math.max(stored, cloudLimits.premiumSpace) : stored;
  }

  private async index(owner: string, file: FileRow, row: DocumentRow): Promise<void> {
    if (!/\.pdf$/i.test(row.name) && !/\.pdf$/i.test(file.filename)) return;
    try {
      const texts = await this.deps.files.withLocalCopy(file, (local) => this.deps.engine.run('pageTexts', { path: local, maxChars: INDEX_MAX_CHARS }));
      await this.repo.indexTerms(owner, row.file_id, textTerms(texts.join('\n')));
      if (row.total_page === null) await this.repo.updateDocuments(owner, [row.file_id], { total_page: texts.length });
    } catch (error) {
      // An encrypted or damaged PDF is kept all the same; it is found by its name only.
      this.deps.log.info({ err: error, file_id: row.file_id }, 'cloud: text not indexed');
    }
  }

  private async trail(owner: string, folderId: string): Promise<FolderRow[]> {
    const trail: FolderRow[] = [];
    for (let at = folderId; at !== '' && trail.length < 64;) {
      const folder = await this.requireFolder(owner, at);
      trail.unshift(folder);
      at = folder.parent_id;
    }
    return trail;
  }

  /** The folders and every folder below them. */
  private async descendants(owner: string, folderIds: string[]): Promise<string[]> {
    if (folderIds.length === 0) return [];
    const all = await this.repo.folders(owner);
    const known = new Set(all.map((f) => f.folder_id));
    for (const id of folderIds) if (!known.has(id)) throw new CatalogueError(2405, `no folder ${id} of ${owner}`);
    const found = new Set(folderIds);
    for (let grew = true; grew;) {
      grew = false;
      for (const folder of all) {
        if (!found.has(folder.folder_id) && found.has(folder.parent_id)) {
          found.add(folder.folder_id);
          grew = true;
        }
      }
    }
    return [...found];
  }

  private async requireFolder(owner: string, folderId: string): Promise<FolderRow> {
    const folder = await this.repo.folder(owner, folderId);
    if (!folder) throw new CatalogueError(2405, `no folder ${folderId} of ${owner}`);
    return folder;
  }

  private async requireDocument(owner: string, fileId: string): Promise<DocumentRow> {
    const doc = await this.repo.document(owner, fileId);
    if (!doc) throw new CatalogueError(2405, `no cloud document ${fileId} of ${owner}`);
    return doc;
  }

  private async requireDocuments(owner: string, fileIds: string[]): Promise<DocumentRow[]> {
    const unique = [...new Set(fileIds)];
    const docs = await this.repo.documentsById(owner, unique);
    if (docs.length !== unique.length) throw new CatalogueError(2405, 'a document of the selection is not the caller\'s');
    return docs;
  }

  private async ownedIds(owner: string, fileIds: string[]): Promise<string[]> {
    return (await this.requireDocuments(owner, fileIds)).map((d) => d.file_id);
  }
}

/** SPEC §5 rename rules: required, at most 240 characters; the stored name is a safe label. */
export function checkName(typed: string): string {
  const trimmed = typed.trim();
  if (trimmed === '') throw new CatalogueError('CLOUD_NAME_REQUIRED');
  if ([...trimmed].length > cloudLimits.nameMaxLength) throw new CatalogueError('CLOUD_NAME_TOO_LONG');
  return sanitizeFileName(trimmed, 'file', { maxBytes: Infinity });
}

/** 'report.pdf', 'report (1).pdf', 'report (2).pdf' … */
function numbered(name: string, n: number): string {
  if (n === 0) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** Every folder below `top` with its path inside the zip ('Top/', 'Top/Sub/'). */
function folderPaths(all: FolderRow[], top: string): [string, string][] {
  const byId = new Map(all.map((f) => [f.folder_id, f]));
  const out: [string, string][] = [];
  const walk = (id: string, prefix: string, depth: number) => {
    const folder = byId.get(id);
    if (!folder || depth > 64) return;
    const here = `${prefix}${folder.name}/`;
    out.push([id, here]);
    for (const child of all) if (child.parent_id === id) walk(child.folder_id, here, depth + 1);
  };
  walk(top, '', 0);
  return out;
}

function nameFromUrl(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '').trim();
  return sanitizeFileName(last, 'document.pdf');
}

async function startsWithPdfHeader(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    // Readers accept the header within the first 1,024 bytes, as PDF viewers do.
    return head.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

function newId(): string {
  return randomUUID().replace(/-/g, '');
}

export function toDocument(row: DocumentRow): CloudDocument {
  return {
    file_id: row.file_id, name: row.name, size: row.size, folder_id: row.folder_id, starred: row.starred === 1,
    total_page: row.total_page, updated_at: row.updated_at, created_at: row.created_at, opened_at: row.opened_at,
  };
}

function toFolder(row: FolderRow): CloudFolder {
  return { folder_id: row.folder_id, name: row.name, parent_id: row.parent_id, updated_at: Number(row.updated_at), created_at: Number(row.created_at) };
}

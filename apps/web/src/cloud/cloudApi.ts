/**
 * The cloud document store calls of SPEC §7 (`/v2/cloud/*`), one function per call, each a
 * `call` of a `cloudRoutes` declaration. The cloud page and the account centre talk to the
 * cloud only through here.
 */
import {
  cloudLimits,
  cloudRoutes,
  type CloudCapacity,
  type CloudDocument,
  type CloudFolder,
  type CloudList,
  type DownloadUrl,
  type UploadedFile,
} from '@pagewright/contracts';
import { call } from '../api/http';
import type { ItemIds } from './selection';

/** The root folder of the account. */
export const ROOT_FOLDER = '';

/**
 * Query keys, per account so one user never sees another's cached cloud after a sign-in on the
 * same page. Every cloud query starts with 'cloud' (cloudRootKey): one invalidation refreshes
 * them all.
 */
export const cloudRootKey = ['cloud'] as const;

export function cloudKeysOf(userId: string) {
  return {
    folder: (folderId: string) => ['cloud', userId, 'folder', folderId] as const,
    search: (keyword: string) => ['cloud', userId, 'search', keyword] as const,
    recent: ['cloud', userId, 'recent'] as const,
    starred: ['cloud', userId, 'starred'] as const,
    folders: ['cloud', userId, 'folders'] as const,
    capacity: ['cloud', userId, 'capacity'] as const,
  };
}
export type CloudKeys = ReturnType<typeof cloudKeysOf>;

/** One page of a folder (its sub-folders come with page 1), or of a search by name and text. */
export function listFolder(
  { folderId, keyword, page }: { folderId: string; keyword?: string | undefined; page: number },
  signal?: AbortSignal,
): Promise<CloudList> {
  return call(cloudRoutes.list, {
    body: { folder_id: folderId, page, page_size: cloudLimits.listPageSize, ...(keyword ? { keyword } : {}) },
  }, { signal });
}

export async function listAllFolders(signal?: AbortSignal): Promise<CloudFolder[]> {
  return (await call(cloudRoutes.directoryList, { body: {} }, { signal })).folders;
}

export function createFolder(name: string, parentId: string): Promise<CloudFolder> {
  return call(cloudRoutes.directoryCreate, { body: { name, parent_id: parentId } });
}

export function renameFolder(folderId: string, name: string): Promise<CloudFolder> {
  return call(cloudRoutes.directoryRename, { body: { folder_id: folderId, name } });
}

export function renameDocument(fileId: string, name: string): Promise<CloudDocument> {
  return call(cloudRoutes.fileRename, { body: { file_id: fileId, name } });
}

export async function listRecent(signal?: AbortSignal): Promise<CloudDocument[]> {
  return (await call(cloudRoutes.recentList, {}, { signal })).documents;
}

export async function removeFromRecent(fileIds: string[]): Promise<void> {
  await call(cloudRoutes.recentDelete, { body: { file_ids: fileIds } });
}

export async function listStarred(signal?: AbortSignal): Promise<CloudDocument[]> {
  return (await call(cloudRoutes.starList, {}, { signal })).documents;
}

export async function setStarred(fileIds: string[], starred: boolean): Promise<void> {
  await call(starred ? cloudRoutes.starMark : cloudRoutes.starUnmark, { body: { file_ids: fileIds } });
}

/** Moves documents and folders into `target`; one document goes through file/move. */
export async function moveItems(items: ItemIds, target: string): Promise<void> {
  const [only] = items.file_ids;
  if (only !== undefined && items.file_ids.length === 1 && items.folder_ids.length === 0) {
    await call(cloudRoutes.fileMove, { body: { file_id: only, folder_id: target } });
    return;
  }
  await call(cloudRoutes.multiMove, { body: { ...items, target_folder_id: target } });
}

/** Deletes documents and folders; a folder goes with everything inside it. */
export async function deleteItems(items: ItemIds): Promise<void> {
  const [file] = items.file_ids;
  const [folder] = items.folder_ids;
  const count = items.file_ids.length + items.folder_ids.length;
  if (count === 1 && file !== undefined) await call(cloudRoutes.fileDelete, { params: { file_id: file } });
  else if (count === 1 && folder !== undefined) await call(cloudRoutes.directoryDelete, { params: { did: folder } });
  else await call(cloudRoutes.multiDelete, { body: items });
}

export function getCapacity(signal?: AbortSignal): Promise<CloudCapacity> {
  return call(cloudRoutes.capacity, {}, { signal });
}

/** Takes the free expansion to 10 GB (once). */
export function receiveCapacity(): Promise<CloudCapacity> {
  return call(cloudRoutes.capacityReceive, {});
}

/** Keeps an uploaded file in the cloud as a document of `folderId`. */
export function keepInCloud(fileId: string, folderId: string): Promise<CloudDocument> {
  return call(cloudRoutes.ossFileCreate, { body: { file_id: fileId, folder_id: folderId } });
}

/** Imports a PDF from an http(s) URL straight into `folderId`. */
export function importFromUrl(url: string, folderId: string): Promise<UploadedFile> {
  return call(cloudRoutes.uploadUrl, { body: { url, auto_oss_upload: true, folder_id: folderId } });
}

export function documentDownloadUrl(fileId: string): Promise<DownloadUrl> {
  return call(cloudRoutes.fileDownloadUrl, { query: { file_id: fileId } });
}

/** A zip of documents and folders. */
export function zipDownloadUrl(items: ItemIds): Promise<DownloadUrl> {
  return call(cloudRoutes.multiDownload, { body: items });
}

/**
 * The typed API client of SPEC §7: one function per call, each request and response checked
 * against the contracts schemas. Pages talk to the server only through this module.
 */
import {
  API_PREFIX,
  compressRequest,
  cropRequest,
  decodeRequest,
  documentInfo,
  encryptRequest,
  extractImagesRequest,
  extractPageRequest,
  imageOcrRequest,
  imagesMergePdfRequest,
  mergeRequest,
  redactionRequest,
  replaceTextRequest,
  rotateRequest,
  signList,
  signRequest,
  signSaveRequest,
  signStoredItem,
  splitRequest,
  paths,
  taskCreated,
  taskResult,
  uploadObjectRequest,
  uploadObjectResponse,
  type DocumentInfo,
  type MergeRequest,
  type SignStoredItem,
  type TaskCreated,
  type TaskResult,
  type UploadObjectRequest,
  type UploadObjectResponse,
} from '@pagewright/contracts';
import { z } from 'zod';
import { apiUrl, request } from './http';

/** Asks for a file_id and an upload policy (SPEC §7 file/oss/object). */
export function requestUploadPolicy(
  body: UploadObjectRequest,
  signal?: AbortSignal,
): Promise<UploadObjectResponse> {
  return request(uploadObjectResponse, paths.uploadObject, {
    method: 'POST',
    json: uploadObjectRequest.parse(body),
    signal,
  });
}

/** Pages, page size and encryption of an uploaded document; code 3122 asks for a password. */
export function getDocumentInfo(
  fileId: string,
  password?: string,
  signal?: AbortSignal,
): Promise<DocumentInfo> {
  return request(documentInfo, paths.documentInfo, {
    query: { file_id: fileId, passwd: password },
    signal,
  });
}

export function startMerge(body: MergeRequest, signal?: AbortSignal): Promise<TaskCreated> {
  return request(taskCreated, paths.merge, { method: 'POST', json: mergeRequest.parse(body), signal });
}

/** A task, or every task of a multi_id (a batch: one task per file). */
export type TaskRef = string | { multiId: string };

export function getTaskResult(ref: TaskRef, signal?: AbortSignal): Promise<TaskResult> {
  const query = typeof ref === 'string' ? { task_id: ref } : { multi_id: ref.multiId };
  return request(taskResult, paths.taskResult, { query, signal });
}

/** POSTs a tool request after checking it against its contracts schema. */
function startTool<S extends z.ZodType>(schema: S, path: string, body: z.input<S>, signal?: AbortSignal): Promise<TaskCreated> {
  return request(taskCreated, path, { method: 'POST', json: schema.parse(body), signal });
}

/** A path of SPEC §7 with its `:name` parts filled in, each URL-encoded. */
function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const startSplit = (body: z.input<typeof splitRequest>, signal?: AbortSignal) =>
  startTool(splitRequest, paths.split, body, signal);
export const startCompress = (body: z.input<typeof compressRequest>, signal?: AbortSignal) =>
  startTool(compressRequest, paths.compress, body, signal);
export const startRotate = (body: z.input<typeof rotateRequest>, signal?: AbortSignal) =>
  startTool(rotateRequest, paths.rotate, body, signal);
export const startCrop = (body: z.input<typeof cropRequest>, signal?: AbortSignal) =>
  startTool(cropRequest, paths.crop, body, signal);
/** delete-pages (`delete_pages`) and rearrange-pdf-pages (`order`, `rotations`). */
export const startExtractPage = (body: z.input<typeof extractPageRequest>, signal?: AbortSignal) =>
  startTool(extractPageRequest, paths.extractPage, body, signal);
export const startExtractImages = (body: z.input<typeof extractImagesRequest>, signal?: AbortSignal) =>
  startTool(extractImagesRequest, paths.extractImages, body, signal);
export const startEncrypt = (body: z.input<typeof encryptRequest>, signal?: AbortSignal) =>
  startTool(encryptRequest, paths.encrypt, body, signal);
export const startDecode = (body: z.input<typeof decodeRequest>, signal?: AbortSignal) =>
  startTool(decodeRequest, paths.decode, body, signal);
export const startReplaceText = (body: z.input<typeof replaceTextRequest>, signal?: AbortSignal) =>
  startTool(replaceTextRequest, paths.replaceText, body, signal);
export const startImageOcr = (body: z.input<typeof imageOcrRequest>, signal?: AbortSignal) =>
  startTool(imageOcrRequest, paths.imageOcr, body, signal);
export const startImagesMergePdf = (body: z.input<typeof imagesMergePdfRequest>, signal?: AbortSignal) =>
  startTool(imagesMergePdfRequest, paths.imagesMergePdf, body, signal);

export function startRedaction(
  fileId: string,
  password: string | undefined,
  body: z.input<typeof redactionRequest>,
  signal?: AbortSignal,
): Promise<TaskCreated> {
  const path = password
    ? fillPath(paths.redactionWithPassword, { file_id: fileId, password })
    : fillPath(paths.redaction, { file_id: fileId });
  return startTool(redactionRequest, path, body, signal);
}

export function startSign(
  fileId: string,
  password: string | undefined,
  body: z.input<typeof signRequest>,
  signal?: AbortSignal,
): Promise<TaskCreated> {
  const path = password
    ? fillPath(paths.signWithPassword, { file_id: fileId, password })
    : fillPath(paths.sign, { file_id: fileId });
  return startTool(signRequest, path, body, signal);
}

/** The caller's saved signatures, newest first (SPEC §7 GET file/sign; `t` busts caches). */
export async function listSavedSignatures(signal?: AbortSignal): Promise<SignStoredItem[]> {
  const { signs } = await request(signList, paths.signImages, { query: { t: Date.now() }, signal });
  return signs;
}

/** Keeps an uploaded signature image; 3102 for a non-image, SIGNATURES_FULL at 20. */
export function saveSignature(fileId: string, signal?: AbortSignal): Promise<SignStoredItem> {
  return request(signStoredItem, paths.signImages, {
    method: 'POST',
    query: { t: Date.now() },
    json: signSaveRequest.parse({ file_id: fileId }),
    signal,
  });
}

/** Forgets a saved signature; 2405 when it is not (or no longer) saved. */
export async function deleteSavedSignature(fileId: string, signal?: AbortSignal): Promise<void> {
  await request(z.unknown(), paths.signImages, { method: 'DELETE', query: { file_id: fileId, t: Date.now() }, signal });
}

/** The page-image call: a PNG of one page (1-based) at `dpi` (20..150). */
export function pageImageUrl(fileId: string, page: number, dpi: number, password?: string): string {
  return apiUrl(paths.pageImage, {
    file_id: fileId,
    page,
    dpi: Math.round(Math.min(150, Math.max(20, dpi))),
    passwd: password || undefined,
  });
}

/** The zip of every finished result of a batch. */
export function downloadBulkUrl(multiId: string): string {
  return `${API_PREFIX}${paths.downloadDocBulk}?multi_id=${encodeURIComponent(multiId)}`;
}

/** The size in bytes of a finished task's result, from the download's Content-Length. */
export async function resultSize(taskId: string, signal?: AbortSignal): Promise<number | undefined> {
  try {
    const response = await fetch(downloadDocUrl(taskId), { method: 'HEAD', signal, credentials: 'same-origin' });
    const length = response.ok ? response.headers.get('Content-Length') : null;
    return length === null ? undefined : Number(length);
  } catch {
    return undefined;
  }
}

/** The URL a download link points at; the server answers with the file as an attachment. */
export function downloadDocUrl(taskId: string): string {
  return `${API_PREFIX}${paths.downloadDoc}?task_id=${encodeURIComponent(taskId)}`;
}

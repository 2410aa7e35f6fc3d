/**
 * The typed API client of SPEC §7: one function per call, each a `call` of a contracts route
 * declaration, so the request and the response are checked against the same schemas the server
 * parses with. Pages talk to the server only through this module and the other *Api modules.
 */
import {
  fileRoutes,
  signatureRoutes,
  taskRoutes,
  toolRoutes,
  type DocumentInfo,
  type SignStoredItem,
  type TaskCreated,
  type TaskResult,
  type UploadObjectRequest,
  type UploadObjectResponse,
  type AnyRoute,
  type RouteRequest,
  type ToolRouteKey,
} from '@pagewright/contracts';
import type { z } from 'zod';
import { call, routeUrl } from './http';

/** Asks for a file_id and an upload policy (SPEC §7 file/oss/object). */
export function requestUploadPolicy(
  body: UploadObjectRequest,
  signal?: AbortSignal,
): Promise<UploadObjectResponse> {
  return call(fileRoutes.uploadObject, { body }, { signal });
}

/** Pages, page size and encryption of an uploaded document; code 3122 asks for a password. */
export function getDocumentInfo(
  fileId: string,
  password?: string,
  signal?: AbortSignal,
): Promise<DocumentInfo> {
  return call(fileRoutes.documentInfo, { query: { file_id: fileId, passwd: password } }, { signal });
}

/** A task, or every task of a multi_id (a batch: one task per file). */
export type TaskRef = string | { multiId: string };

export function getTaskResult(ref: TaskRef, signal?: AbortSignal): Promise<TaskResult> {
  const query = typeof ref === 'string' ? { task_id: ref } : { multi_id: ref.multiId };
  return call(taskRoutes.taskResult, { query }, { signal });
}

type Body<R extends { body?: z.ZodType | undefined }> = z.input<NonNullable<R['body']>>;

/** The tool calls that take their options as a JSON body and nothing in the path. */
type BodyToolRoute = {
  [K in ToolRouteKey]: (typeof toolRoutes)[K]['path'] extends `${string}:${string}` ? never
    : (typeof toolRoutes)[K]['method'] extends 'POST' ? K : never;
}[ToolRouteKey];

/** A tool call's options as a page builds them. */
export type ToolOptions<K extends BodyToolRoute> = Body<(typeof toolRoutes)[K]>;

/**
 * Starts a tool by its call's key in `toolRoutes` (its descriptor's request route): the body is
 * checked against the call's schema before it is sent. A new tool needs no function here.
 */
export function startTool<K extends BodyToolRoute>(key: K, body: ToolOptions<K>, signal?: AbortSignal): Promise<TaskCreated> {
  const route: AnyRoute = toolRoutes[key];
  return call(route, { body } as RouteRequest<AnyRoute>, { signal }) as Promise<TaskCreated>;
}

/** redact-pdf: the file, and the password of an encrypted one, go in the path. */
export function startRedaction(
  fileId: string,
  password: string | undefined,
  body: Body<typeof toolRoutes.redaction>,
  signal?: AbortSignal,
): Promise<TaskCreated> {
  return password
    ? call(toolRoutes.redactionWithPassword, { params: { file_id: fileId, password }, body }, { signal })
    : call(toolRoutes.redaction, { params: { file_id: fileId }, body }, { signal });
}

export function startSign(
  fileId: string,
  password: string | undefined,
  body: Body<typeof toolRoutes.sign>,
  signal?: AbortSignal,
): Promise<TaskCreated> {
  return password
    ? call(toolRoutes.signWithPassword, { params: { file_id: fileId, password }, body }, { signal })
    : call(toolRoutes.sign, { params: { file_id: fileId }, body }, { signal });
}

/** The caller's saved signatures, newest first (SPEC §7 GET file/sign; `t` busts caches). */
export async function listSavedSignatures(signal?: AbortSignal): Promise<SignStoredItem[]> {
  const { signs } = await call(signatureRoutes.list, { query: { t: String(Date.now()) } }, { signal });
  return signs;
}

/** Keeps an uploaded signature image; 3102 for a non-image, SIGNATURES_FULL at 20. */
export function saveSignature(fileId: string, signal?: AbortSignal): Promise<SignStoredItem> {
  return call(signatureRoutes.save, { query: { t: String(Date.now()) }, body: { file_id: fileId } }, { signal });
}

/** Forgets a saved signature; 2405 when it is not (or no longer) saved. */
export async function deleteSavedSignature(fileId: string, signal?: AbortSignal): Promise<void> {
  await call(signatureRoutes.remove, { query: { file_id: fileId, t: String(Date.now()) } }, { signal });
}

/** The page-image call: a PNG of one page (1-based) at `dpi` (20..150). */
export function pageImageUrl(fileId: string, page: number, dpi: number, password?: string): string {
  return routeUrl(fileRoutes.pageImage, {
    query: {
      file_id: fileId,
      page,
      dpi: Math.round(Math.min(150, Math.max(20, dpi))),
      passwd: password || undefined,
    },
  });
}

/** The zip of every finished result of a batch. */
export function downloadBulkUrl(multiId: string): string {
  return routeUrl(taskRoutes.downloadDocBulk, { query: { multi_id: multiId } });
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
  return routeUrl(taskRoutes.downloadDoc, { query: { task_id: taskId } });
}

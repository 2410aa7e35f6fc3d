/**
 * The typed API client of SPEC §7: one function per call, each request and response checked
 * against the contracts schemas. Pages talk to the server only through this module.
 */
import {
  API_PREFIX,
  documentInfo,
  mergeRequest,
  paths,
  taskCreated,
  taskResult,
  uploadObjectRequest,
  uploadObjectResponse,
  type DocumentInfo,
  type MergeRequest,
  type TaskCreated,
  type TaskResult,
  type UploadObjectRequest,
  type UploadObjectResponse,
} from '@pagewright/contracts';
import { request } from './http';

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

export function getTaskResult(taskId: string, signal?: AbortSignal): Promise<TaskResult> {
  return request(taskResult, paths.taskResult, { query: { task_id: taskId }, signal });
}

/** The URL a download link points at; the server answers with the file as an attachment. */
export function downloadDocUrl(taskId: string): string {
  return `${API_PREFIX}${paths.downloadDoc}?task_id=${encodeURIComponent(taskId)}`;
}

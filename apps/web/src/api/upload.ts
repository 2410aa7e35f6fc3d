/**
 * Upload of one file to the object store (SPEC §7): ask for a policy with the file's md5, then
 * one PUT of the whole file when it is at most `chunk_threshold` bytes, otherwise numbered
 * parts of `part_size` bytes, 12 in flight, each retried up to 15 times 2 s apart, followed by
 * a completing POST. Every request is abortable through `signal`.
 *
 * With S3-compatible storage the policy is `direct`: the PUTs go to presigned URLs of the store
 * (one per part), whose answers are empty, and the upload ends with the storage callback, which
 * joins the parts from their ETags and checks size and md5.
 */
import {
  fileRoutes,
  timing,
  type UploadPolicy,
  type UploadedFile,
} from '@pagewright/contracts';
import { ApiError } from './ApiError';
import { delay, throwIfAborted, withTimeout } from './abort';
import { requestUploadPolicy } from './client';
import { request } from './http';
import { md5OfFile } from './md5';

export interface UploadOptions {
  signal?: AbortSignal;
  /** Bytes acknowledged by the server so far, out of the file's size. */
  onProgress?: (uploaded: number, total: number) => void;
  /** Called once the server has handed out the file_id, before any byte is sent. */
  onFileId?: (fileId: string) => void;
  /**
   * Sends auto_oss_upload (SPEC §6): a signed-in user's file becomes a cloud document in the
   * root folder once uploaded. A guest's upload stays an ordinary one.
   */
  autoOssUpload?: boolean;
}

export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const { signal } = options;
  const md5 = await md5OfFile(file, { signal });
  const { file_id: fileId, policy } = await requestUploadPolicy(
    {
      filename: file.name, expired_type: 0, file_size: file.size, md5_code: md5,
      ...(options.autoOssUpload === true ? { auto_oss_upload: true } : {}),
    },
    signal,
  );
  options.onFileId?.(fileId);
  options.onProgress?.(0, file.size);
  const uploaded = policy.direct === true
    ? await putDirect(file, policy, options)
    : file.size <= policy.chunk_threshold
      ? await putWhole(file, policy, signal)
      : await putInParts(file, policy, options);
  options.onProgress?.(file.size, file.size);
  return uploaded;
}

function storageHeaders(file: File, policy: UploadPolicy): Record<string, string> {
  return {
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'x-oss-callback': base64Utf8(JSON.stringify(policy.callback)),
  };
}

/**
 * The storage calls go to the URLs the upload policy signed (sts_url, part_url), which name the
 * routes storeObject, storePart and completeParts; their methods and answers come from those
 * declarations.
 */
function putWhole(file: File, policy: UploadPolicy, signal?: AbortSignal): Promise<UploadedFile> {
  const route = fileRoutes.storeObject;
  return request(route.response, policy.sts_url, {
    method: route.method,
    body: file,
    headers: { ...storageHeaders(file, policy), 'Content-Type': 'application/octet-stream' },
    signal,
  });
}

/** Straight to the object store: one presigned PUT, or presigned parts; then the storage callback. */
async function putDirect(file: File, policy: UploadPolicy, options: UploadOptions): Promise<UploadedFile> {
  const { signal } = options;
  const partUrls = policy.part_urls;
  let etags: string[] | undefined;
  if (partUrls === undefined) {
    await withRetries(() => putToStorage(policy.sts_url, file, signal), signal);
  } else {
    etags = new Array<string>(partUrls.length);
    const found = etags;
    await sendParts(file, policy, options, partUrls.length, async (part, bytes, partSignal) => {
      const etag = await putToStorage(partUrls[part - 1] ?? '', bytes, partSignal);
      // A part's ETag is the md5 of the bytes the store received. The server checks the joined
      // object against these ETags without reading it, so each is compared here with the md5
      // of the slice sent: a part damaged on the way is sent again.
      const received = etag.replace(/"/g, '').toLowerCase();
      if (/^[0-9a-f]{32}$/.test(received) && received !== await md5OfFile(bytes, { signal: partSignal })) {
        throw new ApiError('ERR_BAD_RESPONSE', `part ${part} arrived damaged`);
      }
      found[part - 1] = etag;
    });
  }
  throwIfAborted(signal);
  const route = fileRoutes.uploadCallback;
  const callbackBody = JSON.parse(policy.callback.callbackBody) as Record<string, unknown>;
  return request(route.response, policy.callback.callbackUrl, {
    method: route.method,
    json: route.body.parse({ ...callbackBody, ...(etags ? { etags } : {}) }),
    signal,
  });
}

/**
 * One PUT to a presigned URL of the object store, answering the ETag it stored the bytes under.
 * The store's answers are not our envelope: a server fault is retried, a refusal (an expired
 * signature) is final.
 */
async function putToStorage(url: string, body: Blob, signal?: AbortSignal): Promise<string> {
  const timeout = withTimeout(timing.requestTimeoutMs, signal);
  let response: Response;
  try {
    response = await fetch(url, { method: 'PUT', body, headers: { 'Content-Type': 'application/octet-stream' }, signal: timeout.signal });
  } catch {
    if (timeout.timedOut()) throw new ApiError('ECONNABORTED');
    if (signal?.aborted) throw new ApiError('ERR_CANCELED');
    throw new ApiError('ERR_NETWORK');
  } finally {
    timeout.dispose();
  }
  if (response.status >= 500) throw new ApiError(500);
  if (!response.ok) throw new ApiError(90002, `The storage refused the upload (HTTP ${response.status}).`);
  return response.headers.get('ETag') ?? '';
}

async function putInParts(
  file: File,
  policy: UploadPolicy,
  options: UploadOptions,
): Promise<UploadedFile> {
  const { signal } = options;
  const partSize = policy.part_size > 0 ? policy.part_size : timing.uploadPartSize;
  const partCount = Math.ceil(file.size / partSize);
  await sendParts(file, policy, options, partCount, (part, bytes, partSignal) =>
    request(fileRoutes.storePart.response, policy.part_url.replace('{part}', String(part)), {
      method: fileRoutes.storePart.method,
      body: bytes,
      headers: { 'Content-Type': 'application/octet-stream' },
      signal: partSignal,
    }));
  throwIfAborted(signal);
  const complete = fileRoutes.completeParts;
  return request(complete.response, policy.sts_url, {
    method: complete.method,
    json: complete.body.parse({ parts: partCount }),
    headers: storageHeaders(file, policy),
    signal,
  });
}

/** Sends numbered parts of `part_size` bytes, 12 in flight, each retried; the first final failure stops them all. */
async function sendParts(
  file: File,
  policy: UploadPolicy,
  options: UploadOptions,
  partCount: number,
  send: (part: number, bytes: Blob, signal: AbortSignal) => Promise<unknown>,
): Promise<void> {
  const { signal, onProgress } = options;
  const partSize = policy.part_size > 0 ? policy.part_size : timing.uploadPartSize;
  let nextPart = 1;
  let acknowledged = 0;
  // Aborted by the caller, or by the first part that fails for good so the others stop too.
  const parts = new AbortController();
  const abortParts = () => parts.abort();
  signal?.addEventListener('abort', abortParts, { once: true });

  const worker = async () => {
    while (nextPart <= partCount && !parts.signal.aborted) {
      const part = nextPart++;
      const bytes = file.slice((part - 1) * partSize, Math.min(part * partSize, file.size));
      await withRetries(() => send(part, bytes, parts.signal), parts.signal);
      acknowledged += bytes.size;
      onProgress?.(acknowledged, file.size);
    }
  };
  const inFlight = Math.min(timing.uploadPartsInParallel, partCount);
  try {
    await Promise.all(Array.from({ length: inFlight }, () => worker().catch((error: unknown) => {
      parts.abort();
      throw error;
    })));
  } catch (error) {
    throw signal?.aborted ? new ApiError('ERR_CANCELED') : error;
  } finally {
    signal?.removeEventListener('abort', abortParts);
  }
}

/** Transport failures and server faults are retried; a catalogue refusal is final. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return ['ERR_NETWORK', 'ECONNABORTED', 'ERR_BAD_RESPONSE', 500, 3500].includes(error.code);
}

async function withRetries<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) throw new ApiError('ERR_CANCELED');
      if (retry >= timing.uploadRetries || !isRetryable(error)) throw error;
      await delay(timing.uploadRetryDelayMs, signal);
    }
  }
}

/** btoa only takes Latin-1; the callback JSON may carry any file name. */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Request and response schemas of the calls of SPEC §7 that the server implements. The same
 * schemas validate requests on the server, type the web app's client and generate the OpenAPI
 * document served at /api/docs/json.
 */
import { z } from 'zod';
import { timing } from './limits.js';
import { route } from './route.js';

// API_PREFIX lives in a zod-free module so the first page load can use it without zod.
export { API_PREFIX } from './prefix.js';

/** One envelope for every JSON response: 0 for success, the catalogue code otherwise. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.union([z.number(), z.string()]),
    code: z.union([z.number(), z.string()]),
    msg: z.string(),
    data,
  });

export interface Envelope<T> {
  status: number | string;
  code: number | string;
  msg: string;
  data: T;
}

/** How long an uploaded object lives (SPEC §7 expired_type). */
export const expiredTypes = {
  /** A tool upload: removed an hour after upload. */
  0: 60 * 60,
  /** A result kept for a day. */
  1: 24 * 60 * 60,
  /** Kept for a week. */
  2: 7 * 24 * 60 * 60,
  /** Kept for 30 days. */
  3: 30 * 24 * 60 * 60,
} as const;
export type ExpiredType = keyof typeof expiredTypes;

export const uploadObjectRequest = z.object({
  filename: z.string().min(1).max(255),
  expired_type: z.coerce.number().int().min(0).max(3).default(0),
  file_size: z.coerce.number().int().min(1, 'the file is empty'),
  md5_code: z.string().regex(/^[0-9a-f]{32}$/i, 'md5_code must be 32 hex digits'),
  auto_oss_upload: z.coerce.boolean().optional(),
});
export type UploadObjectRequest = z.infer<typeof uploadObjectRequest>;

export const uploadCallback = z.object({
  callbackUrl: z.string(),
  callbackBody: z.string(),
  callbackBodyType: z.string(),
});

/**
 * The upload policy of SPEC §3. The local object store fills the cloud-credential fields with
 * the bucket name and a signed token; `sts_url` takes one PUT of the whole file (at most
 * `chunk_threshold` bytes) and `part_url` takes numbered parts of `part_size` bytes, after
 * which a POST to `sts_url` with `complete=1` assembles them.
 *
 * With S3-compatible storage (`direct`), `sts_url` and `part_urls` are presigned URLs of the
 * store itself: their answers carry no file, so the page then POSTs `callbackBody` to
 * `callbackUrl`, with the parts' ETags after a multipart upload.
 */
export const uploadPolicy = z.object({
  access_key_id: z.string(),
  access_key_secret: z.string(),
  bucket: z.string(),
  sts_token: z.string(),
  callback: uploadCallback,
  dir: z.string(),
  region: z.string(),
  s3_type: z.union([z.literal(0), z.literal(1)]),
  sts_url: z.string(),
  part_url: z.string(),
  part_size: z.number().int(),
  chunk_threshold: z.number().int(),
  /** The URLs reach the object store, not the API: the upload ends with the storage callback. */
  direct: z.boolean().optional(),
  /** With `direct`, above `chunk_threshold`: one presigned PUT URL per part, in order (`part_url` is unused). */
  part_urls: z.array(z.string()).optional(),
});
export type UploadPolicy = z.infer<typeof uploadPolicy>;

export const uploadObjectResponse = z.object({
  file_id: z.string(),
  policy: uploadPolicy,
});
export type UploadObjectResponse = z.infer<typeof uploadObjectResponse>;

/** What the storage callback answers once the bytes are checked. */
export const uploadedFile = z.object({
  file_id: z.string(),
  file_size: z.number().int(),
  file_url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const documentInfoRequest = z.object({
  file_id: z.string().min(1),
  passwd: z.string().optional(),
});
export const documentInfo = z.object({
  file_id: z.string(),
  total_page: z.number().int(),
  page_w: z.number(),
  page_h: z.number(),
  encrypted: z.boolean(),
});
export type DocumentInfo = z.infer<typeof documentInfo>;

/** A page rendered for previews and thumbnails (PNG). */
export const pageImageRequest = z.object({
  file_id: z.string().min(1),
  page: z.coerce.number().int().min(1).default(1),
  dpi: z.coerce.number().int().min(20).max(150).default(72),
  passwd: z.string().optional(),
});

export const mergeRequest = z.object({
  file_ids: z.array(z.string().min(1)).min(2),
  /** Passwords of encrypted inputs, by position; an empty string for an open file. */
  passwds: z.array(z.string()).optional(),
  output_file_name: z.string().max(255).optional(),
  /** Groups this task with others for get-task-result and download-doc-bulk. */
  multi_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
});
export type MergeRequest = z.infer<typeof mergeRequest>;

export const taskCreated = z.object({
  task_id: z.string(),
  multi_id: z.string().optional(),
});
export type TaskCreated = z.infer<typeof taskCreated>;

export const taskResultRequest = z
  .object({ task_id: z.string().optional(), multi_id: z.string().optional() })
  .refine((q) => Boolean(q.task_id) !== Boolean(q.multi_id), 'give task_id or multi_id');

export const taskItem = z.object({
  task_id: z.string(),
  /** 0 while running or done; the catalogue code once failed. */
  status: z.union([z.number(), z.string()]),
  progress: z.number().int().min(0).max(100),
  is_done: z.boolean(),
  output_file_name: z.string(),
  msg: z.string(),
  /** What the tool reports of its result, e.g. compress-pdf's input_size, output_size, unchanged. */
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type TaskItem = z.infer<typeof taskItem>;

export const taskResult = z.object({
  task_id: z.string().optional(),
  multi_id: z.string().optional(),
  output_file_name: z.string(),
  items: z.array(taskItem),
});
export type TaskResult = z.infer<typeof taskResult>;

export const downloadDocRequest = z.object({ task_id: z.string().min(1) });
export const downloadBulkRequest = z.object({ multi_id: z.string().min(1) });

/** The signature of a URL the server handed out in an upload policy. */
export const signedUrlQuery = z.object({
  expires: z.coerce.number().int(),
  token: z.string().min(1),
});

/** Room above one part for the request's framing; the part length itself is checked exactly. */
const PART_BODY_LIMIT = timing.uploadPartSize + 1024;

/** Uploads and the documents they hold (SPEC §7). */
export const fileRoutes = {
  uploadObject: route({
    method: 'POST', path: '/file/oss/object', auth: 'visitor',
    summary: 'Declares an upload (name, size, md5) and returns the file_id and its upload policy.',
    body: uploadObjectRequest, response: uploadObjectResponse,
  }),
  storeObject: route({
    method: 'PUT', path: '/storage/object/:file_id', auth: 'signedUrl',
    summary: 'The whole file in one PUT (at most chunk_threshold bytes), to the signed sts_url.',
    query: signedUrlQuery, response: uploadedFile, bodyLimit: PART_BODY_LIMIT,
  }),
  storePart: route({
    method: 'PUT', path: '/storage/object/:file_id/part/:part', auth: 'signedUrl',
    summary: 'One numbered part (from 1) of a multipart upload, to the signed part_url.',
    query: signedUrlQuery, response: z.object({ part: z.number().int() }), bodyLimit: PART_BODY_LIMIT,
  }),
  completeParts: route({
    method: 'POST', path: '/storage/object/:file_id', auth: 'signedUrl',
    summary: 'Completes a multipart upload: assembles the parts and checks size and md5.',
    query: signedUrlQuery, body: z.object({ parts: z.number().int().min(1) }), response: uploadedFile,
  }),
  uploadCallback: route({
    method: 'POST', path: '/file/oss/callback', auth: 'visitor',
    summary: 'The storage callback: checks a stored object against its declared size and md5.',
    body: z.object({
      file_id: z.string().min(1),
      /** A direct multipart upload's id, from callbackBody, and the ETag each part's PUT answered, in order. */
      upload_id: z.string().min(1).max(1024).optional(),
      etags: z.array(z.string().min(1).max(128)).max(10_000).optional(),
    }), response: uploadedFile,
  }),
  documentInfo: route({
    method: 'GET', path: '/document/info', auth: 'visitor',
    summary: 'Pages and first-page size of an uploaded PDF; 3122 when it needs its password.',
    query: documentInfoRequest, response: documentInfo,
  }),
  pageImage: route({
    method: 'GET', path: '/document/page-image', auth: 'visitor',
    summary: 'One page of an uploaded PDF as a PNG at 20 to 150 dpi, for previews.',
    query: pageImageRequest, produces: 'image/png',
  }),
};

/** Following and downloading tasks (SPEC §7). */
export const taskRoutes = {
  taskResult: route({
    method: 'GET', path: '/get-task-result', auth: 'visitor',
    summary: 'Status, progress and is_done of a task or of every task of a multi_id.',
    query: taskResultRequest, response: taskResult,
  }),
  downloadDoc: route({
    method: 'GET', path: '/document/download-doc', auth: 'visitor',
    summary: "Streams a finished task's result as an attachment with its UTF-8 file name.",
    query: downloadDocRequest, produces: 'application/octet-stream',
  }),
  taskEvents: route({
    method: 'GET', path: '/task-events', auth: 'visitor',
    summary: 'Server-sent events of a task or of every task of a multi_id: the get-task-result answer at once and '
      + 'again at each change (progress, finished, failed), until every item is done; then the stream ends.',
    query: taskResultRequest, produces: 'text/event-stream',
  }),
  downloadDocBulk: route({
    method: 'GET', path: '/document/download-doc-bulk', auth: 'visitor',
    summary: 'Streams a zip of every finished result of a multi_id.',
    query: downloadBulkRequest, produces: 'application/zip',
  }),
};

/** The API describing itself, and a liveness check. */
export const docsRoutes = {
  openApi: route({
    method: 'GET', path: '/docs/json', auth: 'public',
    summary: 'This OpenAPI 3.1 document, generated from the route declarations.',
    produces: 'application/json',
  }),
  health: route({
    method: 'GET', path: '/health', auth: 'public',
    summary: "Answers the version while the server runs, with the process's memory and the engine threads.",
    response: z.object({
      version: z.string(),
      /** Bytes: resident set, JavaScript heap in use, and memory outside it (buffers, WebAssembly). */
      memory: z.object({ rss: z.number(), heap_used: z.number(), external: z.number() }),
      /** Engine threads running now, and how many were ended since the start (broken, recycled or timed out). */
      engine: z.object({ threads: z.number().int(), threads_replaced: z.number().int() }),
      /**
       * The API thread's event-loop delay: the longest of the last one to two minutes, this
       * minute's 99th percentile, and the last stalls over 100 ms with their times.
       */
      event_loop: z.object({ max_ms: z.number(), p99_ms: z.number(), stalls: z.array(z.object({ at: z.number(), ms: z.number() })) }),
    }),
  }),
};

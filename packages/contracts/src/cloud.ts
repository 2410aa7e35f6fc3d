/**
 * The cloud document store and sharing (SPEC §2, §3, §5, §6, §7, §9): the documents, folders,
 * capacity and shares of an account, and every `/v2/cloud/*`, `share/*`, `file/netdisk` and
 * `cloud/upload/url` call. Every id route is the owner's only: another account's id answers
 * 2405, exactly like an id that never existed.
 */
import { z } from 'zod';
import { uploadedFile } from './api.js';
import { cloudLimits, shareLimits } from './limits.js';
import { route } from './route.js';

const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'not an id');
/** The root folder is the empty string. */
const folderId = z.union([z.literal(''), id]).default('');
const idList = z.array(id).max(cloudLimits.listPageMax);

/**
 * A name as typed: trimmed; empty and over-long names answer their own catalogue codes
 * (CLOUD_NAME_REQUIRED, CLOUD_NAME_TOO_LONG) from the server, so the schema lets them through.
 */
const typedName = z.string().max(4 * cloudLimits.nameMaxLength);

/** A cloud document (SPEC §3): a stored PDF or other file of the account, kept until deleted. */
export const cloudDocument = z.object({
  file_id: z.string(),
  name: z.string(),
  size: z.number().int(),
  folder_id: z.string(),
  starred: z.boolean(),
  total_page: z.number().int().nullable(),
  /** Last modified, epoch ms. */
  updated_at: z.number().int(),
  created_at: z.number().int(),
  /** When it was last opened or saved here (the recent view), epoch ms, or null when removed from recent. */
  opened_at: z.number().int().nullable(),
});
export type CloudDocument = z.infer<typeof cloudDocument>;

export const cloudFolder = z.object({
  folder_id: z.string(),
  name: z.string(),
  /** '' for the root. */
  parent_id: z.string(),
  updated_at: z.number().int(),
  created_at: z.number().int(),
});
export type CloudFolder = z.infer<typeof cloudFolder>;

/** SPEC §3 cloud capacity, in bytes (shown in GB). */
export const cloudCapacity = z.object({
  already_capacity: z.number().int(),
  total_capacity: z.number().int(),
  /** True once the free expansion to 10 GB was taken (or nothing is left to expand). */
  received: z.boolean(),
});
export type CloudCapacity = z.infer<typeof cloudCapacity>;

export const cloudSort = z.enum(['updated_at', 'name', 'size']);

export const cloudListRequest = z.object({
  folder_id: folderId,
  /** Searches every folder by name and by the text inside PDFs; the folder is then ignored. */
  keyword: z.string().trim().max(200).optional(),
  sort: cloudSort.default('updated_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(cloudLimits.listPageMax).default(cloudLimits.listPageSize),
});
export type CloudListRequest = z.input<typeof cloudListRequest>;

export const cloudList = z.object({
  /** Sub-folders of the folder (first page only; none in a search). */
  folders: z.array(cloudFolder),
  documents: z.array(cloudDocument),
  /** Documents in the folder or matching the search, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The breadcrumbs from the root (excluded) down to the folder. */
  path: z.array(cloudFolder),
});
export type CloudList = z.infer<typeof cloudList>;

const documents = z.object({ documents: z.array(cloudDocument) });
const folders = z.object({ folders: z.array(cloudFolder) });
const done = z.object({ ok: z.literal(true) });
const downloadUrl = z.object({
  /** A short-lived signed URL (shareLimits.downloadUrlTtlS); it needs no session. */
  download_url: z.string(),
  expires_at: z.number().int(),
});
export type DownloadUrl = z.infer<typeof downloadUrl>;

/** What deleting a folder or a selection removed: the documents and folders, counted. */
export const cloudDeleted = z.object({ files: z.number().int(), folders: z.number().int() });

/** The signature of a download URL the server handed out. */
const signedDownloadQuery = z.object({
  expires: z.coerce.number().int(),
  token: z.string().min(1),
});

export const urlImportRequest = z.object({
  url: z.string().trim().max(2048),
  auto_oss_upload: z.coerce.boolean().optional(),
  folder_id: folderId.optional(),
});

export const netdiskImportRequest = z.object({
  /** The provider's token, sent as a bearer token to each file's URL. */
  access_token: z.string().max(4096).optional(),
  file_from: z.string().max(40),
  files: z.array(z.object({ url: z.string().max(2048), name: z.string().max(255).optional() })).min(1).max(20),
  auto_oss_upload: z.coerce.boolean().optional(),
  upload_type: z.coerce.number().int().optional(),
});

export const cloudRoutes = {
  list: route({
    method: 'POST', path: '/v2/cloud/list', auth: 'user',
    summary: 'A folder of the cloud (sub-folders and a page of documents), or a search by name and by text inside PDFs.',
    body: cloudListRequest, response: cloudList,
  }),
  directoryList: route({
    method: 'POST', path: '/v2/cloud/directory/list', auth: 'user',
    summary: "Every folder of the account, flat with parent ids (the move dialog's tree).",
    body: z.object({}).passthrough(), response: folders,
  }),
  directoryCreate: route({
    method: 'POST', path: '/v2/cloud/directory/create', auth: 'user',
    summary: "Creates a folder; 'The folder already exists' when its parent has one of that name.",
    body: z.object({ name: typedName, parent_id: folderId }), response: cloudFolder,
  }),
  directoryRename: route({
    method: 'POST', path: '/v2/cloud/directory/rename', auth: 'user',
    summary: 'Renames a folder (SPEC §5 rename rules).',
    body: z.object({ folder_id: id, name: typedName }), response: cloudFolder,
  }),
  directoryDelete: route({
    method: 'DELETE', path: '/v2/cloud/directory/delete/:did', auth: 'user',
    summary: 'Deletes a folder with every folder and document inside it, and their stored objects.',
    response: cloudDeleted,
  }),
  starList: route({
    method: 'GET', path: '/v2/cloud/star/list', auth: 'user',
    summary: 'The starred documents, newest first.',
    response: documents,
  }),
  starMark: route({
    method: 'POST', path: '/v2/cloud/star/mark', auth: 'user',
    summary: 'Stars documents.',
    body: z.object({ file_ids: idList.min(1) }), response: done,
  }),
  starUnmark: route({
    method: 'POST', path: '/v2/cloud/star/unmark', auth: 'user',
    summary: 'Removes the star of documents.',
    body: z.object({ file_ids: idList.min(1) }), response: done,
  }),
  fileMove: route({
    method: 'POST', path: '/v2/cloud/file/move', auth: 'user',
    summary: 'Moves a document into a folder (\'\' for the root).',
    body: z.object({ file_id: id, folder_id: folderId }), response: cloudDocument,
  }),
  fileRename: route({
    method: 'POST', path: '/v2/cloud/file/rename', auth: 'user',
    summary: "Renames a document; '{name} already exists' when its folder has one of that name.",
    body: z.object({ file_id: id, name: typedName }), response: cloudDocument,
  }),
  fileDelete: route({
    method: 'DELETE', path: '/v2/cloud/file/delete/:file_id', auth: 'user',
    summary: 'Deletes a document and its stored object, and gives its size back to the capacity.',
    response: cloudDeleted,
  }),
  capacity: route({
    method: 'GET', path: '/v2/cloud/capacity/storage', auth: 'user',
    summary: 'Used and total capacity in bytes.',
    response: cloudCapacity,
  }),
  multiDelete: route({
    method: 'DELETE', path: '/v2/cloud/multi/delete', auth: 'user',
    summary: 'Deletes a selection of documents and folders (with their contents).',
    body: z.object({ file_ids: idList.default([]), folder_ids: idList.default([]) }), response: cloudDeleted,
  }),
  multiMove: route({
    method: 'POST', path: '/v2/cloud/multi/move', auth: 'user',
    summary: 'Moves a selection of documents and folders into a folder; a folder cannot go into itself.',
    body: z.object({ file_ids: idList.default([]), folder_ids: idList.default([]), target_folder_id: folderId }), response: done,
  }),
  recentList: route({
    method: 'GET', path: '/v2/cloud/recent/list', auth: 'user',
    summary: 'Recently opened or saved documents, newest first.',
    response: documents,
  }),
  recentDelete: route({
    method: 'DELETE', path: '/v2/cloud/recent/delete', auth: 'user',
    summary: 'Removes documents from the recent list (the documents stay).',
    body: z.object({ file_ids: idList.min(1) }), response: done,
  }),
  ossFileCreate: route({
    method: 'PUT', path: '/v2/cloud/oss/file/create', auth: 'user',
    summary: 'Keeps an uploaded file in the cloud as a document (quota checked atomically); idempotent.',
    body: z.object({ file_id: id, folder_id: folderId, name: typedName.optional() }), response: cloudDocument,
  }),
  fileDownloadUrl: route({
    method: 'GET', path: '/v2/cloud/file/download-url', auth: 'user',
    summary: 'A short-lived signed URL that downloads a document with its UTF-8 name.',
    query: z.object({ file_id: id }), response: downloadUrl,
  }),
  multiDownload: route({
    method: 'POST', path: '/v2/cloud/file/multi-download', auth: 'user',
    summary: 'A short-lived signed URL to a zip of a selection, streamed as it is read.',
    body: z.object({ file_ids: idList.default([]), folder_ids: idList.default([]) }), response: downloadUrl,
  }),
  capacityReceive: route({
    method: 'POST', path: '/v2/cloud/capacity/receive', auth: 'user',
    summary: 'Takes the free expansion of the capacity to 10 GB (once).',
    response: cloudCapacity,
  }),
  taskResult: route({
    method: 'GET', path: '/v2/cloud/task/result', auth: 'user',
    summary: "Saves a finished task's result to the cloud (the task's document-cloud target) and answers the document; idempotent.",
    query: z.object({ task_id: id, folder_id: folderId.optional() }), response: cloudDocument,
  }),
  taskDownloadUrl: route({
    method: 'GET', path: '/v2/cloud/task/download-task-url', auth: 'user',
    summary: "A short-lived signed URL to a finished task's result.",
    query: z.object({ task_id: id }), response: downloadUrl,
  }),
  uploadUrl: route({
    method: 'POST', path: '/v2/cloud/upload/url', auth: 'user',
    summary: 'Imports a PDF from an http(s) URL ending in .pdf; private, loopback and link-local addresses are refused.',
    body: urlImportRequest, response: uploadedFile,
  }),
  netdisk: route({
    method: 'POST', path: '/file/netdisk', auth: 'user',
    summary: "Imports files from a cloud disk's download URLs with its access token, through the same guarded fetch.",
    body: netdiskImportRequest, response: z.object({ files: z.array(uploadedFile) }),
  }),
  signedObject: route({
    method: 'GET', path: '/v2/cloud/object/:file_id', auth: 'signedUrl',
    summary: 'Streams a document or shared file to the holder of a signed download URL.',
    query: signedDownloadQuery, produces: 'application/octet-stream',
  }),
  signedTaskResult: route({
    method: 'GET', path: '/v2/cloud/task-object/:task_id', auth: 'signedUrl',
    summary: "Streams a task's result to the holder of a signed download URL.",
    query: signedDownloadQuery, produces: 'application/octet-stream',
  }),
  signedArchive: route({
    method: 'GET', path: '/v2/cloud/archive', auth: 'signedUrl',
    summary: 'Streams the zip of a multi-download selection (signed into the URL) to the holder of that URL.',
    query: signedDownloadQuery.extend({ selection: z.string().max(8000) }), produces: 'application/zip',
  }),
};

/** Share kinds of SPEC §3. */
export const shareTypes = { email: 1, link: 2, qrCode: 3 } as const;

export const shareRequest = z.object({
  /** The cloud document (or uploaded file) to share: its file_id. */
  share_key: id,
  share_type: z.coerce.number().int().refine((v) => v === 1 || v === 2 || v === 3, 'share_type is 1, 2 or 3'),
  file_type: z.coerce.number().int().min(1).max(2).default(1),
  source_email: z.string().trim().max(254).optional(),
  /** Comma-joined recipients of an email share (at most 5). */
  target_email: z.string().max(5 * 254 + 10).optional(),
  message: z.string().max(1000).optional(),
  language: z.string().max(10).optional(),
  share_days: z.coerce.number().int().refine((d) => (shareLimits.expiryDays as readonly number[]).includes(d), 'share_days is 1, 3, 7 or 3650')
    .default(shareLimits.defaultExpiryDays),
  version: z.string().max(20).optional(),
  source_user_id: z.string().max(64).optional(),
});
export type ShareRequest = z.input<typeof shareRequest>;

export const shareResponse = z.object({
  share_url: z.string(),
  share_code: z.string(),
  expires_at: z.number().int(),
  /** The link's QR code as a PNG data URL (share-file-qrcode, and share-file with share_type 3). */
  qr_images: z.string().optional(),
});
export type ShareResponse = z.infer<typeof shareResponse>;

export const shareCodeQuery = z.object({
  share_code: z.string().min(1).max(64),
  /** The caller's time stamp of SPEC §7 (cache busting); not used. */
  t: z.coerce.number().optional(),
});

export const sharedFile = z.object({
  file_name: z.string(),
  file_size: z.number().int(),
  total_page: z.number().int().nullable(),
  source_user_id: z.string(),
  /** The owner's name (or their email's local part) as the recipient sees it. */
  owner_name: z.string(),
  expires_at: z.number().int(),
});
export type SharedFile = z.infer<typeof sharedFile>;

export const shareItem = z.object({
  share_code: z.string(),
  share_url: z.string(),
  share_type: z.number().int(),
  file_id: z.string(),
  file_name: z.string(),
  target_email: z.string(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
});
export type ShareItem = z.infer<typeof shareItem>;

/**
 * A share opens as /app/pdf-editor?share_id=<code> (SPEC §2). The recipient must be signed in
 * (SPEC §6). An expired, revoked or unknown code all answer 11016 alike, so a code tells nobody
 * whether it ever existed.
 */
export const SHARE_PAGE = '/app/pdf-editor';

export const shareRoutes = {
  shareFile: route({
    method: 'POST', path: '/share/share-file', auth: 'user',
    summary: 'Shares a document by email (mailed to up to 5 recipients), link or QR code; 3023 past the daily limit.',
    body: shareRequest, response: shareResponse,
  }),
  shareFileQrcode: route({
    method: 'POST', path: '/share/share-file-qrcode', auth: 'user',
    summary: 'Shares a document as a link and answers its QR code (qr_images, a PNG data URL).',
    body: shareRequest, response: shareResponse,
  }),
  getShareFile: route({
    method: 'GET', path: '/share/get-share-file', auth: 'user',
    summary: 'The name, size and owner of a shared file; 11016 once expired.',
    query: shareCodeQuery, response: sharedFile,
  }),
  downloadShareFile: route({
    method: 'GET', path: '/share/download-share-file', auth: 'user',
    summary: 'A short-lived signed URL to download a shared file.',
    query: shareCodeQuery, response: downloadUrl,
  }),
  listShares: route({
    method: 'GET', path: '/share/list', auth: 'user',
    summary: "The account's shares that have not expired and are not revoked, newest first.",
    response: z.object({ shares: z.array(shareItem) }),
  }),
  revokeShare: route({
    method: 'POST', path: '/share/revoke', auth: 'user',
    summary: 'Revokes a share: its link then answers like an unknown one.',
    body: z.object({ share_code: z.string().min(1).max(64) }), response: done,
  }),
};

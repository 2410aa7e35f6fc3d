/**
 * What happens to a file after it is added to a tool page: upload, then document/info, which
 * tells whether it is readable, damaged or needs a password (SPEC §4, §5). The document check
 * runs while the file is still `ossUploading`, so the machine's own edges (encrypt, damage,
 * uploadSuccess) say how the upload ended.
 */
import { acceptsFile, fileExtension, toolByPageName, type ToolDefinition, type ToolPageName } from '@pagewright/contracts';
import { useAccountStore } from '../account/accountStore';
import { ApiError, isCanceled, toApiError, type ApiErrorCode } from '../api/ApiError';
import { getDocumentInfo } from '../api/client';
import { uploadFile } from '../api/upload';
import { showErrorToast } from '../toasts/errorToast';
import { getFile, useFileStore, type FileItem } from './fileStore';

const controllers = new Map<string, AbortController>();

const damageCodes: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  'FILE_DAMAGED', 'PDF_CORRUPTED', 'PARSE_EXCEPTION', 'FILE_TYPE_ERROR',
]);
const passwordNeeded: ApiErrorCode = 3122;

const store = () => useFileStore.getState();

/**
 * SPEC §6 auto_oss_upload: on a forced-cloud page (the AI tools), a signed-in user's files go
 * straight to their cloud; a guest's are ordinary uploads.
 */
export function uploadsToCloud(): boolean {
  const pageName = store().toolPageName;
  const tool = pageName ? toolByPageName(pageName) : undefined;
  return Boolean(tool?.meta.forceCloudUpload) && useAccountStore.getState().user !== null;
}

export interface AddResult {
  added: FileItem[];
  rejected: File[];
}

/**
 * Adds the files the tool accepts by extension (SPEC §5) and starts their uploads. A
 * single-upload tool keeps only the newest file.
 */
export function addFiles(tool: ToolDefinition, raws: readonly File[]): AddResult {
  const accepted = raws.filter((raw) => acceptsFile(tool, raw.name));
  const rejected = raws.filter((raw) => !acceptsFile(tool, raw.name));
  if (tool.singleUpload && accepted.length > 0) {
    for (const file of store().files) removeFile(file.uid);
    accepted.splice(1);
  }
  const added = store().add(accepted);
  for (const file of added) void uploadAndInspect(file.uid);
  return { added, rejected };
}

/** Binds the list to a tool page; leaving a tool stops its uploads. */
export function bindTool(pageName: ToolPageName): void {
  if (store().toolPageName !== pageName) abortAll();
  store().bindTool(pageName);
}

export function removeFile(uid: string): void {
  controllers.get(uid)?.abort();
  controllers.delete(uid);
  store().remove(uid);
}

/** Empties the list and stops every upload: "Start over". */
export function resetFiles(): void {
  abortAll();
  store().reset();
}

/** Uploads a file again after a failed upload; the file itself was kept (SPEC §8 OSSUploadFail). */
export function retryUpload(uid: string): void {
  const file = getFile(uid);
  if (file?.state !== 'ossUploadFailed') return;
  store().dispatch(uid, 'localAdd');
  void uploadAndInspect(uid);
}

function abortAll(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
}

async function uploadAndInspect(uid: string): Promise<void> {
  const file = getFile(uid);
  if (!file) return;
  const controller = new AbortController();
  controllers.set(uid, controller);
  const { signal } = controller;
  if (file.raw.size === 0) {
    // Nothing to upload, and no upload could help: an empty file is a damaged one (SPEC §8).
    controllers.delete(uid);
    const code = fileExtension(file.name) === 'pdf' ? 'PDF_CORRUPTED' : 'FILE_DAMAGED';
    store().dispatch(uid, 'damage');
    store().patch(uid, { errorCode: code });
    showErrorToast(new ApiError(code));
    return;
  }
  store().dispatch(uid, 'upload');
  store().patch(uid, { percentage: 0, errorCode: undefined, isUploadOss: false });
  try {
    const uploaded = await uploadFile(file.raw, {
      signal,
      autoOssUpload: uploadsToCloud(),
      onProgress: (done, total) => {
        store().patch(uid, { percentage: total > 0 ? Math.floor((done / total) * 100) : 100 });
      },
    });
    if (signal.aborted) return;
    store().patch(uid, {
      isUploadOss: true,
      percentage: 100,
      ossInfo: { file_id: uploaded.file_id, file_size: uploaded.file_size, file_url: uploaded.file_url },
    });
    // document/info reads PDFs; an image (jpg-to-pdf, OCR) is ready once stored.
    if (fileExtension(file.name) === 'pdf') await inspect(uid, uploaded.file_id, signal);
    else store().dispatch(uid, 'uploadSuccess');
  } catch (error) {
    if (signal.aborted || isCanceled(error) || !getFile(uid)) return;
    const { code } = toApiError(error);
    const shown = code === 'UNKNOWN' || code === 'ERR_BAD_RESPONSE' || code === 500 ? 'OSSUploadFail' : code;
    store().dispatch(uid, 'uploadError');
    store().patch(uid, { errorCode: shown });
    showErrorToast(new ApiError(shown));
  } finally {
    if (controllers.get(uid) === controller) controllers.delete(uid);
  }
}

/** document/info of a stored file: pages and size, or why it cannot be used. */
async function inspect(uid: string, fileId: string, signal: AbortSignal): Promise<void> {
  try {
    const info = await getDocumentInfo(fileId, undefined, signal);
    if (signal.aborted) return;
    patchInfo(uid, info);
    store().dispatch(uid, info.encrypted ? 'encrypt' : 'uploadSuccess');
  } catch (error) {
    if (signal.aborted || !getFile(uid)) return;
    const { code } = toApiError(error);
    if (code === passwordNeeded) {
      store().dispatch(uid, 'encrypt');
      return;
    }
    if (damageCodes.has(code)) {
      store().dispatch(uid, 'damage');
      store().patch(uid, { errorCode: code });
      showErrorToast(error);
      return;
    }
    throw error;
  }
}

function patchInfo(uid: string, info: { total_page: number; page_w: number; page_h: number }): void {
  const file = getFile(uid);
  if (!file?.ossInfo) return;
  store().patch(uid, {
    ossInfo: { ...file.ossInfo, total_page: info.total_page, page_w: info.page_w, page_h: info.page_h },
  });
}

export type UnlockResult = 'unlocked' | 'incorrect';

/**
 * Tries a password on an encrypted file. When document/info accepts it the file is decrypted;
 * its bytes are already stored, so the upload leg that follows decrypt ends at once in
 * ossSuccessful, the state a task takes files from.
 */
export async function unlockFile(uid: string, password: string): Promise<UnlockResult> {
  const file = getFile(uid);
  const fileId = file?.ossInfo?.file_id;
  if (file?.state !== 'encrypted' || !fileId) return 'incorrect';
  try {
    const info = await getDocumentInfo(fileId, password);
    if (getFile(uid)?.state !== 'encrypted') return 'unlocked';
    patchInfo(uid, info);
    store().patch(uid, { password, passwordSkipped: false });
    store().dispatch(uid, 'decrypt');
    store().dispatch(uid, 'upload');
    store().dispatch(uid, 'uploadSuccess');
    return 'unlocked';
  } catch (error) {
    const { code } = toApiError(error);
    if (code === 'INCORRECT_PASSWORD' || code === passwordNeeded) return 'incorrect';
    throw error;
  }
}

/** Tries one password on every other locked file (SPEC §5 "one password for all files"). */
export async function unlockOthers(exceptUid: string, password: string): Promise<void> {
  const others = store().files.filter((file) => file.state === 'encrypted' && file.uid !== exceptUid);
  await Promise.all(others.map((file) => unlockFile(file.uid, password).catch(() => 'incorrect')));
}

/** The user closed the dialog: the file stays locked and out of processing. */
export function skipPassword(uid: string): void {
  store().patch(uid, { passwordSkipped: true });
}

/** Opens the password dialog again for a file the user skipped. */
export function askPasswordAgain(uid: string): void {
  store().patch(uid, { passwordSkipped: false });
}

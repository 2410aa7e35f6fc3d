/**
 * Upload to the cloud from the cloud page (SPEC §7 cloud upload): the file goes to storage
 * through the ordinary upload, then becomes a document of the chosen folder. Progress stops at
 * 95% until the document exists, so 100% means it is in the cloud.
 */
import type { CloudCapacity, CloudDocument } from '@pagewright/contracts';
import { ApiError } from '../api/ApiError';
import { uploadFile } from '../api/upload';
import { fits } from './capacity';
import { keepInCloud } from './cloudApi';

export const uploadProgressCap = 0.95;

/** The shown progress, 0 to 1, while bytes are on their way. */
export function shownProgress(uploaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(uploadProgressCap, Math.max(0, uploaded / total));
}

export interface CloudUploadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: number) => void;
  /** Read just before the upload: a file that cannot fit is refused before any byte is sent. */
  capacity?: () => Promise<CloudCapacity>;
}

export async function uploadToCloud(file: File, folderId: string, options: CloudUploadOptions = {}): Promise<CloudDocument> {
  const { signal, onProgress } = options;
  if (options.capacity && !fits(await options.capacity(), file.size)) throw new ApiError('CLOUD_CAPACITY_EXCEEDED');
  const uploaded = await uploadFile(file, {
    ...(signal ? { signal } : {}),
    onProgress: (done, total) => onProgress?.(shownProgress(done, total)),
  });
  const document = await keepInCloud(uploaded.file_id, folderId);
  onProgress?.(1);
  return document;
}

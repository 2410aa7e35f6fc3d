import type { Readable } from 'node:stream';

/**
 * Where uploaded files and task results live. Keys are made by the server only
 * (`uploads/<file_id>`, `results/<task_id>/<name>`), never taken from a client.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** Moves or copies a finished local file into the store. */
  putFile(key: string, sourcePath: string): Promise<void>;
  openRead(key: string): Readable;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** Makes the object available as a local file for an engine and returns its path. */
  localCopy(key: string, tempDir: string): Promise<string>;
  /** Concatenates numbered part objects into `key`, returning size and md5 of the result. */
  assemble(key: string, partKeys: string[]): Promise<{ size: number; md5: string }>;
  md5(key: string): Promise<string>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /**
   * URLs that reach the store itself, so a browser's bytes never pass through the API process
   * (S3). Absent for the local directory, whose signed URLs the API serves.
   */
  readonly presigned?: PresignedAccess;
}

/** Presigned requests to the object store (SigV4 query signatures, valid for `ttlS` seconds). */
export interface PresignedAccess {
  /** The smallest part a multipart upload may have, except its last. */
  readonly minPartSize: number;
  /** One PUT of the whole object. */
  uploadUrl(key: string, ttlS: number): Promise<string>;
  /** Starts a multipart upload of `count` parts: its id and one PUT URL per part, in order. */
  startParts(key: string, count: number, ttlS: number): Promise<{ uploadId: string; partUrls: string[] }>;
  /** Joins the parts into the object, given each part's ETag (as the store answered its PUT), in order. */
  completeParts(key: string, uploadId: string, etags: string[]): Promise<void>;
  /** A GET answering with the object as an attachment named `fileName` (UTF-8 Content-Disposition). */
  downloadUrl(key: string, fileName: string, ttlS: number): Promise<string>;
  /** The object's size and the ETag the store computed from the bytes it received (no body read). */
  head(key: string): Promise<{ size: number; etag: string } | null>;
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._/-]*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new Error(`unsafe object key: ${key}`);
  }
}

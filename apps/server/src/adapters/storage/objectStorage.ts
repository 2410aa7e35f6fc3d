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
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._/-]*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new Error(`unsafe object key: ${key}`);
  }
}

import { timing } from '@pagewright/contracts';
import SparkMD5 from 'spark-md5';
import { throwIfAborted } from './abort';

/**
 * The md5 hex digest of a file, read in 2 MB chunks (SPEC §7) so a large file never sits in
 * memory whole and the page stays responsive between chunks.
 */
export async function md5OfFile(
  file: Blob,
  options: { signal?: AbortSignal; onProgress?: (hashed: number, total: number) => void } = {},
): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  const chunk = timing.uploadHashChunk;
  for (let offset = 0; offset < file.size; offset += chunk) {
    throwIfAborted(options.signal);
    spark.append(await file.slice(offset, offset + chunk).arrayBuffer());
    options.onProgress?.(Math.min(offset + chunk, file.size), file.size);
  }
  throwIfAborted(options.signal);
  return spark.end();
}

import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CatalogueError } from '@pagewright/contracts';
import { reasonOf } from './errors.js';

/**
 * Writes `data` to `path` through a temporary file in the same directory and a rename, so a
 * reader never sees a partial output and a failure leaves nothing behind.
 */
export async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  const target = resolve(path);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true }).catch(() => undefined);
    const wrapped = new CatalogueError('UNKNOWN', `cannot write output: ${reasonOf(err)}`);
    (wrapped as Error).cause = err;
    throw wrapped;
  }
}

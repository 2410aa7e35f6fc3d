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
  await writeAtomically(path, (temp) => writeFile(temp, data, { flag: 'wx' }));
}

/**
 * Lets `write` produce the output in a temporary file beside `path`, then renames it into
 * place. A failure of `write` or of the rename removes the temporary file; I/O failures become
 * CatalogueError('UNKNOWN'), catalogue errors thrown by `write` pass through.
 */
export async function writeAtomically(path: string, write: (tempPath: string) => Promise<void>): Promise<void> {
  const target = resolve(path);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await write(temp);
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true }).catch(() => undefined);
    if (err instanceof CatalogueError) throw err;
    const wrapped = new CatalogueError('UNKNOWN', `cannot write output: ${reasonOf(err)}`);
    (wrapped as Error).cause = err;
    throw wrapped;
  }
}

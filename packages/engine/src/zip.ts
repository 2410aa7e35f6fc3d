/** Zip outputs (split parts, extracted images), written like every other output: atomically. */
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { writeAtomically } from './files.js';

/** Adds one entry; resolves once the zip stream had a chance to write it out. */
export type AddEntry = (name: string, data: Uint8Array, compress?: boolean) => Promise<void>;

/**
 * Writes a zip at `path`: `fill` adds the entries (stored uncompressed unless `compress`, as
 * PDFs, JPEGs and PNGs are compressed already). The zip goes to a temporary file renamed into
 * place when complete; if `fill` throws, nothing is left behind and its error is rethrown.
 */
export async function writeZip(path: string, fill: (add: AddEntry) => Promise<void>): Promise<void> {
  await writeAtomically(path, async (temp) => {
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(temp, { flags: 'wx' }));
    // Observed below; this keeps a failure before that point from being reported as unhandled.
    written.catch(() => undefined);
    try {
      await fill(async (name, data, compress = false) => {
        zip.addBuffer(Buffer.from(data.buffer, data.byteOffset, data.byteLength), name, { compress });
        await new Promise((resolve) => setImmediate(resolve));
      });
      zip.end();
    } catch (err) {
      (zip.outputStream as Readable).destroy();
      await written.catch(() => undefined);
      throw err;
    }
    await written;
  });
}

/** Zips files from disk under the given entry names. */
export async function zipFiles(path: string, files: Array<{ file: string; name: string }>, compress = false): Promise<void> {
  await writeAtomically(path, async (temp) => {
    const zip = new yazl.ZipFile();
    for (const { file, name } of files) zip.addFile(file, name, { compress });
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(temp, { flags: 'wx' }));
  });
}

import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** Zips local files under their base names into `outputPath`. */
export async function zipFiles(files: string[], outputPath: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addFile(file, path.basename(file));
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(outputPath));
}

import path from 'node:path';
// The zip helper alone, not the engine's index: that loads MuPDF, which only the worker threads load.
import { zipFiles as zipEntries } from '@pagewright/engine/zip';

/**
 * Zips local files under their base names into `outputPath`, deflated: the engine's zip helper
 * (entries streamed from disk into a temporary file renamed into place when complete).
 */
export async function zipFiles(files: string[], outputPath: string): Promise<void> {
  await zipEntries(outputPath, files.map((file) => ({ file, name: path.basename(file) })), true);
}

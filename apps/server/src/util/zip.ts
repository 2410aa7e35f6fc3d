import path from 'node:path';
import { zipFiles as zipEntries } from '@pagewright/engine';

/**
 * Zips local files under their base names into `outputPath`, deflated: the engine's zip helper
 * (entries streamed from disk into a temporary file renamed into place when complete).
 */
export async function zipFiles(files: string[], outputPath: string): Promise<void> {
  await zipEntries(outputPath, files.map((file) => ({ file, name: path.basename(file) })), true);
}

import { stat } from 'node:fs/promises';
import { CatalogueError } from '@pagewright/contracts';
import { InputError, asCatalogueError, reasonOf } from './errors.js';
import { writeFileAtomic } from './files.js';
import { progressReporter, type ProgressFn } from './progress.js';
import { DocumentAssembler } from './pdf/assemble.js';
import { openPdfBytes, readInput, type Fail } from './pdf/open.js';
import { saveOptions } from './pdf/save.js';

export interface PdfInput {
  path: string;
  password?: string;
}

/** Share of the progress bar spent on reading and copying; the rest is saving and writing. */
const COPY_SHARE = 90;

/**
 * Merges the inputs into one PDF at `outputPath`: every page of every input in order, the
 * outlines of every input (appended in input order, nesting kept), annotations with link
 * destinations remapped to the merged pages (named destinations made explicit), form fields,
 * optional content groups and attached files. Encrypted inputs are opened with their password;
 * the output is not encrypted. Throws CatalogueError (InputError naming the input when one
 * input is at fault); on failure nothing is written at `outputPath`.
 */
export async function mergePdf(inputs: PdfInput[], outputPath: string, onProgress?: ProgressFn): Promise<{ pages: number }> {
  if (!Array.isArray(inputs) || inputs.length === 0) throw new CatalogueError('INVALID_PARAMS', 'merge needs at least one input');
  const report = progressReporter(onProgress);
  report(0);
  // Input sizes weight the progress bar; a missing file is reported when it is read.
  const sizes = await Promise.all(inputs.map((input) => stat(input.path).then((s) => s.size, () => 0)));
  const totalSize = sizes.reduce((a, b) => a + b, 0) || 1;
  let doneSize = 0;

  const assembler = new DocumentAssembler();
  let data: Uint8Array;
  let pages: number;
  try {
    for (const [index, input] of inputs.entries()) {
      const fail: Fail = (code, reason) => new InputError(code, index, input.path, reason);
      const bytes = await readInput(input.path, fail);
      const { doc: src, pageCount } = openPdfBytes(bytes, input.password, fail);
      try {
        const size = sizes[index] ?? 0;
        const onPage = (done: number): void => report(((doneSize + (size * done) / pageCount) / totalSize) * COPY_SHARE);
        try {
          assembler.addPages(src, pageCount, { inputIndex: index, onPage });
        } catch (err) {
          throw fail('FILE_DAMAGED', reasonOf(err));
        }
        doneSize += size;
      } finally {
        src.destroy();
      }
    }
    report(COPY_SHARE);
    pages = assembler.pageCount;
    data = assembler.save(saveOptions.plain);
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    assembler.destroy();
  }
  report(COPY_SHARE + 5);
  await writeFileAtomic(outputPath, data);
  report(100);
  return { pages };
}

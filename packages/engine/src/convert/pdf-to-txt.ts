/**
 * PDF to text: the body of every page in reading order (column by column, never interleaving
 * columns), paragraphs joined into one line each and separated by blank lines, table rows as
 * tab-separated cells, pages separated by a form feed. Running headers and footers are left out.
 */
import { writeFileAtomic } from '../files.js';
import type { PdfInput } from '../merge.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { analysePdf } from '../reconstruct/analyse.js';
import type { DocumentLayout } from '../reconstruct/layout.js';
import { blockText } from '../reconstruct/text.js';

export async function pdfToTxt(input: PdfInput, outputPath: string, onProgress?: ProgressFn): Promise<void> {
  const report = progressReporter(onProgress);
  const layout = await analysePdf(input, (p) => report(p * 0.9));
  await writeFileAtomic(outputPath, Buffer.from(layoutToText(layout), 'utf8'));
  report(100);
}

/** The plain text of a layout (see pdfToTxt). */
export function layoutToText(layout: DocumentLayout): string {
  return layout.pages
    .map((page) =>
      page.blocks
        .map(blockText)
        .filter((t) => t.trim() !== '')
        .join('\n\n'),
    )
    .join('\n\f\n')
    .concat('\n');
}

/**
 * EPUB to PDF. LibreOffice 7.4 exports EPUB but cannot import it, so MuPDF lays the book out
 * (its HTML/CSS engine reads the spine's XHTML, style sheets and images from the archive only:
 * it has no network access and runs no script) on A4 pages, and its PDF writer keeps the text
 * as text.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { CatalogueError } from '@pagewright/contracts';
import { mupdf } from '../mupdf.js';
import { reasonOf } from '../errors.js';

const A4: [number, number] = [595.28, 841.89];
/** Text size of the layout in points. */
const EM = 11;
const MARGIN = 48;

export async function epubToPdf(inputPath: string, tempOutputPath: string, onPage?: (done: number, total: number) => void): Promise<void> {
  const bytes = await readFile(inputPath).catch(() => {
    throw new CatalogueError('INVALID_PARAMS', `input not found: ${inputPath}`);
  });
  if (bytes.subarray(0, 2).toString('latin1') !== 'PK') throw new CatalogueError('FILE_DAMAGED', 'not an EPUB (no zip archive)');
  let doc: InstanceType<typeof mupdf.Document> | undefined;
  let buffer: InstanceType<typeof mupdf.Buffer> | undefined;
  let writer: InstanceType<typeof mupdf.DocumentWriter> | undefined;
  try {
    try {
      doc = mupdf.Document.openDocument(bytes, 'application/epub+zip');
      doc.layout(A4[0] - 2 * MARGIN, A4[1] - 2 * MARGIN, EM);
    } catch (err) {
      throw new CatalogueError('FILE_DAMAGED', `MuPDF cannot open the EPUB: ${reasonOf(err)}`);
    }
    const count = doc.countPages();
    if (count === 0) throw new CatalogueError('FILE_DAMAGED', 'the EPUB has no content');
    buffer = new mupdf.Buffer();
    writer = new mupdf.DocumentWriter(buffer, 'pdf', 'compress');
    for (let i = 0; i < count; i++) {
      const page = doc.loadPage(i);
      try {
        const device = writer.beginPage([0, 0, A4[0], A4[1]]);
        page.run(device, mupdf.Matrix.translate(MARGIN, MARGIN));
        writer.endPage();
      } finally {
        page.destroy();
      }
      onPage?.(i + 1, count);
    }
    writer.close();
    await writeFile(tempOutputPath, buffer.asUint8Array(), { flag: 'wx' });
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    throw new CatalogueError('PARSE_EXCEPTION', `EPUB layout failed: ${reasonOf(err)}`);
  } finally {
    writer?.destroy();
    buffer?.destroy();
    doc?.destroy();
  }
}

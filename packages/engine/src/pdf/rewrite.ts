/**
 * The two shapes of a single-document operation. `rewritePdf` changes the opened document in
 * place (rotate, crop, protect, unlock) and saves it whole: everything the operation does not
 * touch (outline, links, forms, structure tree, page labels, metadata) stays as it was.
 * `assembleSelection` builds a new document from a selection of its pages (delete, rearrange,
 * split), like a merge of one input.
 */
import { asCatalogueError, reasonOf } from '../errors.js';
import { writeFileAtomic } from '../files.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import type { PDFDocument } from '../mupdf.js';
import { DocumentAssembler } from './assemble.js';
import type { SourceIndex } from './copy.js';
import type { OpenedPdf } from './open.js';
import { saveOptions, savePdf } from './save.js';
import { documentFail, openInput, type SingleInput } from './single.js';

/** Share of the progress bar reached when the document is ready to save. */
const WORK_SHARE = 80;

/**
 * Opens `input`, lets `edit` change the document (it returns the save options, normally
 * `saveOptions.plain`), saves it to `outputPath` through a temporary file. `edit` throws
 * CatalogueErrors for bad parameters; anything else becomes UNKNOWN.
 */
export async function rewritePdf(
  input: SingleInput,
  outputPath: string,
  onProgress: ProgressFn | undefined,
  edit: (opened: OpenedPdf, report: (percent: number) => void) => string,
): Promise<{ pages: number }> {
  const report = progressReporter(onProgress);
  report(0);
  const opened = await openInput(input);
  let data: Uint8Array;
  try {
    const options = edit(opened, (percent) => report((percent * WORK_SHARE) / 100));
    report(WORK_SHARE);
    data = savePdf(opened.doc, options);
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    opened.doc.destroy();
  }
  report(95);
  await writeFileAtomic(outputPath, data);
  report(100);
  return { pages: opened.pageCount };
}

export interface Selection {
  /** 0-based source pages in output order, none repeated. */
  indices: number[];
  /** Extra clockwise turn by 0-based source page. */
  turns?: ReadonlyMap<number, number>;
  /** Facts about the source shared between selections of the same document. */
  index?: SourceIndex;
}

/**
 * A new PDF of the selected pages of `src`: their annotations, the bookmarks and links that
 * lead to them, form fields with widgets on them, attachments, optional content, document
 * information and catalogue settings. `onPage` gets the number of pages copied so far.
 */
export function assembleSelection(src: PDFDocument, pageCount: number, selection: Selection, onPage?: (done: number) => void): Uint8Array {
  let assembler: DocumentAssembler | undefined;
  try {
    assembler = new DocumentAssembler();
    try {
      assembler.addPages(src, pageCount, { ...selection, documentProperties: true, onPage });
    } catch (err) {
      throw documentFail('FILE_DAMAGED', reasonOf(err));
    }
    return assembler.save(saveOptions.plain);
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    assembler?.destroy();
  }
}

/**
 * Opens `input`, asks `choose` for the selection (it validates the parameters against the page
 * count and throws CatalogueErrors), writes the selected pages to `outputPath`.
 */
export async function selectPages(
  input: SingleInput,
  outputPath: string,
  onProgress: ProgressFn | undefined,
  choose: (pageCount: number) => Selection,
): Promise<{ pages: number }> {
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  let data: Uint8Array;
  let pages: number;
  try {
    const selection = choose(pageCount);
    pages = selection.indices.length;
    data = assembleSelection(doc, pageCount, selection, (done) => report((done / pages) * WORK_SHARE));
  } finally {
    doc.destroy();
  }
  report(95);
  await writeFileAtomic(outputPath, data);
  report(100);
  return { pages };
}

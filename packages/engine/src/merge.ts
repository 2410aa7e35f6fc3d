import { stat } from 'node:fs/promises';
import { CatalogueError } from '@pagewright/contracts';
import { mupdf, type PDFDocument, type PDFGraftMap, type PDFObject } from './mupdf.js';
import { InputError, asCatalogueError, reasonOf } from './errors.js';
import { writeFileAtomic } from './files.js';
import { progressReporter, type ProgressFn } from './progress.js';
import { CatalogMerger } from './pdf/catalog.js';
import { ObjectCopier } from './pdf/copy.js';
import { openPdfBytes, readInput, type Fail } from './pdf/open.js';
import { readOutline, writeOutline, type OutlineNode } from './pdf/outline.js';

export interface PdfInput {
  path: string;
  password?: string;
}

/**
 * Save options: drop unused objects and renumber, compress what is not yet compressed, pack
 * small objects into object streams. Renumbering is required: with plain `garbage` and
 * `objstms` MuPDF 1.28 writes invalid cross-reference entries for the dropped objects.
 * Deduplication (garbage=3/4) costs ten times the whole merge; left out.
 */
export const MERGE_SAVE_OPTIONS = 'garbage=compact,compress,objstms';

/** Page keys grafted natively, inherited ones resolved (what MuPDF's graftPage copies). */
const PAGE_KEYS = ['Contents', 'Resources', 'MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox', 'Rotate', 'UserUnit'];
/** Further page keys that matter for display and navigation; copied without reaching other pages. */
const PAGE_EXTRA_KEYS = ['Group', 'Tabs', 'Dur', 'Trans', 'AA', 'VP'];

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

  const dst = new mupdf.PDFDocument();
  let data: Uint8Array;
  let pages = 0;
  try {
    const outline: OutlineNode[] = [];
    const catalog = new CatalogMerger(dst);
    const pageTree = dst.getTrailer().get('Root', 'Pages');
    const kids = pageTree.get('Kids');
    for (const [index, input] of inputs.entries()) {
      const fail: Fail = (code, reason) => new InputError(code, index, input.path, reason);
      const bytes = await readInput(input.path, fail);
      const { doc: src, pageCount } = openPdfBytes(bytes, input.password, fail);
      let graft: PDFGraftMap | undefined;
      try {
        graft = dst.newGraftMap();
        const pageByObj = new Map<number, PDFObject>();
        const pageByIndex: PDFObject[] = [];
        const size = sizes[index] ?? 0;
        try {
          for (let i = 0; i < pageCount; i++) {
            const srcPage = src.findPage(i);
            const dstPage = graftPage(dst, graft, srcPage, pageTree);
            kids.push(dstPage);
            if (srcPage.isIndirect()) pageByObj.set(srcPage.asIndirect(), dstPage);
            pageByIndex.push(dstPage);
            report(((doneSize + (size * (i + 1)) / pageCount) / totalSize) * COPY_SHARE);
          }
        } catch (err) {
          throw fail('FILE_DAMAGED', reasonOf(err));
        }
        const copier = new ObjectCopier(src, dst, graft, pageByObj, pageByIndex);
        copyPageExtras(src, pageByIndex, copier);
        try {
          outline.push(...readOutline(copier));
        } catch {
          // Best effort: an unreadable outline root leaves this input without bookmarks.
        }
        catalog.addSource(copier, index);
        pages += pageCount;
        doneSize += size;
      } finally {
        graft?.destroy();
        src.destroy();
      }
    }
    pageTree.put('Count', pages);
    writeOutline(dst, outline);
    catalog.write();
    report(COPY_SHARE);
    const buffer = dst.saveToBuffer(MERGE_SAVE_OPTIONS);
    try {
      // Copy out of the WebAssembly heap: the view is invalidated when the heap grows.
      data = Buffer.from(buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    dst.destroy();
  }
  report(COPY_SHARE + 5);
  await writeFileAtomic(outputPath, data);
  report(100);
  return { pages };
}

/**
 * Copies one page like MuPDF's graftPage (content and resources through the graft map, so
 * resources shared between pages stay shared) and appends it to the merged page tree. Done
 * here rather than with graftPage because graftPage inserts through the page tree and
 * invalidates MuPDF's page lookup cache: both cost O(pages) per page, quadratic on big merges.
 */
function graftPage(dst: PDFDocument, graft: PDFGraftMap, srcPage: PDFObject, parent: PDFObject): PDFObject {
  const page = dst.newDictionary();
  page.put('Type', dst.newName('Page'));
  for (const key of PAGE_KEYS) {
    const value = srcPage.getInheritable(key);
    if (!value.isNull()) page.put(key, graft.graftObject(value));
  }
  page.put('Parent', parent);
  return dst.addObject(page);
}

/** Annotations (with remapped destinations) and the page keys graftPage does not copy. */
function copyPageExtras(src: PDFDocument, pageByIndex: PDFObject[], copier: ObjectCopier): void {
  const { dst } = copier;
  pageByIndex.forEach((dstPage, index) => {
    let srcPage: PDFObject;
    try {
      srcPage = src.findPage(index);
    } catch {
      return;
    }
    for (const key of PAGE_EXTRA_KEYS) {
      try {
        const value = srcPage.get(key);
        if (value.isNull() || !dstPage.get(key).isNull()) continue;
        const copied = copier.copy(value);
        if (copied) dstPage.put(key, copied);
      } catch {
        // Best effort, like annotations below.
      }
    }
    let annots: PDFObject;
    try {
      annots = srcPage.get('Annots');
      if (!annots.isArray() || annots.length === 0) return;
    } catch {
      return;
    }
    const out = dst.newArray();
    const n = annots.length;
    for (let i = 0; i < n; i++) {
      try {
        const copied = copier.copy(annots.get(i));
        if (!copied || !copied.isDictionary()) continue;
        out.push(copied.isIndirect() ? copied : dst.addObject(copied));
      } catch {
        // A broken annotation is left out; the page and its other annotations stay.
      }
    }
    if (out.length > 0) dstPage.put('Annots', out);
  });
}

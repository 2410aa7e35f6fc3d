/**
 * Builds a new PDF from pages of one or more source documents: merge appends every page of
 * every input; split, delete and rearrange take a selection of one document's pages. Pages are
 * grafted (content and resources shared through one graft map per source), then annotations
 * with their link destinations remapped, the outline, form fields, optional content and
 * attached files. When only some pages of a source are taken, whatever pointed at the pages
 * left out goes: bookmarks (unless they have remaining children), internal links, and the
 * widgets of form fields on those pages.
 */
import { mupdf, type PDFDocument, type PDFGraftMap, type PDFObject } from '../mupdf.js';
import { CatalogMerger } from './catalog.js';
import { ObjectCopier, lostDestination, type SourceIndex } from './copy.js';
import { readOutline, writeOutline, type OutlineNode } from './outline.js';
import { savePdf } from './save.js';

/** Page keys grafted natively, inherited ones resolved (what MuPDF's graftPage copies). */
const PAGE_KEYS = ['Contents', 'Resources', 'MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox', 'Rotate', 'UserUnit'];
/** Further page keys that matter for display and navigation; copied without reaching other pages. */
const PAGE_EXTRA_KEYS = ['Group', 'Tabs', 'Dur', 'Trans', 'AA', 'VP'];
/** Catalogue entries of a source carried into a document made of its pages only. */
const CATALOG_KEYS = ['Lang', 'ViewerPreferences', 'PageLayout', 'PageMode', 'Metadata', 'OutputIntents'];

export interface AddPagesOptions {
  /** 0-based source pages in output order (none repeated); default every page in order. */
  indices?: readonly number[];
  /** Extra clockwise turn (degrees, a multiple of 90) by 0-based source page. */
  turns?: ReadonlyMap<number, number>;
  /** 0-based position of this source among the inputs; renames clashing form fields. */
  inputIndex?: number;
  /** Also take the document information and catalogue settings (language, viewer preferences, XMP). */
  documentProperties?: boolean;
  /** Facts about `src` shared by several calls (split adds the same source to many documents). */
  index?: SourceIndex;
  /** Called after each page is grafted with the number of pages done so far. */
  onPage?: (done: number) => void;
}

/** The clockwise rotation `base + turn`, normalised to 0, 90, 180 or 270. */
export function addTurn(base: number, turn: number): number {
  const quarter = Math.round((Number.isFinite(base) ? base : 0) / 90) + Math.round(turn / 90);
  return (((quarter % 4) + 4) % 4) * 90;
}

/** The /Rotate of a page object (inherited or its own), normalised to 0, 90, 180 or 270. */
export function pageRotation(page: PDFObject): number {
  const value = page.getInheritable('Rotate');
  return addTurn(value.isNumber() ? value.asNumber() : 0, 0);
}

export class DocumentAssembler {
  readonly dst: PDFDocument;
  private readonly pageTree: PDFObject;
  private readonly kids: PDFObject;
  private readonly outline: OutlineNode[] = [];
  private readonly catalog: CatalogMerger;
  private pages = 0;

  constructor() {
    this.dst = new mupdf.PDFDocument();
    try {
      this.pageTree = this.dst.getTrailer().get('Root', 'Pages');
      this.kids = this.pageTree.get('Kids');
      this.catalog = new CatalogMerger(this.dst);
    } catch (err) {
      this.dst.destroy();
      throw err;
    }
  }

  get pageCount(): number {
    return this.pages;
  }

  /**
   * Appends pages of `src` (which has `pageCount` pages). Grafting a page throws (the caller
   * reports the source as damaged); annotations, outline, form fields and attachments are best
   * effort: a broken one is left out.
   */
  addPages(src: PDFDocument, pageCount: number, options: AddPagesOptions = {}): void {
    const { dst } = this;
    const indices = options.indices ?? Array.from({ length: pageCount }, (_, i) => i);
    const partial = new Set(indices).size < pageCount;
    const graft = dst.newGraftMap();
    try {
      const pageByObj = new Map<number, PDFObject>();
      // Sparse when only some pages are taken: source index -> new page.
      const pageByIndex: PDFObject[] = [];
      for (const [done, index] of indices.entries()) {
        const srcPage = src.findPage(index);
        const dstPage = graftPage(dst, graft, srcPage, this.pageTree);
        const turn = options.turns?.get(index) ?? 0;
        if (turn % 360 !== 0) dstPage.put('Rotate', addTurn(pageRotation(srcPage), turn));
        this.kids.push(dstPage);
        if (srcPage.isIndirect()) pageByObj.set(srcPage.asIndirect(), dstPage);
        pageByIndex[index] = dstPage;
        options.onPage?.(done + 1);
      }
      this.pages += indices.length;
      const keptAnnots = partial ? annotationNumbers(src, indices) : undefined;
      const copier = new ObjectCopier(src, dst, graft, pageByObj, pageByIndex, { keptAnnots, index: options.index });
      copyPageExtras(src, pageByIndex, copier, partial);
      try {
        this.outline.push(...readOutline(copier, partial));
      } catch {
        // Best effort: an unreadable outline root leaves this source without bookmarks.
      }
      this.catalog.addSource(copier, options.inputIndex ?? 0);
      if (options.documentProperties) copyDocumentProperties(copier);
    } finally {
      graft.destroy();
    }
  }

  /** Finishes the page tree, outline and catalogue and returns the saved file. */
  save(options: string): Uint8Array {
    this.pageTree.put('Count', this.pages);
    writeOutline(this.dst, this.outline);
    this.catalog.write();
    return savePdf(this.dst, options);
  }

  destroy(): void {
    this.dst.destroy();
  }
}

/**
 * Copies one page like MuPDF's graftPage (content and resources through the graft map, so
 * resources shared between pages stay shared) and links it under `parent`. Done here rather
 * than with graftPage because graftPage inserts through the page tree and invalidates MuPDF's
 * page lookup cache: both cost O(pages) per page, quadratic on big documents.
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

/** Object numbers of the annotations on the given source pages. */
function annotationNumbers(src: PDFDocument, indices: readonly number[]): Set<number> {
  const numbers = new Set<number>();
  for (const index of indices) {
    try {
      const annots = src.findPage(index).get('Annots');
      if (!annots.isArray()) continue;
      const n = annots.length;
      for (let i = 0; i < n; i++) {
        const annot = annots.get(i);
        if (annot.isIndirect()) numbers.add(annot.asIndirect());
      }
    } catch {
      // A page whose annotations cannot be read keeps none.
    }
  }
  return numbers;
}

/**
 * Annotations (with remapped destinations) and the page keys graftPage does not copy. With
 * `dropDeadLinks`, a link whose destination page was not copied is left out.
 */
function copyPageExtras(src: PDFDocument, pageByIndex: PDFObject[], copier: ObjectCopier, dropDeadLinks: boolean): void {
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
        const annot = annots.get(i);
        const copied = copier.copy(annot);
        if (!copied || !copied.isDictionary()) continue;
        if (dropDeadLinks && annot.get('Subtype').isName() && annot.get('Subtype').asName() === 'Link' && lostDestination(annot, copied)) continue;
        out.push(copied.isIndirect() ? copied : dst.addObject(copied));
      } catch {
        // A broken annotation is left out; the page and its other annotations stay.
      }
    }
    if (out.length > 0) dstPage.put('Annots', out);
  });
}

/** The document information dictionary and catalogue settings of a single source. */
function copyDocumentProperties(copier: ObjectCopier): void {
  const { src, dst } = copier;
  const trailer = src.getTrailer();
  const copyInto = (target: PDFObject, key: string, value: PDFObject): void => {
    try {
      if (value.isNull()) return;
      const copied = copier.copy(value);
      if (copied) target.put(key, copied);
    } catch {
      // Best effort: a broken entry is left out.
    }
  };
  copyInto(dst.getTrailer(), 'Info', trailer.get('Info'));
  const root = trailer.get('Root');
  const dstRoot = dst.getTrailer().get('Root');
  for (const key of CATALOG_KEYS) copyInto(dstRoot, key, root.get(key));
}

/**
 * Copies objects of one source document into the merged document without dragging the
 * source's page tree along. MuPDF's graft map copies an object and everything it references;
 * that is right for page content and resources, but an annotation's /P, a link's destination
 * or a form field's /Kids reference page objects, and grafting those would copy whole source
 * pages (and through /Parent the source page tree) into the output. This copier walks such
 * objects itself: references to source pages become references to the merged pages, named
 * destinations become explicit ones, page-tree and catalogue objects are never copied, and
 * objects that cannot reach a page (streams, fonts, images, ...) are handed to the native
 * graft map, which shares them with the page resources already grafted.
 */
import type { PDFDocument, PDFGraftMap, PDFObject } from '../mupdf.js';

/** Dictionaries of these /Type values cannot reference pages; MuPDF grafts them natively. */
const NATIVE_TYPES = new Set([
  'Font', 'FontDescriptor', 'XObject', 'ExtGState', 'Pattern', 'Shading', 'Encoding', 'CMap',
  'OCG', 'OCMD', 'Filespec', 'EmbeddedFile', 'Metadata', 'Group', 'Mask', 'Halftone',
]);
/** Never copied from a reference: the merged document has its own. */
const BLOCKED_TYPES = new Set(['Page', 'Pages', 'Catalog', 'Outlines', 'StructTreeRoot', 'StructElem', 'MCR', 'OBJR']);
/** Keys that point into the source's structure tree, which the merge does not carry. */
const SKIPPED_KEYS = new Set(['StructParent', 'StructParents', 'SD', 'SE']);

/**
 * Values under these keys (annotation geometry and appearance, field options) cannot lead to
 * a page: they are grafted natively in one call instead of being walked from JavaScript.
 */
const NATIVE_KEYS = new Set([
  'Rect', 'QuadPoints', 'Border', 'BS', 'BE', 'C', 'IC', 'CL', 'L', 'LE', 'LL', 'LLE', 'LLO',
  'Vertices', 'InkList', 'RD', 'AP', 'MK', 'DA', 'DS', 'DR', 'RC', 'Contents', 'NM', 'M',
  'CreationDate', 'FS', 'Opt', 'TU', 'TM', 'MaxLen', 'Ff', 'Q', 'Subj', 'CA', 'H', 'F',
]);

const MAX_DEPTH = 64;
const MAX_NAME_TREE_DEPTH = 32;

export function nameOf(obj: PDFObject): string | undefined {
  return obj.isName() ? obj.asName() : undefined;
}

/** The text of a string or name object, or undefined. */
export function keyOf(obj: PDFObject): string | undefined {
  if (obj.isString()) return obj.asString();
  if (obj.isName()) return obj.asName();
  return undefined;
}

/** Reads a name tree (e.g. /Dests, /EmbeddedFiles) into a map; cycles and depth are bounded. */
export function readNameTree(root: PDFObject): Map<string, PDFObject> {
  const result = new Map<string, PDFObject>();
  const seen = new Set<number>();
  const walk = (node: PDFObject, depth: number): void => {
    if (depth > MAX_NAME_TREE_DEPTH || !node.isDictionary()) return;
    if (node.isIndirect()) {
      const num = node.asIndirect();
      if (seen.has(num)) return;
      seen.add(num);
    }
    const names = node.get('Names');
    if (names.isArray()) {
      const n = names.length;
      for (let i = 0; i + 1 < n; i += 2) {
        const key = keyOf(names.get(i));
        if (key !== undefined && !result.has(key)) result.set(key, names.get(i + 1));
      }
    }
    const kids = node.get('Kids');
    if (kids.isArray()) {
      const n = kids.length;
      for (let i = 0; i < n; i++) walk(kids.get(i), depth + 1);
    }
  };
  walk(root, 0);
  return result;
}

/**
 * Whether `copy` (of the link annotation `src`) lost the destination of `src`: a /Dest, or the
 * /D of a GoTo action, that led to a page which was not copied.
 */
export function lostDestination(src: PDFObject, copy: PDFObject): boolean {
  if (!src.get('Dest').isNull()) return copy.get('Dest').isNull();
  const action = src.get('A');
  if (!action.isDictionary() || nameOf(action.get('S')) !== 'GoTo' || action.get('D').isNull()) return false;
  return copy.get('A', 'D').isNull();
}

/**
 * What every copy made from one source can share: its named destinations, read once. Split
 * copies the same source into many parts.
 */
export class SourceIndex {
  private named: Map<string, PDFObject> | undefined;

  constructor(readonly src: PDFDocument) {}

  /** The /Names /Dests tree and the old catalogue /Dests dictionary, merged. */
  namedDestinations(): Map<string, PDFObject> {
    if (!this.named) {
      const root = this.src.getTrailer().get('Root');
      const named = readNameTree(root.get('Names', 'Dests'));
      const old = root.get('Dests');
      if (old.isDictionary()) {
        old.forEach((value, key) => {
          if (typeof key === 'string' && !named.has(key)) named.set(key, value);
        });
      }
      this.named = named;
    }
    return this.named;
  }
}

export interface CopierOptions {
  /** Shared facts about the source (default: the copier reads them itself). */
  index?: SourceIndex;
  /**
   * When only some pages of the source are copied: the object numbers of the annotations on
   * those pages. Any other annotation (a widget on a page left out, reached through a form
   * field's /Kids or a popup's /Parent) is not copied, and is removed from /Kids arrays.
   */
  keptAnnots?: ReadonlySet<number>;
}

/** An annotation dictionary: it has a /Subtype name and a /Rect (fonts, images and forms have no /Rect). */
function isAnnotation(dict: PDFObject): boolean {
  return dict.get('Subtype').isName() && dict.get('Rect').isArray();
}

export class ObjectCopier {
  private readonly memo = new Map<number, PDFObject | null>();
  private readonly index: SourceIndex;

  /**
   * @param pageByObj source page object number -> merged page reference
   * @param pageByIndex merged page references by source page index (sparse when only some pages are copied)
   */
  constructor(
    readonly src: PDFDocument,
    readonly dst: PDFDocument,
    private readonly graft: PDFGraftMap,
    private readonly pageByObj: Map<number, PDFObject>,
    private readonly pageByIndex: PDFObject[],
    private readonly options: CopierOptions = {},
  ) {
    this.index = options.index ?? new SourceIndex(src);
  }

  /** A copy of `obj` for the merged document, or null when it must be left out. */
  copy(obj: PDFObject, depth = 0): PDFObject | null {
    if (depth > MAX_DEPTH) return null;
    if (obj.isIndirect()) return this.copyIndirect(obj, depth);
    if (obj.isDictionary()) return this.copyDict(obj, depth);
    if (obj.isArray()) return this.copyArray(obj, depth);
    if (obj.isNull()) return null;
    // Names, numbers, strings and booleans are not bound to a document.
    return obj;
  }

  /**
   * A destination (explicit array, named destination, or dictionary with /D) as an explicit
   * destination on a merged page, or null when it does not lead to a page of this source.
   */
  copyDestination(value: PDFObject): PDFObject | null {
    const explicit = this.resolveDestination(value, 0);
    if (!explicit || explicit.length < 1) return null;
    const target = explicit.get(0);
    let page: PDFObject | undefined;
    if (target.isIndirect()) page = this.pageByObj.get(target.asIndirect());
    else if (target.isInteger()) page = this.pageByIndex[target.asNumber()];
    if (!page) return null;
    const out = this.dst.newArray();
    out.push(page);
    const n = explicit.length;
    for (let i = 1; i < n; i++) out.push(this.copy(explicit.get(i), MAX_DEPTH) ?? this.dst.newNull());
    return out;
  }

  private resolveDestination(value: PDFObject, depth: number): PDFObject | null {
    if (depth > 8) return null;
    if (value.isArray()) return value;
    if (value.isDictionary()) return this.resolveDestination(value.get('D'), depth + 1);
    const key = keyOf(value.isIndirect() ? value.resolve() : value);
    if (key === undefined) return null;
    const found = this.index.namedDestinations().get(key);
    return found ? this.resolveDestination(found, depth + 1) : null;
  }

  private copyIndirect(ref: PDFObject, depth: number): PDFObject | null {
    const num = ref.asIndirect();
    const page = this.pageByObj.get(num);
    if (page) return page;
    const known = this.memo.get(num);
    if (known !== undefined) return known;
    const target = ref.resolve();
    let out: PDFObject | null;
    if (target.isStream()) {
      out = this.graft.graftObject(ref);
    } else if (target.isDictionary()) {
      const type = nameOf(target.get('Type'));
      if (type !== undefined && BLOCKED_TYPES.has(type)) out = null;
      else if (type !== undefined && NATIVE_TYPES.has(type)) out = this.graft.graftObject(ref);
      else if (this.options.keptAnnots && !this.options.keptAnnots.has(num) && isAnnotation(target)) out = null;
      else {
        // Reserve the number first: the dictionary may reference itself through a cycle.
        const placeholder = this.dst.createObject();
        this.memo.set(num, placeholder);
        placeholder.writeObject(this.copyDict(target, depth + 1));
        return placeholder;
      }
    } else if (target.isArray()) {
      const placeholder = this.dst.createObject();
      this.memo.set(num, placeholder);
      placeholder.writeObject(this.copyArray(target, depth + 1));
      return placeholder;
    } else {
      out = target.isNull() ? null : target;
    }
    this.memo.set(num, out);
    return out;
  }

  private copyDict(dict: PDFObject, depth: number): PDFObject {
    const out = this.dst.newDictionary();
    const isGoTo = nameOf(dict.get('S')) === 'GoTo';
    dict.forEach((value, key) => {
      if (typeof key !== 'string' || SKIPPED_KEYS.has(key)) return;
      let copied: PDFObject | null;
      if (key === 'Dest' || (isGoTo && key === 'D')) copied = this.copyDestination(value);
      else if (NATIVE_KEYS.has(key)) copied = value.isNull() ? null : this.graft.graftObject(value);
      else copied = this.copy(value, depth + 1);
      if (copied && key === 'Kids' && this.options.keptAnnots && copied.isArray()) copied = this.withoutNulls(copied);
      if (copied) out.put(key, copied);
    });
    return out;
  }

  private withoutNulls(array: PDFObject): PDFObject {
    const out = this.dst.newArray();
    const n = array.length;
    for (let i = 0; i < n; i++) {
      const item = array.get(i);
      if (!item.isNull()) out.push(item);
    }
    return out;
  }

  private copyArray(array: PDFObject, depth: number): PDFObject {
    const out = this.dst.newArray();
    const n = array.length;
    for (let i = 0; i < n; i++) out.push(this.copy(array.get(i), depth + 1) ?? this.dst.newNull());
    return out;
  }
}

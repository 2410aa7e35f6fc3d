/**
 * Outlines (bookmarks): read each source's tree into plain nodes whose dictionaries already
 * belong to the merged document (destinations remapped by the copier), then write one tree.
 */
import type { PDFDocument, PDFObject } from '../mupdf.js';
import { nameOf, type ObjectCopier } from './copy.js';

export interface OutlineNode {
  /** A direct dictionary of the merged document holding /Title, /Dest or /A, /C, /F. */
  dict: PDFObject;
  open: boolean;
  children: OutlineNode[];
}

const MAX_OUTLINE_DEPTH = 64;
const MAX_OUTLINE_ITEMS = 200_000;

/**
 * The outline of the copier's source; broken items are skipped with their children. With
 * `prune` (only some pages were copied), an item whose destination page was not copied is
 * dropped, unless some of its descendants remain: then it stays, without a destination, to
 * keep the nesting.
 */
export function readOutline(copier: ObjectCopier, prune = false): OutlineNode[] {
  const { src, dst } = copier;
  const root = src.getTrailer().get('Root').get('Outlines');
  if (!root.isDictionary()) return [];
  const seen = new Set<number>();
  let budget = MAX_OUTLINE_ITEMS;

  const readItem = (item: PDFObject, depth: number): OutlineNode | null => {
    const children = depth < MAX_OUTLINE_DEPTH ? readLevel(item.get('First'), depth + 1) : [];
    // The destination first: a pruned item that leads nowhere is not built at all.
    const dest = item.get('Dest');
    const action = dest.isNull() ? item.get('A') : null;
    const destCopy = !dest.isNull() ? copier.copyDestination(dest) : null;
    const lost = prune && (!dest.isNull() ? destCopy === null : action !== null && leadsNowhere(copier, action));
    if (lost && children.length === 0) return null;
    const dict = dst.newDictionary();
    const title = item.get('Title');
    const titleValue = title.isIndirect() ? title.resolve() : title;
    dict.put('Title', titleValue.isString() ? titleValue : dst.newString(''));
    if (destCopy) dict.put('Dest', destCopy);
    else if (action && !action.isNull() && !lost) {
      const copied = copier.copy(action);
      if (copied) dict.put('A', copied);
    }
    for (const key of ['C', 'F']) {
      const value = item.get(key);
      const copied = value.isNull() ? null : copier.copy(value);
      if (copied) dict.put(key, copied);
    }
    const count = item.get('Count');
    const open = count.isNumber() && count.asNumber() > 0;
    return { dict, open, children };
  };

  const readLevel = (first: PDFObject, depth: number): OutlineNode[] => {
    const nodes: OutlineNode[] = [];
    let item = first;
    while (budget > 0 && item.isDictionary()) {
      budget--;
      if (item.isIndirect()) {
        const num = item.asIndirect();
        if (seen.has(num)) break;
        seen.add(num);
      }
      try {
        const node = readItem(item, depth);
        if (node) nodes.push(node);
      } catch {
        // A broken item is left out; its siblings are still read.
      }
      item = item.get('Next');
    }
    return nodes;
  };

  return readLevel(root.get('First'), 0);
}

/** A GoTo action whose destination is not among the copied pages. */
function leadsNowhere(copier: ObjectCopier, action: PDFObject): boolean {
  if (nameOf(action.get('S')) !== 'GoTo') return false;
  const dest = action.get('D');
  return !dest.isNull() && copier.copyDestination(dest) === null;
}

/** Writes the merged outline tree and sets it as the catalogue's /Outlines. */
export function writeOutline(dst: PDFDocument, nodes: OutlineNode[]): void {
  if (nodes.length === 0) return;
  const root = dst.addObject(dst.newDictionary());
  root.put('Type', dst.newName('Outlines'));
  const visible = writeLevel(dst, nodes, root);
  root.put('Count', visible);
  dst.getTrailer().get('Root').put('Outlines', root);
}

/** Writes one level under `parent`; returns how many items of it are visible (open descendants included). */
function writeLevel(dst: PDFDocument, nodes: OutlineNode[], parent: PDFObject): number {
  const refs = nodes.map((node) => dst.addObject(node.dict));
  let visible = 0;
  nodes.forEach((node, i) => {
    const ref = refs[i]!;
    ref.put('Parent', parent);
    if (i > 0) ref.put('Prev', refs[i - 1]!);
    if (i < refs.length - 1) ref.put('Next', refs[i + 1]!);
    visible += 1;
    if (node.children.length > 0) {
      const inner = writeLevel(dst, node.children, ref);
      ref.put('Count', node.open ? inner : -inner);
      if (node.open) visible += inner;
    }
  });
  parent.put('First', refs[0]!);
  parent.put('Last', refs[refs.length - 1]!);
  return visible;
}

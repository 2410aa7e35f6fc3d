/**
 * Page-tree recovery for files whose page tree is lost (MuPDF repairs the cross-reference
 * table but then finds no page). The page objects themselves may still be there: they are
 * collected and hung under a new page tree. Order: the first page named by the linearization
 * dictionary (/O), then ascending object numbers, which is how producers number pages.
 */
import type { PDFDocument, PDFObject } from '../mupdf.js';
import { nameOf } from './copy.js';

/** Limits the scan on huge broken files; every object has to be parsed to learn its /Type. */
const MAX_SCANNED_OBJECTS = 500_000;

/** Rebuilds the page tree from the page objects found; returns how many pages it holds. */
export function rebuildPageTree(doc: PDFDocument): number {
  const count = Math.min(doc.countObjects(), MAX_SCANNED_OBJECTS);
  const pages: number[] = [];
  let firstPage = -1;
  for (let num = 1; num < count; num++) {
    let obj: PDFObject;
    try {
      obj = doc.newIndirect(num);
      if (!obj.isDictionary()) continue;
      const type = nameOf(obj.get('Type'));
      if (type === 'Page') pages.push(num);
      else if (firstPage < 0 && obj.get('Linearized').isNumber()) {
        const o = obj.get('O');
        if (o.isInteger()) firstPage = o.asNumber();
      }
    } catch {
      // Unreadable object: not a page we can use.
    }
  }
  if (pages.length === 0) return 0;
  if (firstPage > 0 && pages.includes(firstPage)) {
    pages.splice(pages.indexOf(firstPage), 1);
    pages.unshift(firstPage);
  }

  const trailer = doc.getTrailer();
  let root = trailer.get('Root');
  if (!root.isDictionary()) {
    root = doc.addObject(doc.newDictionary());
    root.put('Type', doc.newName('Catalog'));
    trailer.put('Root', root);
  }
  const tree = doc.addObject(doc.newDictionary());
  const kids = doc.newArray();
  for (const num of pages) {
    const page = doc.newIndirect(num);
    page.put('Parent', tree);
    kids.push(page);
  }
  tree.put('Type', doc.newName('Pages'));
  tree.put('Kids', kids);
  tree.put('Count', pages.length);
  root.put('Pages', tree);
  return doc.countPages();
}

/**
 * Edit mode: the images a page draws, read from pdf.js's operator list when the page is first
 * drawn, each becoming an element that can be selected, moved, resized and deleted. They are
 * counted as the server counts them (pdf/edit-content.ts): images drawn as XObjects by the
 * page's own content, in drawing order, not those inside form XObjects or annotations, nor
 * inline images; the server also checks each against the box it was shown at.
 */
import type { EditorBox } from '@pagewright/contracts';
import { imageBoxes, type ImageOps, type Matrix } from './pageImageBoxes';
import { loadExistingItems, newId } from './editorStore';
import type { EditorItem } from './geometry';
import type { PDFDocumentProxy, PDFPageProxy } from './pdfjs';
import { AnnotationMode, OPS } from './pdfjs';

const loadedPages = new WeakMap<PDFDocumentProxy, Set<number>>();

/** Too small to pick out on the page (a rule or a dot drawn as an image): left alone. */
const MIN_IMAGE = 4;

/**
 * Loads a page's images as edit mode elements (once per page), with how each looks on the
 * rendered canvas (`pixels`: the canvas and its pixels per point), shown where it is moved to.
 */
export async function loadPageImages(doc: PDFDocumentProxy, proxy: PDFPageProxy, page: number, canvas: HTMLCanvasElement, pixels: number): Promise<void> {
  const loaded = loadedPages.get(doc) ?? new Set<number>();
  loadedPages.set(doc, loaded);
  if (loaded.has(page)) return;
  loaded.add(page);
  // The operator list pdf.js drew the page from (same intent and annotation mode): no second parse.
  const list = await proxy.getOperatorList({ annotationMode: AnnotationMode.ENABLE_STORAGE });
  const display = proxy.getViewport({ scale: 1 }).transform as Matrix;
  const boxes = imageBoxes(list.fnArray, list.argsArray as unknown[][], display, OPS as unknown as ImageOps);
  const items: EditorItem[] = boxes.flatMap((box, use) => (box.w < MIN_IMAGE || box.h < MIN_IMAGE ? [] : [{
    id: newId(), kind: 'page image' as const, page, use, box, rect: box, picture: snapshot(canvas, box, pixels),
  }]));
  if (items.length > 0) loadExistingItems(items);
}

function snapshot(canvas: HTMLCanvasElement, box: EditorBox, pixels: number): string | null {
  try {
    const w = Math.max(1, Math.round(box.w * pixels));
    const h = Math.max(1, Math.round(box.h * pixels));
    const copy = document.createElement('canvas');
    copy.width = w;
    copy.height = h;
    copy.getContext('2d')?.drawImage(canvas, box.x * pixels, box.y * pixels, box.w * pixels, box.h * pixels, 0, 0, w, h);
    return copy.toDataURL('image/png');
  } catch {
    return null;
  }
}

/**
 * FIND mode's search: the text runs of every page, read from pdf.js (one page at a time, once
 * per document), and where the term falls in them.
 */
import { findInRuns, type TextRun } from './geometry';
import { Util, type PDFDocumentProxy } from './pdfjs';
import type { FindState } from './editorStore';

const runsCache = new WeakMap<PDFDocumentProxy, Map<number, TextRun[]>>();

async function pageRuns(doc: PDFDocumentProxy, page: number): Promise<TextRun[]> {
  let cache = runsCache.get(doc);
  if (!cache) runsCache.set(doc, (cache = new Map()));
  const known = cache.get(page);
  if (known) return known;
  const proxy = await doc.getPage(page);
  const viewport = proxy.getViewport({ scale: 1 });
  const content = await proxy.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str === '') continue;
    const tx = Util.transform(viewport.transform, item.transform);
    const height = Math.hypot(tx[2], tx[3]);
    // The run's baseline is at tx[5]; its box reaches the font's height above it.
    runs.push({ str: item.str, box: { x: tx[4], y: tx[5] - height * 0.85, w: item.width, h: height } });
  }
  cache.set(page, runs);
  return runs;
}

/** Every hit of `query` in the document, page by page. */
export async function findInDocument(doc: PDFDocumentProxy, query: string, signal: AbortSignal): Promise<FindState['hits']> {
  const hits: FindState['hits'] = [];
  for (let page = 1; page <= doc.numPages; page++) {
    if (signal.aborted) break;
    for (const box of findInRuns(await pageRuns(doc, page), query)) hits.push({ page, box });
  }
  return hits;
}

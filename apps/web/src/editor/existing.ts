/**
 * A PDF's own annotations, loaded for editing: pdf.js reads each page's annotations when the
 * page is first drawn; those of a kind the editor writes become editor items that remember
 * their object number, and pdf.js stops drawing them on the canvas (the editor draws them).
 * Kinds the editor does not write (links, stamps, form fields...) stay drawn by pdf.js.
 */
import type { AnnotateFont, EditorAnnotation, EditorBox, EditorPoint, LineEnd } from '@pagewright/contracts';
import { defaultAnnotateFont } from '@pagewright/contracts';
import { loadExistingItems } from './editorStore';
import type { EditorItem } from './geometry';
import type { PDFDocumentProxy, PDFPageProxy } from './pdfjs';

type Viewport = ReturnType<PDFPageProxy['getViewport']>;

/** The fields of pdf.js's annotation data the editor reads. */
export interface AnnotationData {
  id: string;
  subtype: string;
  rect: number[];
  color: Uint8ClampedArray | number[] | null;
  opacity?: number;
  borderStyle?: { width: number };
  quadPoints?: Float32Array | number[] | null;
  lineCoordinates?: number[];
  lineEndings?: string[];
  inkLists?: (Float32Array | number[])[];
  textContent?: string[];
  contentsObj?: { str: string };
  defaultAppearanceData?: { fontSize: number; fontName: string; fontColor: Uint8ClampedArray | number[] };
}

const loadedPages = new WeakMap<PDFDocumentProxy, Set<number>>();

function hex(color: ArrayLike<number> | null | undefined, fallback: string): string {
  if (!color || color.length < 3) return fallback;
  return `#${Array.from(color).slice(0, 3).map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function boxOf(viewport: Viewport, rect: ArrayLike<number>): EditorBox {
  const [x0, y0, x1, y1] = viewport.convertToViewportRectangle([rect[0]!, rect[1]!, rect[2]!, rect[3]!]);
  return { x: Math.min(x0!, x1!), y: Math.min(y0!, y1!), w: Math.max(1, Math.abs(x1! - x0!)), h: Math.max(1, Math.abs(y1! - y0!)) };
}

function pointOf(viewport: Viewport, x: number, y: number): EditorPoint {
  const [vx, vy] = viewport.convertToViewportPoint(x, y);
  return [vx!, vy!];
}

function lineEnd(name: string | undefined): LineEnd {
  if (name === 'OpenArrow' || name === 'ClosedArrow' || name === 'ROpenArrow' || name === 'RClosedArrow') return 'ARROW';
  if (name === 'Circle' || name === 'Square' || name === 'Diamond') return 'DOT';
  return 'NONE';
}

/** The bold and italic faces' /DA names as the export writes them (TiBo, HeBO...), with their styles. */
const styledFaces: Record<string, { bold: boolean; italic: boolean }> = {
  TiBo: { bold: true, italic: false }, TiIt: { bold: false, italic: true }, TiBI: { bold: true, italic: true },
  HeBo: { bold: true, italic: false }, HeOb: { bold: false, italic: true }, HeBO: { bold: true, italic: true },
  CoBo: { bold: true, italic: false }, CoOb: { bold: false, italic: true }, CoBO: { bold: true, italic: true },
};

export function fontOf(data: AnnotationData): AnnotateFont {
  const da = data.defaultAppearanceData;
  const name = da?.fontName ?? '';
  const family = /^(Ti|Times)/i.test(name) ? 'Times' : /^Co/i.test(name) ? 'Courier' : 'Helvetica';
  const style = styledFaces[name] ?? { bold: false, italic: false };
  return { ...defaultAnnotateFont, family, ...style, size: da && da.fontSize >= 4 ? da.fontSize : 12, color: hex(da?.fontColor, '#000000') };
}

/** The editor item of one existing annotation; null for a kind the editor does not write. */
export function itemOfAnnotation(data: AnnotationData, viewport: Viewport, page: number): EditorAnnotation | null {
  const color = hex(data.color, '#000000');
  const width = data.borderStyle?.width ?? 1;
  switch (data.subtype) {
    case 'Highlight':
    case 'Underline':
    case 'Squiggly':
    case 'StrikeOut': {
      const quads = data.quadPoints ?? [];
      const rects: EditorBox[] = [];
      for (let i = 0; i + 7 < quads.length; i += 8) {
        const points = [0, 2, 4, 6].map((j) => pointOf(viewport, quads[i + j]!, quads[i + j + 1]!));
        const xs = points.map((p) => p[0]);
        const ys = points.map((p) => p[1]);
        rects.push({ x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) });
      }
      if (rects.length === 0) rects.push(boxOf(viewport, data.rect));
      const kind = ({ Highlight: 'highlight', Underline: 'underline', Squiggly: 'squiggly', StrikeOut: 'strike-out' } as const)[data.subtype];
      // pdf.js does not hand over a highlight's /CA: shown at the usual highlighter's strength.
      return { kind, page, color, opacity: data.opacity ?? (kind === 'highlight' ? 0.4 : 1), rects };
    }
    case 'Square':
    case 'Circle':
      return { kind: data.subtype === 'Square' ? 'square' : 'circle', page, color, opacity: data.opacity ?? 1, rect: boxOf(viewport, data.rect), width };
    case 'Line': {
      const [x0, y0, x1, y1] = data.lineCoordinates ?? data.rect;
      return {
        kind: 'line', page, color, opacity: data.opacity ?? 1, width,
        from: pointOf(viewport, x0!, y0!), to: pointOf(viewport, x1!, y1!),
        start: lineEnd(data.lineEndings?.[0]), end: lineEnd(data.lineEndings?.[1]),
      };
    }
    case 'Ink': {
      const strokes = (data.inkLists ?? []).map((list) => {
        const points: EditorPoint[] = [];
        for (let i = 0; i + 1 < list.length; i += 2) points.push(pointOf(viewport, list[i]!, list[i + 1]!));
        return points;
      }).filter((s) => s.length > 0);
      if (strokes.length === 0) return null;
      return { kind: 'ink', page, color, opacity: data.opacity ?? 1, width, strokes };
    }
    case 'FreeText': {
      const font = fontOf(data);
      return {
        kind: 'free text', page, color: font.color, opacity: data.opacity ?? 1, rect: boxOf(viewport, data.rect),
        text: data.textContent?.join('\n') ?? data.contentsObj?.str ?? '', font,
      };
    }
    case 'Text': {
      const box = boxOf(viewport, data.rect);
      return { kind: 'comment', page, color: hex(data.color, '#fbc02d'), opacity: 1, at: [box.x, box.y], text: data.contentsObj?.str ?? '' };
    }
    default:
      return null;
  }
}

/** Loads a page's editable annotations once per document and hides them from pdf.js's drawing. */
export async function loadExistingAnnotations(doc: PDFDocumentProxy, proxy: PDFPageProxy, page: number): Promise<void> {
  let pages = loadedPages.get(doc);
  if (!pages) loadedPages.set(doc, (pages = new Set()));
  if (pages.has(page)) return;
  pages.add(page);
  const viewport = proxy.getViewport({ scale: 1 });
  const items: EditorItem[] = [];
  for (const data of (await proxy.getAnnotations()) as AnnotationData[]) {
    const ref = /^(\d+)R$/.exec(data.id)?.[1];
    if (!ref) continue;
    const item = itemOfAnnotation(data, viewport, page);
    if (!item) continue;
    doc.annotationStorage.setValue(data.id, { noView: true });
    items.push({ ...item, id: `pdf-${ref}`, origin: Number(ref) } as EditorItem);
  }
  if (items.length > 0) loadExistingItems(items);
}

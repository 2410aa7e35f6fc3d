/**
 * The editor's geometry, in PDF points from the page's top-left corner as displayed: where an
 * annotation is, moving and resizing it, turning a text selection into one box per line, and
 * where a search term sits inside a run of text.
 */
import type { EditorAnnotation, EditorBox, EditorPoint, NewImage, NewTextBlock } from '@pagewright/contracts';

/**
 * Edit mode's elements of the page content: a new text block, a new picture, and one use of an
 * image the page already draws (`use` and `box` say which and where it was; `rect` is where it
 * is now; `picture` is how it looked on the rendered page, shown where it is moved to).
 */
export type ContentElement =
  | ({ kind: 'text block' } & NewTextBlock)
  | ({ kind: 'new image' } & NewImage)
  | { kind: 'page image'; page: number; use: number; box: EditorBox; rect: EditorBox; picture: string | null };

/** An annotation or an edit mode element. */
export type EditorElement = EditorAnnotation | ContentElement;

/**
 * An element on the editor's pages: the export's annotation or content element with the
 * editor's own id, and for an annotation the PDF already had, its object number (`origin`).
 */
export type EditorItem = EditorElement & { id: string; origin?: number };

/** The kinds that are the page's content (edit mode), not annotations. */
export const contentKinds: ReadonlySet<EditorElement['kind']> = new Set(['text block', 'new image', 'page image']);

export function isContent(item: EditorElement): item is ContentElement {
  return contentKinds.has(item.kind);
}

export function boundsOf(item: EditorElement): EditorBox {
  switch (item.kind) {
    case 'text block':
    case 'new image':
    case 'page image':
      return item.rect;
    case 'highlight':
    case 'underline':
    case 'squiggly':
    case 'strike-out':
      return union(item.rects);
    case 'free text':
    case 'square':
    case 'circle':
    case 'stamp':
      return item.rect;
    case 'line':
      return pointsBox([item.from, item.to], item.width);
    case 'ink':
      return pointsBox(item.strokes.flat(), item.width);
    case 'comment':
      return { x: item.at[0], y: item.at[1], w: NOTE_SIZE, h: NOTE_SIZE };
  }
}

/** A sticky note's icon, in points, as the server writes it. */
export const NOTE_SIZE = 20;

function pointsBox(points: EditorPoint[], pad: number): EditorBox {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  return { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
}

export function union(boxes: EditorBox[]): EditorBox {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, w: Math.max(...boxes.map((b) => b.x + b.w)) - x, h: Math.max(...boxes.map((b) => b.y + b.h)) - y };
}

const shift = (p: EditorPoint, dx: number, dy: number): EditorPoint => [p[0] + dx, p[1] + dy];
const shiftBox = (b: EditorBox, dx: number, dy: number): EditorBox => ({ ...b, x: b.x + dx, y: b.y + dy });

export function moveItem<T extends EditorElement>(item: T, dx: number, dy: number): T {
  const a = item as EditorElement;
  switch (a.kind) {
    case 'highlight':
    case 'underline':
    case 'squiggly':
    case 'strike-out':
      return { ...item, rects: a.rects.map((r) => shiftBox(r, dx, dy)) };
    case 'free text':
    case 'square':
    case 'circle':
    case 'stamp':
    case 'text block':
    case 'new image':
    case 'page image':
      return { ...item, rect: shiftBox(a.rect, dx, dy) };
    case 'line':
      return { ...item, from: shift(a.from, dx, dy), to: shift(a.to, dx, dy) };
    case 'ink':
      return { ...item, strokes: a.strokes.map((s) => s.map((p) => shift(p, dx, dy))) };
    case 'comment':
      return { ...item, at: shift(a.at, dx, dy) };
  }
}

/** The smallest box a resize leaves, so that a note or shape stays grabbable. */
export const MIN_SIZE = 8;

/** Resizes a box-shaped annotation by dragging its bottom-right corner; others scale their points. */
export function resizeItem<T extends EditorElement>(item: T, dw: number, dh: number): T {
  const a = item as EditorElement;
  if ((a.kind === 'stamp' && a.stamp.type !== 'label') || a.kind === 'new image' || a.kind === 'page image') {
    // A picture or a signature keeps its shape, as the sign tool keeps it: the drag's width decides.
    const w = Math.max(MIN_SIZE, a.rect.w + dw, (MIN_SIZE * a.rect.w) / a.rect.h);
    return { ...item, rect: { ...a.rect, w, h: (w * a.rect.h) / a.rect.w } };
  }
  if (a.kind === 'free text' || a.kind === 'square' || a.kind === 'circle' || a.kind === 'stamp' || a.kind === 'text block') {
    return { ...item, rect: { ...a.rect, w: Math.max(MIN_SIZE, a.rect.w + dw), h: Math.max(MIN_SIZE, a.rect.h + dh) } };
  }
  if (a.kind === 'line') return { ...item, to: shift(a.to, dw, dh) };
  if (a.kind === 'ink') {
    const box = boundsOf(a);
    const sx = Math.max(MIN_SIZE, box.w + dw) / box.w;
    const sy = Math.max(MIN_SIZE, box.h + dh) / box.h;
    return { ...item, strokes: a.strokes.map((s) => s.map(([x, y]) => [box.x + (x - box.x) * sx, box.y + (y - box.y) * sy] as EditorPoint)) };
  }
  return item;
}

/**
 * The boxes of a text selection (the browser's client rectangles, already in page points),
 * merged into one box per line: a line's spans overlap vertically by more than half.
 */
export function lineBoxes(rects: EditorBox[]): EditorBox[] {
  const lines: EditorBox[] = [];
  for (const r of [...rects].filter((b) => b.w > 0.5 && b.h > 0.5).sort((a, b) => a.y - b.y || a.x - b.x)) {
    const line = lines.find((l) => overlap(l.y, l.y + l.h, r.y, r.y + r.h) > Math.min(l.h, r.h) / 2);
    if (line) Object.assign(line, union([line, r]));
    else lines.push({ ...r });
  }
  return lines;
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/** A run of text as pdf.js gives it, placed on the page: its box and its characters. */
export interface TextRun {
  str: string;
  box: EditorBox;
}

/**
 * Where `query` occurs in each run (case-insensitive): the part of the run's box its characters
 * take, the run's width shared evenly between its characters.
 */
export function findInRuns(runs: TextRun[], query: string): EditorBox[] {
  const needle = query.toLocaleLowerCase();
  if (needle.trim() === '') return [];
  const hits: EditorBox[] = [];
  for (const run of runs) {
    const hay = run.str.toLocaleLowerCase();
    if (hay.length === 0) continue;
    const perChar = run.box.w / hay.length;
    for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
      hits.push({ x: run.box.x + at * perChar, y: run.box.y, w: needle.length * perChar, h: run.box.h });
    }
  }
  return hits;
}

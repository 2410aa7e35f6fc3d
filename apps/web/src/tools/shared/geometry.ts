/** Boxes on a page, in PDF points from the page's top-left corner as displayed. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Moves a box by (dx, dy), keeping it inside the page. */
export function moveRect(start: Rect, dx: number, dy: number, page: { w: number; h: number }): Rect {
  return {
    ...start,
    x: clamp(start.x + dx, 0, Math.max(0, page.w - start.w)),
    y: clamp(start.y + dy, 0, Math.max(0, page.h - start.h)),
  };
}

/**
 * Resizes a box by dragging one corner by (dx, dy): the opposite corner stays, the box stays
 * inside the page and at least `min` points on each side; with `keepAspect` the height follows
 * the width. Returns null when no box satisfies those constraints.
 */
export function resizeRect(
  start: Rect, corner: Corner, dx: number, dy: number, page: { w: number; h: number }, min: number, keepAspect = false,
): Rect | null {
  let left = start.x;
  let top = start.y;
  let right = start.x + start.w;
  let bottom = start.y + start.h;
  if (corner.includes('w')) left = clamp(left + dx, 0, right - min);
  if (corner.includes('e')) right = clamp(right + dx, left + min, page.w);
  if (corner.includes('n')) top = clamp(top + dy, 0, bottom - min);
  if (corner.includes('s')) bottom = clamp(bottom + dy, top + min, page.h);
  if (keepAspect && start.w > 0) {
    const ratio = start.h / start.w;
    const h = (right - left) * ratio;
    if (corner.includes('n')) top = bottom - h;
    else bottom = top + h;
    if (top < 0 || bottom > page.h || h < min * Math.min(1, ratio)) return null;
  }
  return { x: left, y: top, w: right - left, h: bottom - top };
}

/** The box spanned by two points, clipped to the page. */
export function spanRect(a: { x: number; y: number }, b: { x: number; y: number }, page: { w: number; h: number }): Rect {
  const x1 = clamp(Math.min(a.x, b.x), 0, page.w);
  const y1 = clamp(Math.min(a.y, b.y), 0, page.h);
  const x2 = clamp(Math.max(a.x, b.x), 0, page.w);
  const y2 = clamp(Math.max(a.y, b.y), 0, page.h);
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

/** Points rounded to two decimals for requests and inputs. */
export function roundRect(rect: Rect): Rect {
  const r = (v: number) => Math.round(v * 100) / 100;
  return { x: r(rect.x), y: r(rect.y), w: r(rect.w), h: r(rect.h) };
}

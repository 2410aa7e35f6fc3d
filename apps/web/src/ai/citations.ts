/**
 * Citations of an answer (`[p. 4]`): where they stand in its text, which page and passage each
 * opens, and where the passage's rectangles fall on the page image. Rectangles are PDF points
 * from the page's top-left corner as displayed; none means nothing is highlighted.
 */
import type { Citation, PageRect } from '@pagewright/contracts';

export type AnswerPart = { kind: 'text'; text: string } | { kind: 'cite'; page: number };

const marker = /\[p\.\s?(\d{1,5})\]/g;

/** The answer's text cut at its `[p. N]` markers, which become citation chips. */
export function splitCitations(text: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let at = 0;
  for (const match of text.matchAll(marker)) {
    const index = match.index;
    if (index > at) parts.push({ kind: 'text', text: text.slice(at, index) });
    parts.push({ kind: 'cite', page: Number(match[1]) });
    at = index + match[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** What a chip opens: a page, the passages cited on it and their rectangles. */
export interface CitationTarget {
  page: number;
  rects: PageRect[];
  quotes: string[];
}

/** The target of a `[p. N]` chip: every passage the answer cites on that page. */
export function targetOf(page: number, citations: readonly Citation[]): CitationTarget {
  const onPage = citations.filter((c) => c.page === page);
  return { page, rects: onPage.flatMap((c) => c.rects), quotes: onPage.map((c) => c.quote).filter((q) => q !== '') };
}

/** The cited pages the text names no marker for, once each, in order: shown as chips under it. */
export function pagesWithoutMarker(text: string, citations: readonly Citation[]): number[] {
  const marked = new Set(splitCitations(text).flatMap((part) => (part.kind === 'cite' ? [part.page] : [])));
  const pages: number[] = [];
  for (const { page } of citations) if (!marked.has(page) && !pages.includes(page)) pages.push(page);
  return pages;
}

export interface BoxStyle {
  left: string;
  top: string;
  width: string;
  height: string;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** A rectangle in points as a share of the page, for a box laid over the page image at any size. */
export function highlightBox([x, y, w, h]: PageRect, page: { w: number; h: number }): BoxStyle | null {
  if (page.w <= 0 || page.h <= 0 || w <= 0 || h <= 0) return null;
  const left = clamp(x / page.w);
  const top = clamp(y / page.h);
  const right = clamp((x + w) / page.w);
  const bottom = clamp((y + h) / page.h);
  if (right <= left || bottom <= top) return null;
  const pct = (n: number) => `${(n * 100).toFixed(3)}%`;
  return { left: pct(left), top: pct(top), width: pct(right - left), height: pct(bottom - top) };
}

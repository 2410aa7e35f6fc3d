/**
 * The outline of the summary card (SPEC §3 outlines): the document's own outline when it has
 * one, else its headings as their fonts show them, the larger the font the higher the level.
 */
import { bodyFontSize, pageParagraphs } from './layout.js';
import type { DocumentText, OutlineEntry } from './types.js';

export const MAX_LEVELS = 3;
const MAX_ENTRIES = 200;
/** A "heading" repeated on this many pages is a running header, not a section. */
const RUNNING_HEADER_PAGES = 3;

interface Heading {
  title: string;
  page: number;
  size: number;
  bold: boolean;
}

function findHeadings(doc: DocumentText): Heading[] {
  const body = bodyFontSize(doc);
  const headings: Heading[] = [];
  for (const page of doc.pages) {
    for (const paragraph of pageParagraphs(page, body)) {
      if (!paragraph.heading) continue;
      const title = paragraph.lines.map((line) => line.text.trim()).join(' ').replace(/\s+/gu, ' ');
      headings.push({ title, page: page.page, size: Math.round(paragraph.size * 2) / 2, bold: paragraph.bold });
    }
  }
  const pagesOf = new Map<string, Set<number>>();
  for (const heading of headings) pagesOf.set(heading.title, (pagesOf.get(heading.title) ?? new Set()).add(heading.page));
  return headings.filter((heading) => (pagesOf.get(heading.title)?.size ?? 0) < RUNNING_HEADER_PAGES);
}

/** The document's outline, or one made from its heading fonts: at most three levels. */
export function documentOutline(doc: DocumentText): OutlineEntry[] {
  if (doc.outline.length > 0) return doc.outline.filter((entry) => entry.level <= MAX_LEVELS).slice(0, MAX_ENTRIES);
  const headings = findHeadings(doc);
  // Levels by style, largest first; at one size a bold heading ranks above a regular one.
  const styles = [...new Set(headings.map((heading) => heading.size * 4 + (heading.bold ? 1 : 0)))].sort((a, b) => b - a);
  return headings.slice(0, MAX_ENTRIES).map((heading) => ({
    title: heading.title,
    page: heading.page,
    level: Math.min(styles.indexOf(heading.size * 4 + (heading.bold ? 1 : 0)) + 1, MAX_LEVELS),
  }));
}

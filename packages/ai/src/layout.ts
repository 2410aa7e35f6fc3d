/**
 * Reading a page's layout: the body text's font size, and which lines are headings. A heading
 * is recognised by its font (larger than the body, or bold) and its shape (short, not a
 * sentence), since a PDF seldom says which of its lines are headings.
 */
import { countWords } from './segment.js';
import type { DocumentPage, DocumentText, TextBlock, TextLine } from './types.js';

/** A paragraph of a page: a block, or the heading lines split from the start of one. */
export interface Paragraph {
  lines: TextLine[];
  heading: boolean;
  /** The paragraph's font size (its first line's) and whether all of it is bold. */
  size: number;
  bold: boolean;
}

/** The font size most of the text is set in, weighted by characters so that short labels count little. */
export function bodyFontSize(doc: DocumentText): number {
  const characters = new Map<number, number>();
  for (const page of doc.pages) {
    for (const block of page.blocks) {
      for (const line of block.lines) {
        const size = Math.round(line.size * 2) / 2;
        characters.set(size, (characters.get(size) ?? 0) + line.text.trim().length);
      }
    }
  }
  const sizes = [...characters.entries()].sort((a, b) => a[0] - b[0]);
  const total = sizes.reduce((sum, [, chars]) => sum + chars, 0);
  let seen = 0;
  for (const [size, chars] of sizes) {
    seen += chars;
    if (seen * 2 >= total) return size;
  }
  return 10;
}

/** Larger than the body by this factor makes a line a heading candidate. */
const HEADING_SCALE = 1.15;
const HEADING_MAX_LINES = 3;
const HEADING_MAX_WORDS = 20;

function headingStyle(line: TextLine, body: number): boolean {
  if (!/\p{L}/u.test(line.text)) return false;
  return line.size >= body * HEADING_SCALE || (line.bold && line.size >= body * 0.95);
}

function sameStyle(a: TextLine, b: TextLine): boolean {
  return Math.abs(a.size - b.size) < 0.5 && a.bold === b.bold;
}

/** Heading lines read as a label: few words, not ending as a sentence does. */
function readsAsHeading(lines: TextLine[]): boolean {
  const text = lines.map((line) => line.text.trim()).join(' ');
  if (lines.length > HEADING_MAX_LINES || countWords(text) > HEADING_MAX_WORDS) return false;
  return !/[.,;!?。，；！？]$/u.test(text);
}

function paragraphsOf(block: TextBlock, body: number): Paragraph[] {
  const lines = block.lines.filter((line) => line.text.trim().length > 0);
  const first = lines[0];
  if (!first) return [];
  let split = 0;
  if (headingStyle(first, body)) {
    split = 1;
    while (split < lines.length && sameStyle(lines[split] as TextLine, first)) split += 1;
  }
  const head = lines.slice(0, split);
  const rest = lines.slice(split);
  // A bold lead-in that runs on in lower case is the start of a sentence, not a heading.
  const runsOn = rest[0] !== undefined && /^\p{Ll}/u.test(rest[0].text.trim());
  if (split === 0 || runsOn || !readsAsHeading(head)) return [paragraph(lines, false)];
  return rest.length > 0 ? [paragraph(head, true), paragraph(rest, false)] : [paragraph(head, true)];
}

function paragraph(lines: TextLine[], heading: boolean): Paragraph {
  const first = lines[0] as TextLine;
  return { lines, heading, size: first.size, bold: lines.every((line) => line.bold) };
}

/** A page's paragraphs in reading order, headings marked. */
export function pageParagraphs(page: DocumentPage, body: number): Paragraph[] {
  return page.blocks.flatMap((block) => paragraphsOf(block, body));
}

/**
 * Edit mode's paragraph edits: the text block (MuPDF's structured-text block, a paragraph) that
 * holds an edited match is set again with the match replaced, wrapped at the block's width.
 * The block's old glyphs are removed (a redaction of its lines that leaves images and drawing
 * alone) and its new lines are written from the block's first baseline at its own line pitch,
 * left-aligned (or justified, when it was), in the size, colour and font (the FontChooser's pick) most of the block is set
 * in. Used when the new text does not fit where the old was: a longer word, or a match over
 * several lines. A block that grows by lines closes up its line spacing, down to its font size,
 * rather than run into the text below it (fittedPitch).
 */
import { walkText, mupdf, type PDFDocument } from '../mupdf.js';
import { colourOp } from '../replace-text.js';
import { addResource, appendContent, displayToUser, num, ownResources, removeText, textMatrix } from './page-content.js';
import { lineBands, type PageText, type Point, type TextChar, type TextMatch } from './text-find.js';
import type { FontChooser, WritingFont } from './text-fonts.js';

interface Block {
  /** Page-text indices of the block's first character and one past its last. */
  start: number;
  end: number;
  chars: TextChar[];
  /** The lines' characters, in order. */
  lines: TextChar[][];
}

/** The blocks of a page in the order of `pageText` (the same structured-text walk). */
function blocksOf(page: mupdf.PDFPage, text: PageText): Block[] {
  const stext = page.toStructuredText('preserve-whitespace');
  const lineCounts: number[] = [];
  try {
    walkText(stext, {
      beginTextBlock() {
        lineCounts.push(0);
      },
      beginLine() {
        lineCounts[lineCounts.length - 1]!++;
      },
    });
  } finally {
    stext.destroy();
  }
  const blocks: Block[] = [];
  let firstLine = 0;
  for (const lines of lineCounts) {
    const last = firstLine + lines - 1;
    let start = -1;
    let end = -1;
    const chars: TextChar[] = [];
    text.units.forEach((ch, i) => {
      if (!ch || ch.line < firstLine || ch.line > last) return;
      if (start < 0) start = i;
      end = i + 1;
      if (chars.at(-1) !== ch) chars.push(ch);
    });
    if (chars.length > 0) {
      const byLine: TextChar[][] = [];
      for (const ch of chars) {
        if (byLine.at(-1)?.[0]?.line === ch.line) byLine.at(-1)!.push(ch);
        else byLine.push([ch]);
      }
      blocks.push({ start, end, chars, lines: byLine });
    }
    firstLine += lines;
  }
  return blocks;
}

/** The narrowest horizontal scaling a replacement gets in place before its paragraph reflows instead. */
const SLIGHTLY_NARROWED = 0.85;

const dot = (a: Point, b: Point): number => a[0] * b[0] + a[1] * b[1];

/** The far edge of a character along `dir`, from `from`. */
function reach(ch: TextChar, from: Point, dir: Point): number {
  const q = ch.quad;
  return Math.max(dot([q[2] - from[0], q[3] - from[1]], dir), dot([q[6] - from[0], q[7] - from[1]], dir));
}

/** Greedy wrapping of `text` into lines no wider than `widthOf(line)` points (a word longer than a line gets a line of its own). */
export function wrapText(text: string, measure: (s: string) => number, widthOf: (line: number) => number): string[] {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && measure(candidate) > widthOf(lines.length)) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

/**
 * Whether `replacement` fits where `match` is: on one line, and no wider than the room before
 * the next character on that line once narrowed to SLIGHTLY_NARROWED (or than the room before
 * the block's right edge at the line's end).
 */
export function fitsInPlace(page: mupdf.PDFPage, text: PageText, match: TextMatch, width: number): boolean {
  const first = match.chars[0]!;
  if (match.chars.at(-1)!.line !== first.line) return false;
  const gap = first.size * 0.25;
  // A little longer is narrowed in place (replace-text's Tz) rather than the paragraph set again.
  if (match.next) return width * SLIGHTLY_NARROWED <= dot([match.next.origin[0] - first.origin[0], match.next.origin[1] - first.origin[1]], first.dir) - gap;
  const block = blocksOf(page, text).find((b) => b.chars.includes(first));
  if (!block) return true;
  const right = Math.max(...block.lines.map((line) => reach(line.at(-1)!, first.origin, first.dir)));
  return width <= right + 0.5;
}

/** Marks a character of the page text left out of the reflowed text. */
const REMOVED = '\u0000';

/**
 * The block's text with `match` replaced: lines joined by a space, except after a line that
 * ended short (the next line's first word would have fitted on it), which was a hard break and
 * stays one ('\n'): a list or a verse set as one block keeps its lines; and a word hyphenated
 * across two lines is joined.
 */
function blockTextWith(text: PageText, block: Block, match: TextMatch, replacement: string, origin: Point, dir: Point, right: number): string {
  const from = match.found.index!;
  const to = from + match.found[0].length;
  // UTF-16 units, as the page text's indices count.
  const chars = text.text.slice(0, block.end).split('');
  block.lines.slice(0, -1).forEach((line, i) => {
    const next = block.lines[i + 1]!;
    const last = line.at(-1)!;
    // The join after the line: the space pageText added, or the line's own trailing space.
    const lastAt = text.units.lastIndexOf(last);
    let at = lastAt + 1;
    if (!/\s/.test(text.text[at] ?? '')) at--;
    if (!/\s/.test(text.text[at] ?? '') || (at >= from && at < to)) return;
    const space = next.findIndex((ch) => /\s/.test(ch.c));
    const firstWord = space > 0 ? next.slice(0, space) : next;
    const wordWidth = reach(firstWord.at(-1)!, firstWord[0]!.origin, dir);
    const end = reach(last, origin, dir);
    if (end + line[0]!.size * 0.3 + wordWidth <= right) {
      chars[at] = '\n';
    } else if (/^[-\u00ad\u2010]$/.test(last.c) && /\p{L}/u.test(line.at(-2)?.c ?? '') && /^\p{Ll}/u.test(next[0]!.c) && !(lastAt >= from && lastAt < to)) {
      // A word hyphenated at the line's end is whole again: it is wrapped afresh.
      chars[lastAt] = REMOVED;
      chars[at] = REMOVED;
    }
  });
  const joined = chars.join('');
  return (joined.slice(block.start, from) + replacement + joined.slice(to, block.end))
    .replaceAll(REMOVED, '')
    .split('\n').map((paragraph) => paragraph.replace(/\s+/g, ' ').trim()).join('\n');
}

/**
 * The style most of the block is set in (font, size and colour of the most characters): a bold
 * lead-in or a coloured link does not restyle the paragraph.
 */
function bodyStyle(block: Block): TextChar {
  const counts = new Map<string, { ch: TextChar; n: number }>();
  for (const ch of block.chars) {
    if (!/\S/.test(ch.c)) continue;
    const key = `${ch.font.getName()}|${ch.size.toFixed(1)}|${ch.color.join(',')}`;
    const entry = counts.get(key);
    if (entry) entry.n++;
    else counts.set(key, { ch, n: 1 });
  }
  let best: { ch: TextChar; n: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  return best?.ch ?? block.chars[0]!;
}

/**
 * The line pitch for a block that grew to `count` lines: its own `pitch` when its last line
 * still clears the text below it in its column (the nearest glyph of another block that
 * overlaps [left, right] along the line), else the pitch that makes it clear, but no tighter
 * than the font size (lines set solid, as PDF to Word fits a paragraph in its box); below that
 * the last line overlaps what follows, as before. The block's own descent (its glyphs' boxes
 * below their baselines) is what must clear.
 */
function fittedPitch(text: PageText, block: Block, count: number, pitch: number, size: number, origin: Point, dir: Point, down: Point, left: number, right: number): number {
  const inBlock = new Set(block.chars);
  const offset = (x: number, y: number, axis: Point): number => dot([x - origin[0], y - origin[1]], axis);
  const corners = (q: TextChar['quad']): Point[] => [[q[0], q[1]], [q[2], q[3]], [q[4], q[5]], [q[6], q[7]]];
  const descent = Math.max(0, ...block.chars.map((ch) => Math.max(...corners(ch.quad).map(([x, y]) => offset(x, y, down))) - offset(ch.origin[0], ch.origin[1], down)));
  const lastOld = offset(block.lines.at(-1)![0]!.origin[0], block.lines.at(-1)![0]!.origin[1], down);
  let limit = Infinity;
  for (const ch of text.units) {
    if (!ch || inBlock.has(ch) || !/\S/.test(ch.c)) continue;
    const along = corners(ch.quad).map(([x, y]) => offset(x, y, dir));
    if (Math.max(...along) < left || Math.min(...along) > right) continue;
    const top = Math.min(...corners(ch.quad).map(([x, y]) => offset(x, y, down)));
    // Only what starts below the block's old last baseline follows it.
    if (top > lastOld) limit = Math.min(limit, top);
  }
  /** Room kept above the text below, in points. */
  const gap = 0.5;
  if (limit === Infinity || (count - 1) * pitch + descent <= limit - gap) return pitch;
  return Math.min(pitch, Math.max(size, (limit - gap - descent) / (count - 1)));
}

/**
 * Replaces `match` by `replacement` in its block and sets the whole block again, wrapped at its
 * width. Returns the number of lines written.
 */
export function reflowBlock(doc: PDFDocument, page: mupdf.PDFPage, text: PageText, match: TextMatch, replacement: string, fonts: FontChooser): number {
  const block = blocksOf(page, text).find((b) => b.chars.includes(match.chars[0]!));
  if (!block) return 0;
  const first = block.chars[0]!;
  const body = bodyStyle(block);
  const dir = first.dir;
  // Display space has y down: "down" the block is the direction turned a quarter clockwise.
  const down: Point = [-dir[1], dir[0]];
  const lineStarts = block.lines.map((line) => line[0]!.origin);
  const origin = lineStarts[0]!;
  // Continuation lines start where the block's later lines do (a first-line indent is kept).
  const restStart = lineStarts.length > 1 ? Math.min(...lineStarts.slice(1).map((p) => dot([p[0] - origin[0], p[1] - origin[1]], dir))) : 0;
  let right = Math.max(...block.lines.map((line) => reach(line.at(-1)!, origin, dir)));
  if (block.lines.length === 1) {
    // A one-line block (a heading, a label) may grow to the right margin mirrored from its left one.
    const pageWidth = page.getBounds()[2] - page.getBounds()[0];
    right = Math.max(right, dot([pageWidth - 2 * origin[0], 0], dir));
  }
  let pitch = block.lines.length > 1
    ? dot([block.lines.at(-1)![0]!.origin[0] - origin[0], block.lines.at(-1)![0]!.origin[1] - origin[1]], down) / (block.lines.length - 1)
    : body.size * 1.2;
  const newText = blockTextWith(text, block, match, replacement, origin, dir, right);
  const font: WritingFont | undefined = newText.trim() === '' ? undefined : fonts.choose(body.font, newText.replace(/\n/g, ' '), page);
  const width = (n: number): number => right - (n === 0 ? 0 : restStart);
  const lines: string[] = [];
  /** Lines that end a paragraph: never stretched. */
  const ends = new Set<number>();
  if (font) {
    for (const paragraph of newText.split('\n')) {
      lines.push(...wrapText(paragraph, (s) => font.width(s) * body.size, (n) => width(lines.length + n)));
      ends.add(lines.length - 1);
    }
  }
  if (lines.length > block.lines.length) pitch = fittedPitch(text, block, lines.length, pitch, body.size, origin, dir, down, Math.min(0, restStart), right);
  // Justified when every line but the last reached the right edge: the new lines are stretched to it too.
  const justified = block.lines.length > 2 && block.lines.slice(0, -1).every((line) => right - reach(line.at(-1)!, origin, dir) <= body.size * 0.3);

  removeText(doc, page, [{ quads: block.lines.flatMap((line) => lineBands(line, 0.6, 0.05, 0.05)) }]);
  if (!font) return 0;

  const pageObj = page.getObject();
  const name = addResource(doc, ownResources(doc, pageObj), 'Font', 'PWF', font.ref);
  const toUser = displayToUser(page);
  const show = (piece: string, along: number, n: number): string => {
    const at: Point = [origin[0] + dir[0] * along + down[0] * pitch * n, origin[1] + dir[1] * along + down[1] * pitch * n];
    return `BT /${name} ${num(body.size)} Tf ${colourOp(body.color)} ${textMatrix(at, dir, toUser)} ${font.show(piece)} ET`;
  };
  const ops = lines.flatMap((line, n) => {
    const start = n === 0 ? 0 : restStart;
    const words = line.split(' ');
    if (!justified || ends.has(n) || words.length < 2) return [show(line, start, n)];
    // Each word placed on its own, the line's spare room shared among its spaces.
    const gap = font.width(' ') * body.size + (width(n) - font.width(line) * body.size) / (words.length - 1);
    let along = start;
    return words.map((word) => {
      const op = show(word, along, n);
      along += font.width(word) * body.size + gap;
      return op;
    });
  });
  appendContent(doc, pageObj, ops.join('\n'));
  return lines.length;
}

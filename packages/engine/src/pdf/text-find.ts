/**
 * Finding text on a page with MuPDF's structured text: plain terms or JavaScript regular
 * expressions, matched over the page's characters in reading order. Lines of one block are
 * joined by a space (a phrase may wrap), blocks by a newline. Every match keeps its
 * characters (position, font, size, colour) and one quad per line it touches.
 */
import { CatalogueError } from '@pagewright/contracts';
import { walkText, type mupdf } from '../mupdf.js';

export type Quad = mupdf.Quad;
export type Point = mupdf.Point;

export interface TextChar {
  c: string;
  origin: Point;
  quad: Quad;
  font: mupdf.Font;
  size: number;
  color: number[];
  /** Index of the line in the page's structured text. */
  line: number;
  /** Writing direction of the line (unit vector, page space). */
  dir: Point;
}

export interface TextMatch {
  /** The match in the page text (lines joined by a space), with its groups. */
  found: RegExpMatchArray;
  chars: TextChar[];
  /** One quad per line the match touches, page space (top-left origin, as displayed). */
  quads: Quad[];
  /** The first visible character after the match on its last line, if any. */
  next: TextChar | undefined;
}

/** The page's text and, per UTF-16 code unit, the character it belongs to (null for joins). */
export interface PageText {
  text: string;
  units: Array<TextChar | null>;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A global RegExp for a term; INVALID_PARAMS for an empty term or a bad expression. */
export function compileTerm(term: string, regex: boolean, caseSensitive: boolean): RegExp {
  if (typeof term !== 'string' || term === '') throw new CatalogueError('INVALID_PARAMS', 'empty search term');
  const flags = caseSensitive ? 'g' : 'gi';
  try {
    return new RegExp(regex ? term : escapeRegExp(term), flags);
  } catch (err) {
    throw new CatalogueError('INVALID_PARAMS', `invalid regular expression '${term}': ${(err as Error).message}`);
  }
}

export function pageText(page: mupdf.PDFPage): PageText {
  const stext = page.toStructuredText('preserve-whitespace');
  const parts: string[] = [];
  const units: Array<TextChar | null> = [];
  const push = (text: string, ch: TextChar | null): void => {
    parts.push(text);
    for (let i = 0; i < text.length; i++) units.push(ch);
  };
  try {
    let line = -1;
    let dir: Point = [1, 0];
    let lineInBlock = 0;
    let blocks = 0;
    walkText(stext, {
      beginTextBlock() {
        if (blocks++ > 0) push('\n', null);
        lineInBlock = 0;
      },
      beginLine(_bbox, _wmode, direction) {
        line++;
        dir = direction;
        if (lineInBlock++ > 0 && !/\s$/.test(parts.at(-1) ?? '')) push(' ', null);
      },
      onChar(c, origin, font, size, quad, color) {
        push(c, { c, origin, quad, font, size, color: [...color], line, dir });
      },
    });
  } finally {
    stext.destroy();
  }
  return { text: parts.join(''), units };
}

/** Every match of `pattern` (global) in the page text; empty matches are skipped. */
export function findInPage(text: PageText, pattern: RegExp): TextMatch[] {
  const matches: TextMatch[] = [];
  pattern.lastIndex = 0;
  for (const found of text.text.matchAll(pattern)) {
    const start = found.index;
    const value = found[0];
    if (value.length === 0) continue;
    const chars: TextChar[] = [];
    for (let i = start; i < start + value.length; i++) {
      const ch = text.units[i];
      if (ch && chars.at(-1) !== ch) chars.push(ch);
    }
    if (chars.length === 0) continue;
    const lastLine = chars.at(-1)!.line;
    let next: TextChar | undefined;
    for (let i = start + value.length; i < text.units.length; i++) {
      const ch = text.units[i];
      if (!ch) continue;
      if (ch.line !== lastLine) break;
      if (/\S/.test(ch.c)) {
        next = ch;
        break;
      }
    }
    matches.push({ found, chars, quads: lineQuads(chars), next });
  }
  return matches;
}

/** One quad per line: from the first character's left edge to the last one's right edge. */
export function lineQuads(chars: TextChar[]): Quad[] {
  const quads: Quad[] = [];
  let first = chars[0]!;
  let last = first;
  const flush = (): void => {
    const [ulx, uly, , , llx, lly] = first.quad;
    const [, , urx, ury, , , lrx, lry] = last.quad;
    quads.push([ulx, uly, urx, ury, llx, lly, lrx, lry]);
  };
  for (const ch of chars.slice(1)) {
    if (ch.line !== last.line) {
      flush();
      first = ch;
    }
    last = ch;
  }
  flush();
  return quads;
}

const dot = (a: Point, b: Point): number => a[0] * b[0] + a[1] * b[1];

/**
 * One quad per line along the baseline: from `below` x size under it to `above` x size over it,
 * from the first character's left edge to the last one's right edge, both moved inwards by
 * `inset` x the character's width. MuPDF redaction removes every glyph a redaction area touches,
 * so areas for removal are kept clear of the lines above and below (character quads reach from
 * ascender to descender and overlap neighbouring lines in tightly set text).
 */
export function lineBands(chars: TextChar[], above: number, below: number, inset = 0): Quad[] {
  const lines: TextChar[][] = [];
  for (const ch of chars) {
    if (lines.at(-1)?.[0]?.line === ch.line) lines.at(-1)!.push(ch);
    else lines.push([ch]);
  }
  return lines.map((line) => {
    const first = line[0]!;
    const last = line.at(-1)!;
    const dir = first.dir;
    // Page space has y down: "up" from the baseline is the direction turned a quarter anticlockwise.
    const up: Point = [dir[1], -dir[0]];
    const size = Math.max(...line.map((ch) => ch.size));
    const left = (ch: TextChar): number => Math.min(dot([ch.quad[0] - ch.origin[0], ch.quad[1] - ch.origin[1]], dir), dot([ch.quad[4] - ch.origin[0], ch.quad[5] - ch.origin[1]], dir));
    const right = (ch: TextChar): number => Math.max(dot([ch.quad[2] - ch.origin[0], ch.quad[3] - ch.origin[1]], dir), dot([ch.quad[6] - ch.origin[0], ch.quad[7] - ch.origin[1]], dir));
    const width = (ch: TextChar): number => Math.max(0, right(ch) - left(ch));
    const startOffset = left(first) + inset * width(first);
    const endOffset = right(last) - inset * width(last);
    const start: Point = [first.origin[0] + dir[0] * startOffset, first.origin[1] + dir[1] * startOffset];
    const end: Point = [last.origin[0] + dir[0] * endOffset, last.origin[1] + dir[1] * endOffset];
    const at = (p: Point, k: number): [number, number] => [p[0] + up[0] * k * size, p[1] + up[1] * k * size];
    return [...at(start, above), ...at(end, above), ...at(start, -below), ...at(end, -below)] as Quad;
  });
}

export function quadBounds(quad: Quad): [number, number, number, number] {
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

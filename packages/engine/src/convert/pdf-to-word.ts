/**
 * PDF to Word: the layout analysis written as a flowing DOCX. Every PDF page starts a new
 * section with its page size and margins; each band of a page (spanning content, or content in
 * columns) is a continuous section with its columns; paragraphs keep fonts, sizes, styles,
 * colours, alignment, exact line spacing and the gaps between them; tables are Word tables;
 * images are inline pictures at their size; running headers and footers go into the section's
 * header and footer (page numbers as PAGE fields).
 */
import {
  AlignmentType,
  BorderStyle,
  Column,
  ColumnBreak,
  Document,
  Footer,
  FrameAnchorType,
  FrameWrap,
  Header,
  HeadingLevel,
  HeightRule,
  HorizontalPositionRelativeFrom,
  ImageRun,
  LevelFormat,
  LineRuleType,
  PageNumber,
  PageOrientation,
  Paragraph as DocxParagraph,
  SectionType,
  ShadingType,
  SoftHyphen,
  Tab,
  TabStopType,
  Table as DocxTable,
  TableCell as DocxTableCell,
  TableLayoutType,
  TableRow,
  TextDirection,
  TextRun,
  TextWrappingSide,
  TextWrappingType,
  VerticalAlignTable,
  VerticalPositionRelativeFrom,
  WidthType,
  type IBorderOptions,
  type ISectionOptions,
  type ParagraphChild,
} from 'docx';
import { asCatalogueError } from '../errors.js';
import type { PdfInput } from '../merge.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { RTL_LETTER, analysePdf } from '../reconstruct/analyse.js';
import { WIDE, fittingSpacing, portableFamily, scriptGaps, standInAdvances, standInWidth } from '../reconstruct/fonts.js';
import type { Block, DocumentLayout, ImageBlock, PageLayout, Paragraph, Run, Table, TableCell } from '../reconstruct/layout.js';
import { SOFT_HYPHEN, xmlSafe } from '../reconstruct/text.js';
import { packDocx, writeDocx, type PackedDocx } from './docx-pack.js';

/** Share of the progress bar spent on the layout analysis. */
const ANALYSIS_SHARE = 80;

/**
 * Converts a PDF into an editable Word document (see the module comment). Errors: the open
 * errors of every tool (FILE_TYPE_ERROR, FILE_DAMAGED, 3122, INCORRECT_PASSWORD); the output is
 * written through a temporary file.
 */
export async function pdfToWord(input: PdfInput, outputPath: string, onProgress?: ProgressFn): Promise<void> {
  const report = progressReporter(onProgress);
  const layout = await analysePdf(input, (p) => report((p * ANALYSIS_SHARE) / 100));
  let packed: PackedDocx;
  try {
    packed = await packDocx(layoutToDocx(layout));
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  }
  report(95);
  await writeDocx(outputPath, packed);
  report(100);
}

const twips = (pt: number): number => Math.max(0, Math.round(pt * 20));
/** docx sizes pictures in pixels at 96 per inch. */
const pixels = (pt: number): number => Math.max(1, Math.round((pt * 96) / 72));

const ALIGN = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
} as const;

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6] as const;

/** Numbering definitions collected while writing: one per bullet character, one per ordered list. */
class Numbering {
  readonly config: { reference: string; levels: { level: number; format: (typeof LevelFormat)[keyof typeof LevelFormat]; text: string; start?: number; alignment: (typeof AlignmentType)[keyof typeof AlignmentType] }[] }[] = [];
  private bullets = new Map<string, string>();
  private lastOrdered: { reference: string; format: string } | undefined;

  reference(list: NonNullable<Paragraph['list']>, continues: boolean): string {
    if (!list.ordered) {
      let ref = this.bullets.get(list.marker);
      if (!ref) {
        ref = `pw-bullet-${this.bullets.size + 1}`;
        this.bullets.set(list.marker, ref);
        this.config.push({ reference: ref, levels: levels(LevelFormat.BULLET, () => list.marker) });
      }
      return ref;
    }
    const parsed = parseOrdinal(list.marker);
    if (continues && this.lastOrdered && this.lastOrdered.format === parsed.key) return this.lastOrdered.reference;
    const reference = `pw-list-${this.config.length + 1}`;
    this.config.push({ reference, levels: levels(parsed.format, (level) => `${parsed.prefix}%${level + 1}${parsed.suffix}`, parsed.start) });
    this.lastOrdered = { reference, format: parsed.key };
    return reference;
  }
}

function levels(format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (level: number) => string, start = 1): Numbering['config'][number]['levels'] {
  return Array.from({ length: 9 }, (_, level) => ({ level, format, text: text(level), start: level === 0 ? start : 1, alignment: AlignmentType.LEFT }));
}

function parseOrdinal(marker: string): { format: (typeof LevelFormat)[keyof typeof LevelFormat]; prefix: string; suffix: string; start: number; key: string } {
  const m = /^(\(?)([0-9]+|[a-zA-Z]+)([.)]?)$/.exec(marker);
  const prefix = m?.[1] ?? '';
  const body = m?.[2] ?? '1';
  const suffix = m?.[3] ?? '.';
  let format: (typeof LevelFormat)[keyof typeof LevelFormat] = LevelFormat.DECIMAL;
  let start = 1;
  if (/^\d+$/.test(body)) start = Number(body);
  else if (/^[ivxlc]+$/.test(body) && body !== 'c' && (body.length > 1 || body === 'i')) {
    format = LevelFormat.LOWER_ROMAN;
    start = romanValue(body);
  } else if (/^[IVXLC]+$/.test(body) && (body.length > 1 || body === 'I')) {
    format = LevelFormat.UPPER_ROMAN;
    start = romanValue(body);
  } else if (/^[a-z]$/.test(body)) {
    format = LevelFormat.LOWER_LETTER;
    start = body.charCodeAt(0) - 96;
  } else if (/^[A-Z]$/.test(body)) {
    format = LevelFormat.UPPER_LETTER;
    start = body.charCodeAt(0) - 64;
  }
  return { format, prefix, suffix, start, key: `${format}|${prefix}|${suffix}` };
}

function romanValue(text: string): number {
  const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  const chars = text.toLowerCase();
  for (let i = 0; i < chars.length; i++) {
    const v = values[chars[i]!] ?? 0;
    const next = values[chars[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return Math.max(1, total);
}

/** How far raised (or lowered) text sits from the baseline. */
function scriptShift(run: Run): `${number}pt` | `-${number}pt` {
  const shift = Math.round(run.size * 0.6);
  return run.script === 'super' ? `${shift}pt` : `-${shift}pt`;
}

/** A fill behind text or a cell, as drawn. */
const shade = (fill: string): { type: typeof ShadingType.CLEAR; fill: string; color: string } => ({ type: ShadingType.CLEAR, fill, color: 'auto' });

function textRuns(run: Run, pageNumber?: number, background?: string, narrowing: Narrowing = NO_NARROWING, spacingOf: Run = run): TextRun[] {
  const font = portableFamily(run);
  const spacing = fittingSpacing(spacingOf, font) - narrowing.twips;
  // Narrowed letters leave the spaces between words as wide as the stand-in's where the line
  // still fits: the spacing comes after every character, and a space between two narrowed
  // letters lost it twice over (a condensed face's words ran together on the page and for text
  // extractors).
  const pieces = spacing < 0 && narrowing.keepSpaces && !run.text.includes(SOFT_HYPHEN) ? run.text.split(/(\s+)/).filter((t) => t !== '') : [run.text];
  if (pieces.length < 2) return [textRun(run, spacing, pageNumber, background)];
  // The line break a run starts with comes before its first piece only.
  return pieces.map((text, i) => textRun({ ...run, text, lineBreak: i === 0 && run.lineBreak }, /\s/.test(text) ? 0 : spacing, pageNumber, background));
}

function textRun(run: Run, spacing: number, pageNumber?: number, background?: string): TextRun {
  const font = portableFamily(run);
  const options = {
    font,
    size: Math.max(2, Math.round(run.size * 2)),
    bold: run.bold,
    italics: run.italic,
    // Always explicit: heading styles would otherwise colour the text.
    color: run.color,
    ...(RTL_LETTER.test(run.text) ? { rightToLeft: true } : {}),
    ...(spacing !== 0 ? { characterSpacing: spacing } : {}),
    // Word shrinks raised text itself; the position without the shrinking keeps the PDF's size.
    ...(run.script ? { position: scriptShift(run) } : {}),
    // The box drawn under the text (white text on a coloured header stays readable), unless the
    // cell it sits in already has that fill.
    ...(run.shading && run.shading !== background ? { shading: shade(run.shading) } : {}),
    ...(run.lineBreak ? { break: 1 } : {}),
  };
  const text = xmlSafe(run.text);
  // A page number in a running header or footer becomes Word's PAGE field.
  if (pageNumber !== undefined && text.trim() === String(pageNumber)) return new TextRun({ ...options, children: [PageNumber.CURRENT] });
  if (!text.includes(SOFT_HYPHEN)) return new TextRun({ ...options, text });
  // Word's optional hyphen where the PDF hyphenated the word.
  const children = text.split(SOFT_HYPHEN).flatMap((part, i) => (i === 0 ? [part] : [new SoftHyphen(), part])).filter((c) => c !== '');
  return new TextRun({ ...options, children });
}

interface WriteContext {
  numbering: Numbering;
  previousList: boolean;
}

/**
 * How much of the PDF's vertical spacing a page keeps so that it fits on one Word page: the
 * share of the gaps between blocks and of the line spacing (1 when it fits as drawn).
 */
interface Fit {
  space: number;
  line: number;
}

const AS_DRAWN: Fit = { space: 1, line: 1 };

/** The paragraph's exact line height as written: the PDF's, never tighter than the glyphs need. */
function lineHeight(p: Paragraph, fit: Fit = AS_DRAWN): number {
  const size = Math.max(...p.runs.map((r) => r.size), 1);
  return Math.max(size, Math.max(p.lineSpacing, size * 1.05) * fit.line);
}

/** The number of lines the paragraph has in the PDF (from its height and line spacing). */
function lineCount(p: Paragraph): number {
  const size = Math.max(...p.runs.map((r) => r.size), 1);
  return Math.max(1, Math.round((p.bbox.y1 - p.bbox.y0 - size) / Math.max(1, p.lineSpacing)) + 1);
}

/**
 * The number of lines a body paragraph takes as written in `columnRoom` points: the PDF's, or
 * for sideways text, written across its column, as many as its length needs there.
 */
function writtenLineCount(p: Paragraph, columnRoom: number): number {
  if (!p.sideways) return lineCount(p);
  // Sideways lines lie side by side in the PDF: its height is the length of its lines.
  const size = Math.max(...p.runs.map((r) => r.size), 1);
  const lines = Math.max(1, Math.round((p.bbox.x1 - p.bbox.x0 - size) / Math.max(1, p.lineSpacing)) + 1);
  // Set where it stands on the page: its indent takes from the column's room.
  const room = columnRoom - p.leftIndent - Math.max(0, p.firstLineIndent);
  const chars = room > 0 ? writtenAdvances(p.runs.map((run) => ({ run, source: run }))) : undefined;
  if (!chars) return lines;
  // Broken at spaces; a word longer than the room (a narrow column) breaks between its letters.
  let count = 1;
  let x = 0;
  let word = 0;
  const place = (): void => {
    if (word === 0) return;
    if (x > 0 && x + word > room) {
      count++;
      x = 0;
    }
    if (word > room) {
      count += Math.ceil(word / room) - 1;
      x = word % room;
    } else x += word;
    word = 0;
  };
  for (const { c, w } of chars) {
    if (!/\s/.test(c)) word += w;
    else {
      place();
      if (x > 0) x += w;
    }
  }
  place();
  return Math.max(lines, count);
}

/** Largest narrowing of the character spacing that keeps a line on one line, share of the font size. */
const MAX_NARROWING = 0.12;

/**
 * Twips of character spacing taken off every character of a paragraph that is one line in the
 * PDF but would be wider than its room in Word (the stand-in families' advances with the spacing
 * written, and a little slack for the word processor's rounding of each advance): a last word
 * carried over to a second line makes a table row, and so the page, taller than drawn. 0 when
 * it fits or when a family's metrics are unknown.
 */
function narrowingToFit(p: Paragraph, room: number): Narrowing {
  if (lineCount(p) !== 1 || p.runs.length === 0) return NO_NARROWING;
  return lineNarrowing(p, room);
}

/** narrowingToFit for one line of a paragraph, whatever the paragraph's own line count. */
function lineNarrowing(p: Paragraph, room: number): Narrowing {
  const size = Math.min(...p.runs.map((r) => r.size));
  const most = Math.round(size * MAX_NARROWING * 20);
  // Narrowed letters with the spaces as wide as the stand-in's, when that fits; else every
  // character narrowed alike, as far as MAX_NARROWING goes.
  for (const keepSpaces of [true, false]) {
    const { width, chars } = writtenWidth(p, keepSpaces);
    if (!Number.isFinite(width) || chars === 0) return NO_NARROWING;
    const excess = width - (room - Math.max(1, room * 0.01));
    const twips = excess <= 0 ? 0 : Math.ceil((excess / chars) * 20);
    if (twips <= most || !keepSpaces) return { twips: Math.min(twips, most), keepSpaces };
  }
  return NO_NARROWING;
}

/**
 * A cell paragraph's runs by the lines the PDF broke them into (a run with a line break starts
 * one), each line without the space it ends with before the break: a line narrowed to its room
 * left no room for that space, and LibreOffice carried it over to a line of its own.
 */
function cellLines(runs: Run[]): Run[][] {
  const lines: Run[][] = [];
  for (const run of runs) {
    if (run.lineBreak || lines.length === 0) lines.push([run]);
    else lines[lines.length - 1]!.push(run);
  }
  return lines.map((line, i) => {
    if (i === lines.length - 1) return line;
    const last = line[line.length - 1]!;
    return [...line.slice(0, -1), { ...last, text: last.text.replace(/\s+$/, '') }].filter((run, j) => j === 0 || run.text !== '');
  });
}

/** Twips of character spacing taken off a line's characters, and whether its spaces keep their width. */
interface Narrowing {
  twips: number;
  keepSpaces: boolean;
}

const NO_NARROWING: Narrowing = { twips: 0, keepSpaces: false };

/**
 * A one-line paragraph's width as written (stand-in families, spacing fitted), points; NaN when
 * a family's metrics are unknown. `keepSpaces`: spaces take the spacing only when it widens
 * (see textRuns); `chars` counts the characters that take it.
 */
function writtenWidth(p: Paragraph, keepSpaces = false): { width: number; chars: number } {
  // Spaces at the end of a line take no room.
  const runs = p.runs.map((run, i) => (i === p.runs.length - 1 ? { ...run, text: run.text.replace(/\s+$/, '') } : run));
  let width = 0;
  let chars = 0;
  // The letter before a gap between scripts takes the gap instead of its spacing.
  const before = runs.map(() => 0);
  for (const { run, gap } of scriptGaps(runs)) {
    width += gap - fittingSpacing(runs[run]!, portableFamily(runs[run]!)) / 20;
    before[run] = before[run]! + 1;
  }
  runs.forEach((run, i) => {
    const text = run.text;
    const font = portableFamily(run);
    const w = standInWidth({ ...run, text }, font);
    // A word processor leaves the spacing off a run's last letter too: a word before a space
    // that keeps its width is as wide as unnarrowed by one letter, and so is the run's own last
    // letter (a one-line heading in three colours, narrowed by that much too little, wrapped).
    const spaces = keepSpaces ? (text.match(/\S\s/g)?.length ?? 0) * 2 : 0;
    const last = text === '' || (keepSpaces && /\s$/.test(text)) ? 0 : 1;
    const count = Math.max(0, [...text].filter((c) => c !== SOFT_HYPHEN).length - spaces - before[i]! - last);
    const spacing = fittingSpacing(run, font) / 20;
    if (w === undefined || !Number.isFinite(width)) width = Number.NaN;
    else width += w + spacing * count + Math.max(0, spacing) * spaces;
    chars += count;
  });
  return { width, chars };
}

/**
 * The indent keeping a one-line cell paragraph where the PDF has it inside its cell (the
 * padding between the rule and the text, on the side the text is aligned to), as far as the
 * written line leaves room: text set against the rules of two cells side by side reads as one
 * line running across them.
 */
function cellIndent(p: Paragraph, room: number | undefined, inset: number): { left?: number; right?: number } {
  if (room === undefined || p.runs.length === 0) return {};
  // The cell's own margin and rule already keep the text off the rule by `inset`.
  const pad = (p.align === 'left' || p.align === 'justify' ? p.leftIndent : p.align === 'right' ? (p.rightIndent ?? 0) : 0) - inset;
  if (pad < 0.5) return {};
  // Wrapped lines keep their breaks while the room stays as wide as the widest of them.
  const written = lineCount(p) === 1 ? writtenWidth(p, true).width : Number.NaN;
  const width = Number.isFinite(written) ? written : (p.bbox.x1 - p.bbox.x0) * 1.03;
  const slack = room - Math.max(1, room * 0.01) - width;
  if (!Number.isFinite(slack) || slack <= 0) return {};
  const indent = twips(Math.min(pad, slack));
  return p.align === 'right' ? { right: indent } : { left: indent };
}

/** A piece of a run on one of the PDF's lines, and the run it was cut from (whose spacing it keeps). */
interface LinePiece {
  run: Run;
  source: Run;
}

/**
 * The paragraph's runs cut where the PDF broke its lines: the space between two lines is
 * dropped, and a word divided at a line end keeps its hyphen visible (a soft hyphen before a
 * line break is not printed).
 */
function piecesByLine(p: Paragraph): LinePiece[][] {
  const ends = p.lineEnds ?? [];
  const lines: LinePiece[][] = [[]];
  let letters = 0;
  let next = 0;
  let afterBreak = false;
  for (const source of p.runs) {
    let text = '';
    const flush = (): void => {
      if (text) lines[lines.length - 1]!.push({ run: { ...source, text }, source });
      text = '';
    };
    for (const ch of source.text) {
      if (/\s/.test(ch)) {
        if (!afterBreak) text += ch;
        continue;
      }
      afterBreak = false;
      text += ch;
      letters += ch.length;
      if (next < ends.length && letters >= ends[next]!) {
        if (text.endsWith(SOFT_HYPHEN)) text = `${text.slice(0, -1)}-`;
        flush();
        lines.push([]);
        next++;
        afterBreak = true;
      }
    }
    flush();
  }
  for (const line of lines) {
    const last = line[line.length - 1];
    if (last) last.run = { ...last.run, text: last.run.text.replace(/\s+$/, '') };
  }
  return lines.filter((line) => line.some((piece) => piece.run.text !== ''));
}

/** Width of each character as written (the stand-in's advance and the run's fitting spacing), undefined when a family's metrics are unknown. */
function writtenAdvances(pieces: LinePiece[]): { c: string; w: number }[] | undefined {
  const chars: { c: string; w: number }[] = [];
  for (const { run, source } of pieces) {
    const font = portableFamily(run);
    const advances = standInAdvances(run, font);
    if (!advances) return undefined;
    const spacing = fittingSpacing(source, font) / 20;
    [...run.text].forEach((c, i) => chars.push({ c, w: advances[i]! + (c === SOFT_HYPHEN ? 0 : spacing) }));
  }
  return chars;
}

/**
 * Lines a word processor makes of the text breaking at spaces, after hyphens and at soft
 * hyphens (printing a hyphen there): each line as many pieces as fit its room.
 */
function wrappedLineCount(chars: { c: string; w: number }[], room: (line: number) => number, size: number): number {
  let lines = 1;
  let x = 0;
  let i = 0;
  while (i < chars.length) {
    let piece = 0;
    let end = '';
    while (i < chars.length && !/\s/.test(chars[i]!.c)) {
      piece += chars[i]!.w;
      end = chars[i++]!.c;
      if (end === '-' || end === SOFT_HYPHEN) break;
    }
    // A hyphen is printed where a line breaks at a soft hyphen.
    const hyphen = end === SOFT_HYPHEN ? size / 3 : 0;
    let space = 0;
    while (i < chars.length && /\s/.test(chars[i]!.c)) space += chars[i++]!.w;
    if (x > 0 && x + piece + hyphen > room(lines - 1)) {
      lines++;
      x = 0;
    }
    x += piece + space;
  }
  return lines;
}

/**
 * The paragraph's lines as the PDF broke them, with the twips of character spacing each takes
 * off to fit its room, when a word processor's own wrapping (the stand-in families' advances)
 * would break them elsewhere: a line of the PDF wider than its room in the stand-in family (a
 * typesetter's justified line squeezes its spaces; a word processor never does) carries its
 * last word over, and one more line per paragraph adds up to a page more. Undefined when every
 * line fits and the paragraph wraps into no more lines than drawn, or when it cannot be measured.
 */
function keptLines(p: Paragraph, room: (line: number) => number): { pieces: LinePiece[]; narrowing: number }[] | undefined {
  // East Asian lines break between any two letters in fallback fonts of their own widths:
  // their wrap is not predicted from the stand-in's.
  if (!p.lineEnds?.length || p.rtl || p.runs.some((r) => WIDE.test(r.text))) return undefined;
  const all = writtenAdvances(p.runs.map((run) => ({ run, source: run })));
  if (!all) return undefined;
  const slack = (line: number): number => room(line) - Math.max(1, room(line) * 0.01);
  const lines = piecesByLine(p);
  if (lines.length !== p.lineEnds.length + 1) return undefined;
  const widths = lines.map((pieces) => writtenAdvances(pieces) ?? []);
  // The widest line of a column is as wide as its room: only a line wider than drawn wraps.
  const overflows = widths.some((chars, i) => chars.reduce((w, ch) => w + ch.w, 0) > room(i) + 0.25);
  if (!overflows && wrappedLineCount(all, (line) => room(line) + 0.25, Math.max(...p.runs.map((r) => r.size))) <= lines.length) return undefined;
  const kept = lines.map((pieces, i) => {
    const chars = widths[i]!;
    const excess = chars.reduce((w, ch) => w + ch.w, 0) - slack(i);
    const size = Math.min(...pieces.map((piece) => piece.run.size));
    const narrowing = excess > 0 && chars.length ? Math.ceil((excess / chars.length) * 20) : 0;
    return { pieces, narrowing, fits: narrowing <= Math.round(size * MAX_NARROWING * 20) };
  });
  // A line that would wrap however narrow it is set would wrap again after its break.
  return kept.every((line) => line.fits) ? kept : undefined;
}

function paragraph(p: Paragraph, ctx: WriteContext, options: { columnBreak?: boolean; pageNumber?: number; inCell?: boolean; inset?: number; cellShading?: string; floats?: ImageRun[]; fit?: Fit; line?: number; before?: number; room?: number; framed?: boolean } = {}): DocxParagraph {
  const children: ParagraphChild[] = [];
  if (options.columnBreak) children.push(new ColumnBreak());
  for (const f of options.floats ?? []) children.push(f);
  // A body line's room starts at its indent (a list item's text after its number's tab).
  const indentWidth = options.inCell ? 0 : p.leftIndent + (p.list ? 18 : Math.max(0, p.firstLineIndent));
  const room = options.room;
  // Pieces set apart at stops (see Run.tab) keep their places: stops measured, as Word measures
  // them, from the text area's left edge (the column's, the cell's inside its margin, the
  // frame's), where the line starts at its indent.
  const cellIndentTwips = options.inCell ? cellIndent(p, options.room, options.inset ?? 0) : {};
  const lineStart = options.framed ? 0 : options.inCell ? (cellIndentTwips.left ?? 0) / 20 : p.leftIndent + Math.max(0, p.firstLineIndent);
  const stops = p.list || p.rtl || p.align !== 'left' ? [] : p.runs.flatMap((r) => (r.tab ? [{ type: TabStopType[r.tab.align === 'left' ? 'LEFT' : r.tab.align === 'right' ? 'RIGHT' : 'CENTER'], position: twips(room === undefined ? lineStart + r.tab.at : Math.min(lineStart + r.tab.at, room)) }] : []));
  // A cell's lines keep flowing: a row grows rather than a page (the fitting pass counts it),
  // and line breaks in narrow header cells moved the rendered text of whole tables.
  const kept = room === undefined || options.inCell ? undefined : keptLines(p, (line) => room - (options.inCell ? 0 : p.leftIndent + (p.list ? 18 : line === 0 ? p.firstLineIndent : 0)));
  if (kept) {
    kept.forEach(({ pieces, narrowing }, i) => {
      if (i > 0) children.push(new TextRun({ break: 1 }));
      // The spaces narrow with the letters: the line's narrowing was measured so.
        for (const { run, source } of pieces) children.push(...textRuns(run, options.pageNumber, options.cellShading, { twips: narrowing, keepSpaces: false }, source));
    });
  } else {
    // A cell keeps the PDF's line breaks: each of its lines is a one-line paragraph of its own
    // that the stand-in family, wider than the drawn one, would wrap too, one row line more.
    const lines = options.inCell && room !== undefined ? cellLines(p.runs) : [p.runs];
    for (const runs of lines) {
      const narrowing = room === undefined ? NO_NARROWING : lines.length > 1 ? lineNarrowing({ ...p, runs }, room - indentWidth) : narrowingToFit(p, room - indentWidth);
      runs.forEach((run, i) => {
        if (stops.length && run.tab) children.push(new TextRun({ children: [new Tab()] }));
        // The space before a piece at a stop is the tab's; the line's last piece ends with its
        // last glyph, because a space after it would stand between it and a right stop.
        const text = stops.length && (runs[i + 1]?.tab || i === runs.length - 1) ? run.text.replace(/\s+$/, '') : run.text;
        children.push(...textRuns({ ...run, text }, options.pageNumber, options.cellShading, narrowing, run));
      });
    }
  }
  const fit = options.fit ?? AS_DRAWN;
  // Exact line spacing keeps the page's vertical rhythm.
  const line = options.line ?? lineHeight(p, fit);
  const indent = p.list
    ? { left: twips(p.leftIndent + 18), hanging: twips(18) }
    : p.firstLineIndent >= 0
      ? { left: twips(p.leftIndent), firstLine: twips(p.firstLineIndent) }
      : { left: twips(p.leftIndent), hanging: twips(-p.firstLineIndent) };
  const continues = ctx.previousList;
  ctx.previousList = p.list !== undefined;
  return new DocxParagraph({
    children,
    alignment: ALIGN[p.align],
    ...(p.rtl ? { bidirectional: true } : {}),
    spacing: { before: options.framed ? 0 : twips(options.before ?? p.spaceBefore * fit.space), after: options.framed || options.before !== undefined ? 0 : twips((p.spaceAfter ?? 0) * fit.space), line: twips(line), lineRule: LineRuleType.EXACT },
    indent: options.framed ? {} : options.inCell ? cellIndentTwips : indent,
    ...(stops.length ? { tabStops: stops } : {}),
    // At its place on the page, as wide as its text, over whatever is there (a figure's label
    // over the figure): it takes no room in the flow. LibreOffice reads a frame that text wraps
    // through (or around) as one the text flows past below it, pushing the figure down.
    ...(options.framed
      ? { frame: { type: 'absolute' as const, position: { x: twips(p.bbox.x0), y: twips(Math.max(0, labelTop(p))) }, ...(p.lineEnds?.length ? { width: twips(p.bbox.x1 - p.bbox.x0 + 2) } : {}), anchor: { horizontal: FrameAnchorType.PAGE, vertical: FrameAnchorType.PAGE }, wrap: FrameWrap.NONE } }
      : {}),
    ...(p.headingLevel ? { heading: HEADINGS[Math.min(6, p.headingLevel) - 1]! } : {}),
    // Level 0 always: the number's start and format are the first level's, and the
    // paragraph's own indent already places it.
    ...(p.list ? { numbering: { reference: ctx.numbering.reference(p.list, continues), level: 0 } } : {}),
    // The number or bullet is set in the paragraph mark's font: the item's, as drawn beside it,
    // not the document's default (a smaller serif number that text extractors read apart).
    ...(p.list && p.runs[0] ? { run: markRun(p.runs[0]) } : {}),
  });
}

/** A list item's paragraph mark: its first run's font, size, weight and colour. */
function markRun(run: Run): { font: string; size: number; bold: boolean; color: string } {
  return { font: portableFamily(run), size: Math.max(2, Math.round(run.size * 2)), bold: run.bold, color: run.color };
}

/**
 * The top of a framed one-line paragraph's line box that puts its baseline where the PDF has
 * it: an exact line height sets the baseline about four fifths of the way down the line.
 */
function labelTop(p: Paragraph): number {
  const size = Math.max(...p.runs.map((r) => r.size), 1);
  const base = p.bbox.y1 - size * 0.2;
  return base - lineHeight(p) * 0.8;
}

/** EMUs per point. */
const EMU = 12700;

/** A picture floating at its place on the page, text wrapping around its box (or, under text, behind it). */
function floatingImage(img: ImageBlock, wrap: (typeof TextWrappingType)[keyof typeof TextWrappingType] = TextWrappingType.SQUARE): ImageRun {
  const picture = img.labels?.plain ?? img;
  return new ImageRun({
    type: picture.ext,
    data: picture.data,
    transformation: { width: pixels(img.bbox.x1 - img.bbox.x0), height: pixels(img.bbox.y1 - img.bbox.y0) },
    floating: {
      horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: Math.round(img.bbox.x0 * EMU) },
      verticalPosition: { relative: VerticalPositionRelativeFrom.PAGE, offset: Math.round(img.bbox.y0 * EMU) },
      wrap: img.behind ? { type: TextWrappingType.NONE } : wrap === TextWrappingType.SQUARE ? { type: wrap, side: TextWrappingSide.BOTH_SIDES } : { type: wrap },
      ...(img.behind ? { behindDocument: true } : {}),
      allowOverlap: true,
      margins: { left: 2 * EMU, right: 2 * EMU },
    },
  });
}

function imageParagraph(img: ImageBlock, columnX: number, columnBreak: boolean, fit: Fit): DocxParagraph {
  const width = img.bbox.x1 - img.bbox.x0;
  const height = img.bbox.y1 - img.bbox.y0;
  const children: ParagraphChild[] = [];
  if (columnBreak) children.push(new ColumnBreak());
  const picture = img.labels?.plain ?? img;
  children.push(new ImageRun({ type: picture.ext, data: picture.data, transformation: { width: pixels(width), height: pixels(height) } }));
  return new DocxParagraph({
    children,
    // Auto line spacing: an exact one would crop the picture to one text line.
    spacing: { before: twips(img.spaceBefore * fit.space), after: 0, line: 240, lineRule: LineRuleType.AUTO },
    indent: { left: twips(Math.max(0, img.bbox.x0 - columnX)) },
  });
}

/**
 * Pictures side by side in the flow (none floating, each starting above the bottom of the ones
 * before it in its column): the first picture of each such row, with the row. Written one
 * under the other they would take the sum of their heights.
 */
function pictureRows(blocks: Block[]): Map<Block, ImageBlock[]> {
  const rows = new Map<Block, ImageBlock[]>();
  let row: ImageBlock[] = [];
  const close = (): void => {
    if (row.length > 1) rows.set(row[0]!, row);
    row = [];
  };
  for (const b of blocks) {
    if (b.kind === 'image' && b.float) continue;
    if (b.kind !== 'image') {
      close();
      continue;
    }
    const bottom = Math.max(...row.map((i) => i.bbox.y1));
    if (row.length && (row[0]!.column !== b.column || b.bbox.y0 >= bottom - 1)) close();
    row.push(b);
  }
  close();
  return rows;
}

/** The height of a row of pictures: from the highest top to the lowest bottom. */
function rowHeight(row: ImageBlock[]): number {
  return Math.max(...row.map((i) => i.bbox.y1)) - Math.min(...row.map((i) => i.bbox.y0));
}

/**
 * A row of pictures side by side: a paragraph as tall as the row (it keeps the row's room in
 * the flow), each picture anchored in it at its place across the page and its offset below the
 * row's top.
 */
function pictureRow(row: ImageBlock[]): DocxParagraph {
  const top = Math.min(...row.map((i) => i.bbox.y0));
  const children: ParagraphChild[] = [];
  for (const img of row) {
    children.push(
      new ImageRun({
        type: img.ext,
        data: img.data,
        transformation: { width: pixels(img.bbox.x1 - img.bbox.x0), height: pixels(img.bbox.y1 - img.bbox.y0) },
        floating: {
          horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: Math.round(img.bbox.x0 * EMU) },
          verticalPosition: { relative: VerticalPositionRelativeFrom.PARAGRAPH, offset: Math.round((img.bbox.y0 - top) * EMU) },
          wrap: { type: TextWrappingType.NONE },
          allowOverlap: true,
        },
      }),
    );
  }
  return new DocxParagraph({ children, spacing: { before: 0, after: 0, line: twips(rowHeight(row)), lineRule: LineRuleType.EXACT } });
}

const RULE = { style: BorderStyle.SINGLE, size: 4, color: '000000' } as const;
/** Points a ruled cell gives its rules on its two sides (RULE's size is in eighths of a point). */
const RULE_WIDTH = 1;
/** A cell's left and right margins, twips. */
const CELL_MARGIN = 20;
const NO_RULE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' } as const;

/**
 * A ruled cell's edges as drawn, in their colours. A row edge (top, bottom) that is not drawn
 * keeps a rule as wide as a drawn one, in the colour under it (the cell's fill, or the paper):
 * LibreOffice broke a wide table whose row edges were of two widths (rules every fifth row, none
 * between) onto a second page with a third of the first page empty, and lays it out on one page
 * when every row edge is as wide, as in the table ruled throughout. A column edge sets no row's
 * height: left out.
 */
function cellBorders(cell: TableCell, rules: NonNullable<TableCell['rules']>): Record<'top' | 'bottom' | 'left' | 'right', IBorderOptions> {
  const unseen = { ...UNDRAWN, color: cell.shading ?? UNDRAWN.color };
  const drawn = (color: string): IBorderOptions => ({ ...RULE, color });
  return {
    top: rules.top ? drawn(rules.top) : unseen,
    bottom: rules.bottom ? drawn(rules.bottom) : unseen,
    left: rules.left ? drawn(rules.left) : NO_RULE,
    right: rules.right ? drawn(rules.right) : NO_RULE,
  };
}

/** How far below its baseline an exact line ends in LibreOffice: the stand-ins' descent (Arial 0.212, Times New Roman 0.216), ems. */
const LINE_DESCENT = 0.212;

/**
 * A top-aligned cell's paragraphs at their drawn depths under the row's top (`baselines`,
 * points): the space above each (all of it at most the row's spare height, so the row keeps
 * its drawn height), or, for a one-line paragraph drawn higher than its line puts it, a shorter
 * line. LibreOffice sets an exact line's baseline its font's descent above the line's bottom,
 * and the cell's text at the row's top edge: rows cut between lines of text (and ruled rows
 * whose text sits low) had their text at a row top and off its drawn place by up to two
 * points, and a cell's lines set wide apart (paragraphs of one line each) closed up; both
 * moved lines to or from others for readers that group lines by their spacing.
 */
function cellDepths(text: Paragraph[], baselines: number[], lines: number[], rowHeight: number): { before: number[]; lines: number[] } {
  // The cell's text starts under half its top rule, and its row grows past the drawn height
  // when the text and both half rules do not fit in it.
  const rule = RULE.size / 8;
  const written = [...lines];
  const before = text.map(() => 0);
  let spare = rowHeight - rule - text.reduce((h, p, k) => h + lineCount(p) * lines[k]!, 0);
  let bottom = rule / 2;
  text.forEach((p, k) => {
    const size = Math.max(...p.runs.map((r) => r.size), 1);
    const shift = baselines[k]! - (bottom + written[k]! - LINE_DESCENT * size);
    if (shift > 0) {
      before[k] = Math.min(shift, Math.max(0, spare));
      spare -= before[k]!;
    } else if (k === 0 && lineCount(p) === 1) {
      // What a shorter line frees is not spent on the lines under it: a cell that does not
      // fit its row as drawn (a mark set apart above its line) is not made taller.
      written[k] = Math.min(written[k]!, Math.max(size * 1.05, written[k]! + shift));
    }
    bottom += before[k]! + lineCount(p) * written[k]!;
  });
  return { before, lines: written };
}

/**
 * Whether each of a cell paragraph's lines fits `room` points once narrowed as far as
 * MAX_NARROWING goes (a family whose metrics are unknown is taken to fit): a line that does
 * not wraps in the word processor, and its row has less spare height than its lines suggest.
 */
function cellLinesFit(p: Paragraph, room: number): boolean {
  return cellLines(p.runs).every((runs) => {
    const { width, chars } = writtenWidth({ ...p, runs });
    const size = Math.min(...runs.map((r) => r.size));
    return !Number.isFinite(width) || width - (chars * Math.round(size * MAX_NARROWING * 20)) / 20 <= room - Math.max(1, room * 0.01);
  });
}

/** The colour of a table whose every cell is ruled along all four edges in that one colour. */
function gridColour(t: Table): string | undefined {
  let colour: string | undefined;
  for (const row of t.rows) {
    for (const { rules } of row.cells) {
      const edge = rules?.top;
      if (!edge || rules.bottom !== edge || rules.left !== edge || rules.right !== edge || (colour !== undefined && colour !== edge)) return undefined;
      colour = edge;
    }
  }
  return colour;
}

/** A row edge that is not drawn: a rule as wide as RULE in the paper's colour. */
const UNDRAWN = { style: BorderStyle.SINGLE, size: RULE.size, color: 'FFFFFF' } as const;

function table(t: Table, ctx: WriteContext, offset = 0): DocxTable {
  // Cells that say which of their edges are ruled draw those only; a grid ruled along every
  // edge in one colour draws them as the table's borders (the same layout, and a third less
  // XML to build than a set on each cell).
  const grid = gridColour(t);
  const eachCell = grid === undefined && t.rows.some((r) => r.cells.some((c) => c.rules));
  const border = t.ruled && !eachCell ? { ...RULE, color: grid ?? RULE.color } : NO_RULE;
  const borders = { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border };
  const widths = t.columns.map((w) => Math.max(twips(w), 120));
  const rows = t.rows.map((row) => {
    let column = 0;
    const cells = row.cells.map((cell) => {
      const width = widths.slice(column, column + cell.colSpan).reduce((a, b) => a + b, 0);
      column += cell.colSpan;
      // The cell's lines share the row's height as drawn: a row grows past it only when its text
      // would not fit at the size it is set in. LibreOffice adds a ruled row's edge (half a
      // rule's room) to its lines: lines filling a thin row to its drawn height would grow it.
      // Turned text runs along the row's height instead, its lines stacked across the cell's width.
      const across = cell.reads ? width / 20 : row.height - (t.ruled ? RULE_WIDTH / 2 : 0);
      const room = (cell.reads ? row.height : width / 20) - (2 * CELL_MARGIN) / 20 - (t.ruled ? RULE_WIDTH : 0);
      // A cell of list items stays at its top: its rows grew (a bulleted cause list of a
      // diagram-like table ran onto more pages) when its items were set at their depths.
      const placed = !cell.reads && cell.baselines?.length === cell.text.length && cell.text.every((p) => !p.list && cellLinesFit(p, room));
      // A cell set at its drawn depths spends only the row's spare height on them; another keeps
      // its paragraphs' gaps as drawn, and they count in its height.
      const drawn = cell.text.reduce((h, p) => h + lineCount(p) * lineHeight(p) + (placed ? 0 : p.spaceBefore + (p.spaceAfter ?? 0)), 0);
      const squeeze = drawn > across + (cell.reads ? 0.5 : 0) ? across / drawn : 1;
      const heights = cell.text.map((p) => lineHeight(p, { space: 1, line: squeeze }));
      const { before, lines } = placed ? cellDepths(cell.text, cell.baselines!, heights, row.height) : { before: undefined, lines: heights };
      const children = cell.text.length
        ? cell.text.map((p, k) => paragraph(p, ctx, { inCell: true, inset: CELL_MARGIN / 20 + (t.ruled ? RULE_WIDTH / 2 : 0), fit: { space: squeeze, line: squeeze }, line: lines[k]!, ...(before ? { before: before[k]! } : {}), room, ...(cell.shading ? { cellShading: cell.shading } : {}) }))
        : // An empty cell's paragraph in the default font would be taller than a thin row.
          [new DocxParagraph({ spacing: { before: 0, after: 0, line: twips(Math.max(1, Math.min(row.height, 2))), lineRule: LineRuleType.EXACT } })];
      return new DocxTableCell({
        children,
        ...(cell.shading ? { shading: shade(cell.shading) } : {}),
        ...(cell.rules && eachCell ? { borders: cellBorders(cell, cell.rules) } : {}),
        width: { size: width, type: WidthType.DXA },
        verticalAlign: cell.valign === 'bottom' ? VerticalAlignTable.BOTTOM : cell.valign === 'center' ? VerticalAlignTable.CENTER : VerticalAlignTable.TOP,
        ...(cell.reads ? { textDirection: cell.reads === 'up' ? TextDirection.BOTTOM_TO_TOP_LEFT_TO_RIGHT : TextDirection.TOP_TO_BOTTOM_RIGHT_TO_LEFT } : {}),
        // Narrow cell margins: the PDF's text often reaches close to the cell's rules, and a
        // line that no longer fits would wrap and make the row taller than drawn.
        margins: { top: 0, bottom: 0, left: CELL_MARGIN, right: CELL_MARGIN },
        ...(cell.colSpan > 1 ? { columnSpan: cell.colSpan } : {}),
      });
    });
    return new TableRow({ children: cells, height: { value: twips(row.height), rule: HeightRule.ATLEAST } });
  });
  return new DocxTable({
    rows,
    width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
    columnWidths: widths,
    ...(offset >= 1 ? { indent: { size: twips(offset), type: WidthType.DXA } } : {}),
    layout: TableLayoutType.FIXED,
    borders,
  });
}

type Child = DocxParagraph | DocxTable;

/** Groups a page's blocks into bands: consecutive spanning blocks, or consecutive column blocks. */
function bandsOf(page: PageLayout): { spanning: boolean; blocks: Block[] }[] {
  const bands: { spanning: boolean; blocks: Block[] }[] = [];
  for (const block of page.blocks) {
    const spanning = block.column === -1 || page.columns.length === 1;
    const last = bands[bands.length - 1];
    if (last && last.spanning === spanning) last.blocks.push(block);
    else bands.push({ spanning, blocks: [block] });
  }
  return bands;
}

/** The height a block takes in Word's flow (its gap above apart) in `room` points of width, points. */
function blockHeight(b: Block, fit: Fit, room: number): number {
  if (b.kind === 'paragraph') return writtenLineCount(b, room) * lineHeight(b, fit);
  // A picture sits on a line of the default font: its descent is added under it.
  if (b.kind === 'image') return b.float ? 0 : b.bbox.y1 - b.bbox.y0 + 3;
  // Turned text stacks its lines across its cell, not down it.
  return b.rows.reduce((h, row) => h + Math.max(row.height, ...row.cells.map((c) => (c.reads ? 0 : c.text.reduce((n, p) => n + p.spaceBefore + lineCount(p) * Math.min(lineHeight(p), row.height) + (p.spaceAfter ?? 0), 0)))), 0);
}

/** The gap Word leaves above a block (a table's gap is an exact-height paragraph of at most 200 pt). */
function gapAbove(b: Block): number {
  if (b.kind === 'image' && b.float) return 0;
  return b.kind === 'table' ? (b.spaceBefore > 1 ? Math.min(b.spaceBefore, 200) : 0) : b.spaceBefore;
}

/** The width of the column a block is written in: the band's, or its column's, points. */
type RoomOf = (b: Block, spanning: boolean) => number;

/** The height of the page's flow in Word: band after band, a column band as tall as its tallest column. */
function flowHeight(bands: { spanning: boolean; blocks: Block[] }[], fit: Fit, roomOf: RoomOf): number {
  let total = 0;
  for (const band of bands) {
    const columns = new Map<number, number>();
    const rows = pictureRows(band.blocks);
    const inRow = new Set<Block>([...rows.values()].flatMap((row) => row.slice(1)));
    for (const b of band.blocks) {
      if (inRow.has(b)) continue;
      const key = band.spanning ? 0 : b.column;
      const row = rows.get(b);
      columns.set(key, (columns.get(key) ?? 0) + gapAbove(b) * fit.space + (row ? rowHeight(row) : blockHeight(b, fit, roomOf(b, band.spanning))));
    }
    total += Math.max(0, ...columns.values());
  }
  return total;
}

/**
 * The fitting pass: a PDF page is one Word page, so when the page's flow as drawn would run
 * past the bottom margin (other fonts' line boxes, rows grown by their text), the gaps between
 * blocks shrink first, then the line spacing (never below the font size).
 */
function pageFit(bands: { spanning: boolean; blocks: Block[] }[], available: number, roomOf: RoomOf): Fit {
  const drawn = flowHeight(bands, AS_DRAWN, roomOf);
  if (drawn <= available) return AS_DRAWN;
  const gaps = drawn - flowHeight(bands, { space: 0, line: 1 }, roomOf);
  if (gaps >= drawn - available) return { space: Math.max(0, 1 - (drawn - available) / gaps), line: 1 };
  const withoutGaps = drawn - gaps;
  const lines = withoutGaps - flowHeight(bands, { space: 0, line: 0 }, roomOf);
  const line = lines > 0 ? Math.max(0, 1 - (withoutGaps - available) / lines) : 1;
  return { space: 0, line };
}

/**
 * The titles of floating pictures: one-line paragraphs set just above a picture, within its
 * width, while the body runs beside them (a chart's name over a chart in a side column). In the
 * flow such a title takes a line's height from the body beside it, which then runs that much
 * lower, or is squeezed to fit the page; it is framed at its place instead, like the picture's
 * labels, and takes no room.
 */
function figureTitles(blocks: Block[]): Set<Paragraph> {
  const floats = blocks.filter((b): b is ImageBlock => b.kind === 'image' && b.float === true);
  const titles = new Set<Paragraph>();
  if (floats.length === 0) return titles;
  for (const p of blocks) {
    if (p.kind !== 'paragraph' || p.sideways || p.list || (p.lineEnds?.length ?? 0) > 0 || p.runs.length === 0) continue;
    const size = Math.max(...p.runs.map((r) => r.size));
    const above = floats.some((img) => p.bbox.x0 >= img.bbox.x0 - 2 && p.bbox.x1 <= img.bbox.x1 + 2 && img.bbox.y0 - p.bbox.y1 >= -size / 2 && img.bbox.y0 - p.bbox.y1 <= size);
    if (!above) continue;
    const beside = blocks.some((b) => b !== p && !(b.kind === 'image' && b.float) && b.bbox.y0 < p.bbox.y1 && b.bbox.y1 > p.bbox.y0 && (b.bbox.x1 <= p.bbox.x0 || b.bbox.x0 >= p.bbox.x1));
    if (beside) titles.add(p);
  }
  return titles;
}

function runningKey(paragraphs: Paragraph[]): string {
  return paragraphs.map((p) => p.runs.map((r) => r.text).join('').replace(/\d+/g, '#')).join('\n');
}

/** Room kept free above the bottom margin by the fitting pass, points. */
const FIT_SLACK = 6;

/**
 * What a gutter keeps beyond an em of its text, points: LibreOffice ends a justified line up to
 * a quarter point past its column's edge, unevenly from line to line.
 */
const GUTTER_SLACK = 0.5;

/**
 * The columns of a band with each gutter at least an em of its text wide (plus GUTTER_SLACK).
 * A PDF reader's text flow (poppler's) takes the words beside a block that end less than an em
 * before it into the block when they lie on one to three of its lines, and with them their
 * whole column. In a gutter drawn about an em wide (LaTeX's 10 pt between 10 pt columns) the
 * PDF's justified lines all end at the same place, so none or many come that close; in the
 * round trip only the few that LibreOffice ends a little past the column's edge did, and the
 * page was read across the gutter. The gutter grows into the column on its left; one drawn
 * narrower than nine tenths of an em is kept as drawn (narrow on purpose).
 */
function withGutters(columns: { x0: number; x1: number }[], blocks: Block[]): { x0: number; x1: number }[] {
  return columns.map((c, i) => {
    const next = columns[i + 1];
    if (!next) return c;
    // The body size of the two columns' text, as written (half points): the size the most characters have.
    const chars = new Map<number, number>();
    for (const b of blocks) {
      if (b.kind !== 'paragraph' || (b.column !== i && b.column !== i + 1)) continue;
      for (const r of b.runs) {
        const size = Math.round(r.size * 2) / 2;
        chars.set(size, (chars.get(size) ?? 0) + r.text.length);
      }
    }
    let em = 0;
    for (const [size, n] of chars) if (n > (chars.get(em) ?? 0)) em = size;
    const gutter = next.x0 - c.x1;
    const widen = em + GUTTER_SLACK - gutter;
    if (em === 0 || widen <= 0 || gutter < em * 0.9) return c;
    return { x0: c.x0, x1: c.x1 - widen };
  });
}

/** Builds the Word document of a layout. */
export function layoutToDocx(layout: DocumentLayout): Document {
  const ctx: WriteContext = { numbering: new Numbering(), previousList: false };
  const sections: ISectionOptions[] = [];
  let headerKey: string | undefined;
  let footerKey: string | undefined;
  for (const page of layout.pages) {
    const left = page.margins.left;
    const right = page.margins.right;
    const contentWidth = Math.max(36, page.width - left - right);
    // Running text set on one side of the page while the body runs past it on the other (notes
    // down beside a contact line and logo, a title up beside a repeated heading) shares its
    // height with the body: as Word's header or footer it would move the body's margin past
    // it, and the body's lines would spill. It is written at its place on the page instead,
    // taking no room, and the body starts and ends where it is drawn.
    // Neither a floating picture nor text set sideways (a stamp up the margin, written across)
    // takes the height it is drawn over.
    const inFlow = page.blocks.filter((b) => !(b.kind === 'image' && b.float) && !(b.kind === 'paragraph' && b.sideways));
    const uprightHeader = page.header.filter((p) => !p.sideways);
    const uprightFooter = page.footer.filter((p) => !p.sideways);
    const runningBottom = uprightHeader.length ? Math.max(...uprightHeader.map((p) => p.bbox.y1)) : undefined;
    const headerBeside = runningBottom !== undefined && inFlow.some((b) => b.bbox.y0 < runningBottom - 2);
    const runningTop = uprightFooter.length ? Math.min(...uprightFooter.map((p) => p.bbox.y0)) : undefined;
    const footerBeside = runningTop !== undefined && inFlow.some((b) => b.bbox.y1 > runningTop + 2);
    const header = headerBeside ? [] : page.header;
    const footer = footerBeside ? [] : page.footer;
    const besideBody = [...(headerBeside ? page.header : []), ...(footerBeside ? page.footer : [])];
    const headerTop = header.length ? Math.min(...header.map((p) => p.bbox.y0)) : undefined;
    const headerBottom = header.length ? Math.max(...header.map((p) => p.bbox.y1)) : 0;
    const footerTop = footer.length ? Math.min(...footer.map((p) => p.bbox.y0)) : undefined;
    const footerBottom = footer.length ? Math.max(...footer.map((p) => p.bbox.y1)) : page.height;
    // The body may run a little longer than in the PDF (other fonts wrap differently): the
    // bottom margin leaves it the room down to the footer instead of the PDF's last line, or
    // half the PDF's margin when there is no footer (the flow's place is set from the top).
    const bottom = footerTop !== undefined ? Math.max(page.height - footerTop + 4, 12) : Math.min(page.margins.bottom, 36) / 2;
    const top = Math.max(page.margins.top, headerTop !== undefined ? headerBottom + 2 : 0);
    const margin = {
      top: twips(top),
      bottom: twips(bottom),
      left: twips(left),
      // A tenth of a point of slack: a line exactly as wide as the PDF's widest line would wrap
      // in a word processor that rounds glyph advances to its own units.
      right: Math.max(0, Math.floor(right * 20) - 2),
      header: twips(headerTop ?? Math.min(36, top / 2)),
      footer: twips(footerTop !== undefined ? page.height - footerBottom : Math.min(36, bottom / 2)),
    };
    // The docx library takes a landscape page's size in portrait terms and swaps it itself.
    const landscape = page.width > page.height;
    const size = {
      width: twips(Math.min(page.width, page.height)),
      height: twips(Math.max(page.width, page.height)),
      orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
    };
    const titles = figureTitles(page.blocks);
    const bands = bandsOf(titles.size ? { ...page, blocks: page.blocks.filter((b) => !(b.kind === 'paragraph' && titles.has(b))) } : page);
    if (bands.length === 0) bands.push({ spanning: true, blocks: [] });
    // A little room under the flow for what rounding and other fonts add.
    const roomOf: RoomOf = (b, spanning) => (spanning ? contentWidth : (page.columns[b.column]?.x1 ?? left + contentWidth) - (page.columns[b.column]?.x0 ?? left));
    const fit = pageFit(bands, page.height - top - bottom - FIT_SLACK, roomOf);
    bands.forEach((band, bandIndex) => {
      const children: Child[] = bandIndex === 0 ? [...besideBody, ...titles].map((p) => paragraph(p, ctx, { framed: true, pageNumber: page.index })) : [];
      const columns = band.spanning ? [{ x0: left, x1: left + contentWidth }] : withGutters(page.columns, band.blocks);
      let currentColumn = 0;
      let pendingBreak = false;
      const floats: ImageBlock[] = [];
      const rows = pictureRows(band.blocks);
      const inRow = new Set<Block>([...rows.values()].flatMap((row) => row.slice(1)));
      // LibreOffice sets every column of a section as low as its first paragraph's space
      // before (the next column's text started that much lower than drawn): the section's
      // first paragraph or picture in columns has its gap above as an empty paragraph instead.
      let leading = columns.length > 1;
      const ownGap = <T extends Paragraph | ImageBlock>(b: T): T => {
        if (!leading || b.spaceBefore * fit.space <= 1) return b;
        children.push(new DocxParagraph({ spacing: { before: 0, after: 0, line: twips(b.spaceBefore * fit.space), lineRule: LineRuleType.EXACT } }));
        return { ...b, spaceBefore: 0 };
      };
      for (const block of band.blocks) {
        if (inRow.has(block)) continue;
        const column = band.spanning ? 0 : Math.max(0, block.column);
        // Column breaks carry the text into the next column, also past an empty column.
        while (currentColumn < column) {
          if (pendingBreak) children.push(new DocxParagraph({ children: [new ColumnBreak()] }));
          pendingBreak = true;
          currentColumn++;
        }
        const colX = columns[column]?.x0 ?? left;
        // A figure's labels as text over its picture (drawn without them), each framed at its
        // place on the page and anchored in the paragraph that follows: the picture's own, or
        // for a floating picture the next one of the band, where the picture is anchored too.
        const labels = block.kind === 'image' ? (block.labels?.paragraphs ?? []).map((p) => paragraph(p, ctx, { framed: true })) : [];
        if (block.kind === 'image' && block.float) {
          // Anchored in the next paragraph of the band; positioned on the page.
          floats.push(block);
          children.push(...labels);
          continue;
        }
        if (block.kind === 'paragraph') {
          const room = band.spanning ? contentWidth - 0.1 : (columns[column]?.x1 ?? left + contentWidth) - colX;
          children.push(paragraph(ownGap(block), ctx, { columnBreak: pendingBreak, floats: floats.splice(0).map((img) => floatingImage(img)), fit, room }));
        } else if (block.kind === 'table') {
          // Pictures floating beside the table are anchored above it, on its page: anchored in
          // the paragraph after it, they would follow that paragraph onto the next page. They
          // lie over the table as drawn (often in its empty cells): a table does not flow
          // around a picture, it moves down below it.
          if (floats.length) children.push(new DocxParagraph({ children: floats.splice(0).map((img) => floatingImage(img, TextWrappingType.NONE)), spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } }));
          if (pendingBreak) children.push(new DocxParagraph({ children: [new ColumnBreak()], spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } }));
          else if (block.spaceBefore * fit.space > 1) children.push(new DocxParagraph({ spacing: { before: 0, after: 0, line: twips(Math.min(block.spaceBefore * fit.space, 200)), lineRule: LineRuleType.EXACT } }));
          // LibreOffice joins a table to the one right before it, into the first one's indent
          // and grid: a table of other columns after it moved off its place, past the page's edge.
          else if (children[children.length - 1] instanceof DocxTable) children.push(new DocxParagraph({ spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } }));
          // A table narrower than its column keeps its distance from the column's left edge.
          const colRight = band.spanning ? left + contentWidth : (columns[column]?.x1 ?? left + contentWidth);
          const offset = Math.min(block.bbox.x0 - colX, colRight - colX - block.columns.reduce((a, b) => a + b, 0));
          children.push(table(block, ctx, offset));
          ctx.previousList = false;
        } else if (rows.has(block)) {
          if (floats.length) children.push(new DocxParagraph({ children: floats.splice(0).map((img) => floatingImage(img)), spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } }));
          if (pendingBreak) children.push(new DocxParagraph({ children: [new ColumnBreak()], spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } }));
          else if (block.spaceBefore * fit.space > 1) children.push(new DocxParagraph({ spacing: { before: 0, after: 0, line: twips(block.spaceBefore * fit.space), lineRule: LineRuleType.EXACT } }));
          children.push(pictureRow(rows.get(block)!));
          ctx.previousList = false;
        } else {
          children.push(...labels);
          children.push(imageParagraph(ownGap(block), band.spanning ? left : colX, pendingBreak, fit));
          ctx.previousList = false;
        }
        pendingBreak = false;
        leading = false;
      }
      if (floats.length || children.length === 0 || children[children.length - 1] instanceof DocxTable) {
        children.push(new DocxParagraph({ children: floats.splice(0).map((img) => floatingImage(img)), spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } }));
      }
      const first = bandIndex === 0;
      const properties: ISectionOptions['properties'] = {
        type: first ? SectionType.NEXT_PAGE : SectionType.CONTINUOUS,
        page: { size, margin },
        ...(columns.length > 1
          ? {
              column: {
                count: columns.length,
                equalWidth: false,
                children: columns.map((c, i) => {
                  const next = columns[i + 1];
                  const width = i === 0 ? (next ? next.x0 : page.width - right) - left - (next ? next.x0 - c.x1 : 0) : c.x1 - c.x0;
                  return new Column({ width: twips(width), space: next ? twips(next.x0 - c.x1) : 0 });
                }),
                space: twips(columns[1]!.x0 - columns[0]!.x1),
              },
            }
          : {}),
      };
      const section: ISectionOptions = { properties, children };
      if (first) {
        const hKey = runningKey(header);
        const fKey = runningKey(footer);
        const mutable = section as { headers?: ISectionOptions['headers']; footers?: ISectionOptions['footers'] };
        // A page without a header needs an empty one only to end the previous page's.
        if (hKey !== (headerKey ?? '')) {
          mutable.headers = { default: new Header({ children: header.length ? header.map((p) => paragraph(withoutIndentFrom(p, left), ctx, { pageNumber: page.index, room: contentWidth - 0.1 })) : [emptyRunning()] }) };
          headerKey = hKey;
        }
        if (fKey !== (footerKey ?? '')) {
          mutable.footers = { default: new Footer({ children: footer.length ? footer.map((p) => paragraph(withoutIndentFrom(p, left), ctx, { pageNumber: page.index, room: contentWidth - 0.1 })) : [emptyRunning()] }) };
          footerKey = fKey;
        }
      }
      sections.push(section);
    });
  }
  if (sections.length === 0) sections.push({ children: [new DocxParagraph({})] });
  return new Document({
    ...(layout.title ? { title: xmlSafe(layout.title) } : {}),
    creator: 'Pagewright',
    numbering: { config: ctx.numbering.config },
    sections,
  });
}

/**
 * The empty header or footer that ends the previous page's: a line of the default font there
 * would take its height from the body of a page whose margin leaves the body all the room.
 */
function emptyRunning(): DocxParagraph {
  return new DocxParagraph({ spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } });
}

/** Header and footer paragraphs were measured against the whole page; Word places them between the margins. */
function withoutIndentFrom(p: Paragraph, left: number): Paragraph {
  return { ...p, leftIndent: p.align === 'left' || p.align === 'justify' ? Math.max(0, p.bbox.x0 - left) : 0, firstLineIndent: 0, spaceBefore: 0 };
}

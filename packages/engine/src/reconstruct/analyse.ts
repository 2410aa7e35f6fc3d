/**
 * Layout analysis: from the raw segments, images and rules of each page to running headers and
 * footers, text columns, ruled and borderless tables, and paragraphs in reading order.
 */
import { CatalogueError } from '@pagewright/contracts';
import { asCatalogueError } from '../errors.js';
import type { PdfInput } from '../merge.js';
import type { PDFDocument } from '../mupdf.js';
import { turnedPage } from './upright.js';
import { openInput } from '../pdf/single.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { SOFT_HYPHEN, withoutSoftHyphens } from './text.js';
import { matchStandIns } from './fonts.js';
import { extractPage, halfPoint, makeSegment, type Fill, type Glyph, type RawImage, type RawPage, type Rule, type Segment } from './extract.js';
import { alignedReach, alignmentBoundaries, gridHoldsText, numberedLine, rowSplits, splitSegment, textSplitsRow } from './tables.js';
import type { AnalyseOptions, Block, DocumentLayout, ImageBlock, PageLayout, Paragraph, Rect, Run, Table, TableCell } from './layout.js';

/**
 * Opens the PDF (with its password) and analyses the chosen pages. Errors: the open errors of
 * every tool (FILE_TYPE_ERROR, FILE_DAMAGED, 3122, INCORRECT_PASSWORD), a page outside the
 * document -> PAGE_RANGE_INVALID. Progress 0..100 over the pages.
 */
export async function analysePdf(input: PdfInput, onProgress?: ProgressFn, options: AnalyseOptions = {}): Promise<DocumentLayout> {
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  try {
    const layout = analyseDocument(doc, options, (done, total) => report((done / total) * 100), pageCount);
    report(100);
    return layout;
  } catch (err) {
    throw asCatalogueError(err, 'FILE_DAMAGED');
  } finally {
    doc.destroy();
  }
}

/**
 * The layout of an open document (the caller owns `doc`). `pageCount` is the count the open
 * helpers found (they rebuild a lost page tree); MuPDF's own count by default.
 */
export function analyseDocument(doc: PDFDocument, options: AnalyseOptions = {}, onPage?: (done: number, total: number) => void, pageCount?: number): DocumentLayout {
  const count = pageCount ?? doc.countPages();
  const pages = options.pages ?? Array.from({ length: count }, (_, i) => i + 1);
  for (const p of pages) {
    if (!Number.isInteger(p) || p < 1 || p > count) throw new CatalogueError('PAGE_RANGE_INVALID', `page ${p} is outside the document (1-${count})`);
  }
  const raws: RawPage[] = [];
  for (const [i, p] of pages.entries()) {
    // The page as loaded is read once; the count of its text's directions on that reading
    // tells whether it must be read again turned (see uprightPage).
    const page = doc.loadPage(p - 1);
    let turn = 0;
    let raw: RawPage | undefined;
    try {
      raw = extractPage(page, (t) => (turn = t) === 0);
    } finally {
      if (turn === 0) page.destroy();
    }
    if (raw) raws.push(raw);
    else {
      const turned = turnedPage(doc, p - 1, page, turn);
      try {
        raws.push(extractPage(turned.page));
      } finally {
        turned.release();
      }
    }
    onPage?.(i + 0.8, pages.length);
  }
  // A font's stand-in by its advances over the whole document: one face for it on every page.
  matchStandIns(raws.flatMap((raw) => raw.segments.filter((s) => s.upright).flatMap((s) => s.glyphs)));
  const outline = readOutline(doc);
  const title = doc.getMetaData('info:Title') || undefined;
  const bodySize = dominantSize(raws);
  const running = findRunningText(raws);
  const headingSizes = headingSizeRanks(raws, bodySize);
  const layouts = raws.map((raw, i) => {
    const pageNumber = pages[i]!;
    const titles = outline.filter((o) => o.page === pageNumber);
    return layoutPage(raw, pageNumber, running[i]!, { bodySize, headingSizes, titles });
  });
  onPage?.(pages.length, pages.length);
  return { pages: layouts, outline, ...(title ? { title } : {}) };
}

function readOutline(doc: PDFDocument): DocumentLayout['outline'] {
  const result: DocumentLayout['outline'] = [];
  let items;
  try {
    items = doc.loadOutline();
  } catch {
    return result;
  }
  const walk = (list: NonNullable<typeof items>, level: number): void => {
    for (const item of list) {
      const title = (item.title ?? '').trim();
      if (title && typeof item.page === 'number' && item.page >= 0) result.push({ title, page: item.page + 1, level });
      if (item.down) walk(item.down, level + 1);
    }
  };
  if (items) walk(items, 1);
  return result;
}

/** The size most characters are set in: the body text. */
function dominantSize(raws: RawPage[]): number {
  const counts = new Map<number, number>();
  for (const raw of raws) {
    for (const s of raw.segments) counts.set(s.size, (counts.get(s.size) ?? 0) + s.glyphs.length);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : 10;
}

/** Sizes clearly larger than the body text, largest first: heading levels 1, 2, ... */
function headingSizeRanks(raws: RawPage[], bodySize: number): number[] {
  const sizes = new Set<number>();
  for (const raw of raws) for (const s of raw.segments) if (s.size >= bodySize * 1.15 && s.glyphs.length < 200) sizes.add(s.size);
  return [...sizes].sort((a, b) => b - a).slice(0, 5);
}

interface Running {
  header: Set<Segment>;
  footer: Set<Segment>;
}

/** Fraction of the page height searched for running headers and footers. */
const RUNNING_ZONE = 0.12;
/** Fraction of the page height searched for a lone page number. */
const PAGE_NUMBER_ZONE = 0.22;

/**
 * Running headers and footers: text in the top or bottom zone of the page that recurs (digits
 * ignored, so page numbers match) at about the same height on at least half of the pages, and
 * a lone page number in those zones.
 */
function findRunningText(raws: RawPage[]): Running[] {
  const keyOf = (s: Segment): string => s.glyphs.map((g) => g.c).join('').replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
  const isPageNumber = (s: Segment): boolean => /^(page\s*)?[-–]?\s*\d{1,4}\s*[-–]?(\s*(of|\/)\s*\d{1,4})?$/i.test(s.glyphs.map((g) => g.c).join('').trim());
  const counts = new Map<string, number>();
  const zoneKey = (raw: RawPage, s: Segment): string | undefined => {
    if (s.y1 < raw.height * RUNNING_ZONE) return `h|${Math.round(s.base / 4)}|${keyOf(s)}`;
    if (s.y0 > raw.height * (1 - RUNNING_ZONE)) return `f|${Math.round(s.base / 4)}|${keyOf(s)}`;
    return undefined;
  };
  for (const raw of raws) {
    const seen = new Set<string>();
    for (const s of raw.segments) {
      const key = zoneKey(raw, s);
      if (key && !seen.has(key)) {
        seen.add(key);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  const needed = Math.max(2, Math.ceil(raws.length / 2));
  const sameLine = (o: Segment, s: Segment): boolean => Math.abs(o.base - s.base) < 2;
  // A page number shares its line with a title at most: a number among other numbers is a
  // cell of a table row (the first or last row of a table filling the page, which would
  // otherwise become a header or footer taller than the page's margin).
  // Nor is a number between two column rules drawn across its line: it is in a table's cell.
  const inCell = (raw: RawPage, s: Segment): boolean => {
    const middle = (s.y0 + s.y1) / 2;
    const across = raw.rules.filter((r) => !r.horizontal && r.y0 <= middle && r.y1 >= middle);
    return across.some((r) => r.x1 <= s.x0 + 1) && across.some((r) => r.x0 >= s.x1 - 1);
  };
  const lonePageNumber = (raw: RawPage, s: Segment): boolean => {
    // Journals number their pages on from volume to volume: "47699" is a page number too.
    if (!(isPageNumber(s) || /^\d{1,6}$/.test(s.glyphs.map((g) => g.c).join('').trim())) || inCell(raw, s)) return false;
    const others = raw.segments.filter((o) => o !== s && sameLine(o, s));
    return others.length <= 2 && !others.some(isPageNumber);
  };
  return raws.map((raw) => {
    const running: Running = { header: new Set(), footer: new Set() };
    for (const s of raw.segments) {
      const key = zoneKey(raw, s);
      if (!key) continue;
      // Recurring text without letters (dates, amounts: "#/#/#") is a table's cells in the
      // same place on every page, unless it is a page number on its own.
      if (!/\p{L}/u.test(keyOf(s)) && !lonePageNumber(raw, s)) continue;
      // Text between two column rules drawn across its line is a table's cell (a column
      // heading repeated above the table on every page), not running text.
      if (inCell(raw, s)) continue;
      if ((counts.get(key) ?? 0) >= needed && raws.length >= 2) (key.startsWith('h') ? running.header : running.footer).add(s);
    }
    // A recurring cell of a table row ("Layoff Permanent" in the first row of every page) has
    // many other cells on its line that do not recur: the row is body, not running text.
    for (const set of [running.header, running.footer]) {
      for (const s of [...set]) {
        if (raw.segments.filter((o) => o !== s && sameLine(o, s) && !set.has(o)).length >= 3) set.delete(s);
      }
    }
    // A page number above or below everything else (but what shares its line), in a wider zone;
    // the text on its line (a chapter title) is running text too.
    const numbers = raw.segments.filter((s) => lonePageNumber(raw, s));
    // Only text found recurring lets a page number sit beyond it: a page number taken here
    // does not make the line next to it the page's outermost too.
    const recurringHeader = new Set(running.header);
    const recurringFooter = new Set(running.footer);
    for (const s of numbers) {
      if (s.y1 < raw.height * PAGE_NUMBER_ZONE && raw.segments.every((o) => o === s || sameLine(o, s) || o.y0 >= s.y1 - 1 || recurringHeader.has(o))) {
        for (const o of raw.segments) if (sameLine(o, s)) running.header.add(o);
      }
      if (s.y0 > raw.height * (1 - PAGE_NUMBER_ZONE) && raw.segments.every((o) => o === s || sameLine(o, s) || o.y1 <= s.y0 + 1 || recurringFooter.has(o))) {
        for (const o of raw.segments) if (sameLine(o, s)) running.footer.add(o);
      }
    }
    // A page all of whose lines repeat on the others (copies of one page) would keep nothing
    // in its body: its text is the body.
    const isRunning = (s: Segment): boolean => running.header.has(s) || running.footer.has(s);
    if (raw.segments.length > 0 && raw.segments.every(isRunning) && !raw.segments.every(isPageNumber)) return { header: new Set(), footer: new Set() };
    return running;
  });
}

interface PageContext {
  bodySize: number;
  headingSizes: number[];
  titles: { title: string; level: number }[];
  /** The page's filled boxes that can shade text (see shadingAt). */
  fills?: Fill[];
}

/** A row of segments on one baseline within a column. */
interface Line extends Rect {
  base: number;
  size: number;
  segments: Segment[];
}

type Item = { kind: 'line'; line: Line } | { kind: 'block'; block: Table | ImageBlock };

function layoutPage(raw: RawPage, index: number, running: Running, ctx: PageContext): PageLayout {
  ctx = { ...ctx, fills: shadingFills(raw) };
  const header = linesToParagraphs(toLines([...running.header]), { x0: 0, x1: raw.width }, ctx);
  const footer = linesToParagraphs(toLines([...running.footer]), { x0: 0, x1: raw.width }, ctx);
  let segments = raw.segments.filter((s) => !running.header.has(s) && !running.footer.has(s));
  const images = pageImages(raw, segments, ctx);
  for (const img of images) {
    const beside = segments.some((s) => Math.min(s.y1, img.bbox.y1) - Math.max(s.y0, img.bbox.y0) > 0.5 * (s.y1 - s.y0) && (s.x1 <= img.bbox.x0 + 2 || s.x0 >= img.bbox.x1 - 2));
    if (beside) img.float = true;
    // Text drawn over the picture (words in a shape, a line under an annotation's stamp or
    // magnifier): in the flow the picture would push that text down below it, off its place.
    if (segments.some((s) => s.upright && centreIn(s, img.bbox))) {
      img.float = true;
      img.behind = true;
    }
  }

  // Ruled tables take their text out of the flow first.
  const tables = ruledTables(raw.rules, segments, ctx);
  const inTable = new Set<Segment>();
  for (const t of tables) for (const s of t.segments) inTable.add(s);
  segments = segments.filter((s) => !inTable.has(s));

  // The body's box is the upright content's: text set sideways in the margin (an archive's or
  // a register's stamp up the page's edge) is written across in a column, and as a margin it
  // moved the whole body (or its first column) out to the page's edge.
  const upright = segments.filter((s) => s.upright);
  const content = bboxOf([...(upright.length ? upright : segments), ...images.map((i) => i.bbox), ...tables.map((t) => t.table.bbox)]);
  const area = content ?? { x0: 72, y0: 72, x1: raw.width - 72, y1: raw.height - 72 };
  const columns = findColumns(segments, area);

  // Assign every item to a column, or -1 when it spans the gutter.
  const columnOf = (r: Rect): number => {
    if (columns.length === 1) return 0;
    for (const [i, c] of columns.entries()) if (r.x0 >= c.x0 - 4 && r.x1 <= c.x1 + 4) return i;
    // A line reaching into the gutter but not into the next column's text is still its column's.
    for (const [i, c] of columns.entries()) {
      const next = columns[i + 1];
      if (next && r.x0 >= c.x0 - 4 && r.x0 < c.x1 && r.x1 < next.x0 - 2) return i;
    }
    return -1;
  };
  // Text set sideways (an archive's stamp up the margin, a rotated label) is read with the
  // column nearest to it: as spanning content it would cut the columns beside it into two bands,
  // and each band's columns are balanced on their own, mixing the text of both columns.
  const nearestColumn = (r: Rect): number => {
    const mid = (r.x0 + r.x1) / 2;
    let best = 0;
    columns.forEach((c, i) => {
      if (Math.abs((c.x0 + c.x1) / 2 - mid) < Math.abs((columns[best]!.x0 + columns[best]!.x1) / 2 - mid)) best = i;
    });
    return best;
  };
  const across = pairedRows(segments, columns, columnOf);
  const blocksIn: { rect: Rect; item: Item }[] = [];
  for (const t of tables) blocksIn.push({ rect: t.table.bbox, item: { kind: 'block', block: t.table } });
  for (const img of images) blocksIn.push({ rect: img.bbox, item: { kind: 'block', block: img } });

  // Bands: runs of spanning content alternate with runs of column content, top to bottom.
  type Placed = { rect: Rect; column: number; item?: Item; segment?: Segment };
  const placed: Placed[] = [
    ...segments.map((s) => ({ rect: s as Rect, column: across.has(s) ? -1 : s.upright ? columnOf(s) : nearestColumn(s), segment: s })),
    ...blocksIn.map((b) => ({ rect: b.rect, column: columnOf(b.rect), item: b.item })),
  ];
  // Walking down the page by the middle of each item, a change between spanning and column
  // content starts a new band; column content within a band is read column by column.
  placed.sort((a, b) => (a.rect.y0 + a.rect.y1) / 2 - (b.rect.y0 + b.rect.y1) / 2);
  const bands: { spanning: boolean; members: Placed[] }[] = [];
  for (const p of placed) {
    const spanning = p.column === -1;
    const last = bands[bands.length - 1];
    if (last && last.spanning === spanning) last.members.push(p);
    else bands.push({ spanning, members: [p] });
  }

  const blocks: Block[] = [];
  for (const { spanning: spanningBand, members } of bands) {
    const groups = spanningBand ? [{ column: -1, list: members }] : columns.map((_, i) => ({ column: i, list: members.filter((m) => m.column === i) }));
    for (const { column, list } of groups) {
      if (list.length === 0) continue;
      const colRect = column === -1 ? { x0: area.x0, x1: area.x1 } : columns[column]!;
      const lines = toLines(list.filter((p) => p.segment).map((p) => p.segment!));
      const items: { y: number; item: Item }[] = [
        ...list.filter((p) => p.item).map((p) => ({ y: p.rect.y0, item: p.item! })),
      ];
      // Borderless tables: runs of lines split into aligned cells.
      const { tables: loose, rest } = borderlessTables(lines, colRect, ctx);
      for (const t of loose) items.push({ y: t.bbox.y0, item: { kind: 'block', block: t } });
      for (const l of rest) items.push({ y: l.y0, item: { kind: 'line', line: l } });
      // A floating picture drawn inside a table's box (a chart in a cell of a ruled page) comes
      // before the table: anchored after it, it would follow the table's end onto a later page.
      for (const it of items) {
        if (it.item.kind !== 'block' || it.item.block.kind !== 'image' || !it.item.block.float) continue;
        const img = it.item.block.bbox;
        const around = items.find((t) => t.item.kind === 'block' && t.item.block.kind === 'table' && centreIn(img, t.item.block.bbox));
        if (around) it.y = Math.min(it.y, around.y - 0.01);
      }
      items.sort((a, b) => a.y - b.y);
      let pending: Line[] = [];
      const flush = (): void => {
        if (pending.length) blocks.push(...linesToParagraphs(pending, colRect, ctx, column).map(acrossTheFlow));
        pending = [];
      };
      for (const { item } of items) {
        if (item.kind === 'line') pending.push(item.line);
        else {
          flush();
          item.block.column = column;
          blocks.push(item.block);
        }
      }
      flush();
    }
  }
  for (const b of blocks) if (b.kind === 'table') shadeCells(b, ctx.fills ?? []);
  for (const b of blocks) if (b.kind === 'table' && b.ruled) ruleCells(b, raw.rules);
  const bodyBox = { ...area, y0: Math.max(0, layoutTop(blocks, area.y0)) };
  setSpaceBefore(blocks, bodyBox.y0);
  markHeadings(blocks, ctx);

  const margins = {
    top: Math.max(0, bodyBox.y0),
    left: Math.max(0, bodyBox.x0),
    right: Math.max(0, raw.width - bodyBox.x1),
    bottom: Math.max(0, raw.height - bodyBox.y1),
  };
  return { index, width: raw.width, height: raw.height, margins, columns, header, footer, blocks };
}

/** Fills that can shade text: not a background covering most of the page. */
function shadingFills(raw: RawPage): Fill[] {
  return raw.fills.filter((f) => (f.x1 - f.x0) * (f.y1 - f.y0) < raw.width * raw.height * 0.6);
}

/**
 * The colour of the topmost fill under a point (the last drawn wins), or undefined when that
 * is white or there is none.
 */
function shadingAt(fills: Fill[], x: number, y: number): string | undefined {
  for (let i = fills.length - 1; i >= 0; i--) {
    const f = fills[i]!;
    if (x >= f.x0 && x <= f.x1 && y >= f.y0 && y <= f.y1) return f.color === 'ffffff' ? undefined : f.color;
  }
  return undefined;
}

/** Each cell's fill: the topmost one under its middle that covers most of the cell. */
function shadeCells(table: Table, fills: Fill[]): void {
  forEachCellBox(table, (cell, { x0, y0, x1, y1 }) => {
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const under = fills.filter((f) => cx >= f.x0 && cx <= f.x1 && cy >= f.y0 && cy <= f.y1);
    const top = under[under.length - 1];
    const covered = top ? (Math.min(top.x1, x1) - Math.max(top.x0, x0)) * (Math.min(top.y1, y1) - Math.max(top.y0, y0)) : 0;
    if (top && top.color !== 'ffffff' && covered >= (x1 - x0) * (y1 - y0) * 0.5) cell.shading = top.color;
  });
}

/** Calls `visit` with each cell of the table and its box as laid out (columns and rows as drawn). */
function forEachCellBox(table: Table, visit: (cell: TableCell, box: Rect) => void): void {
  const xs = [table.bbox.x0];
  for (const w of table.columns) xs.push(xs[xs.length - 1]! + w);
  let y0 = table.bbox.y0;
  for (const row of table.rows) {
    const y1 = y0 + row.height;
    let column = 0;
    for (const cell of row.cells) {
      const x0 = xs[column] ?? table.bbox.x1;
      const x1 = xs[column + cell.colSpan] ?? table.bbox.x1;
      column += cell.colSpan;
      visit(cell, { x0, y0, x1, y1 });
    }
    y0 = y1;
  }
}

/**
 * Each cell's edges that a rule is drawn along (over half the edge), with the rules' colour: a
 * grid completed from the text's alignment (rows ruled, columns not, or rules every few rows)
 * keeps the rules it has, in their colours.
 */
function ruleCells(table: Table, rules: Rule[]): void {
  // The rules of each direction sorted by their place across, so that a cell's edge looks only
  // at the rules near it: a grid of thousands of cells would otherwise scan every rule per edge.
  const byPlace = (horizontal: boolean): { at: number; order: number; rule: Rule }[] =>
    rules.flatMap((rule, order) => (rule.horizontal === horizontal ? [{ at: horizontal ? rule.y0 : rule.x0, order, rule }] : [])).sort((p, q) => p.at - q.at);
  const sorted = { horizontal: byPlace(true), vertical: byPlace(false) };
  const near = (horizontal: boolean, at: number): Rule[] => {
    const list = horizontal ? sorted.horizontal : sorted.vertical;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.at < at - RULE_SNAP) lo = mid + 1;
      else hi = mid;
    }
    const found: { order: number; rule: Rule }[] = [];
    for (let i = lo; i < list.length && list[i]!.at <= at + RULE_SNAP; i++) found.push(list[i]!);
    // In drawing order, as the colours of overlapping rules are counted in that order.
    return found.sort((p, q) => p.order - q.order).map((f) => f.rule);
  };
  // The colour of the rules in that direction, at `at` across, covering over half the stretch
  // from a to b (the colour covering most of it); undefined when they cover less.
  const drawn = (horizontal: boolean, at: number, a: number, b: number): string | undefined => {
    const spans = near(horizontal, at)
      .map((r) => ({ s: Math.max(a, horizontal ? r.x0 : r.y0), e: Math.min(b, horizontal ? r.x1 : r.y1), color: r.color ?? BLACK }))
      .filter(({ s, e }) => e > s)
      .sort((p, q) => p.s - q.s);
    let total = 0;
    let end = a;
    const byColor = new Map<string, number>();
    for (const { s, e, color } of spans) {
      if (e <= end) continue;
      total += e - Math.max(s, end);
      byColor.set(color, (byColor.get(color) ?? 0) + e - Math.max(s, end));
      end = e;
    }
    if (total / Math.max(1e-6, b - a) <= 0.5) return undefined;
    return [...byColor.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  };
  forEachCellBox(table, (cell, { x0, y0, x1, y1 }) => {
    const edges = { top: drawn(true, y0, x0, x1), bottom: drawn(true, y1, x0, x1), left: drawn(false, x0, y0, y1), right: drawn(false, x1, y0, y1) };
    cell.rules = Object.fromEntries(Object.entries(edges).filter(([, color]) => color !== undefined));
  });
}

/** A rule whose colour is not known is taken for black. */
const BLACK = '000000';

/** A rule this close to a cell's edge (points) is drawn along it. */
const RULE_SNAP = 2;

function centreIn(r: Rect, box: Rect): boolean {
  const cx = (r.x0 + r.x1) / 2;
  const cy = (r.y0 + r.y1) / 2;
  return cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1;
}

function bboxOf(rects: Rect[]): Rect | undefined {
  if (rects.length === 0) return undefined;
  return {
    x0: Math.min(...rects.map((r) => r.x0)),
    y0: Math.min(...rects.map((r) => r.y0)),
    x1: Math.max(...rects.map((r) => r.x1)),
    y1: Math.max(...rects.map((r) => r.y1)),
  };
}

/** Images of the page, except one covering most of a page that also has text (a scan under OCR text). */
function pageImages(raw: RawPage, segments: Segment[], ctx: PageContext): ImageBlock[] {
  const result: ImageBlock[] = [];
  for (const img of raw.images) {
    const clipped = { x0: Math.max(0, img.bbox.x0), y0: Math.max(0, img.bbox.y0), x1: Math.min(raw.width, img.bbox.x1), y1: Math.min(raw.height, img.bbox.y1) };
    if (clipped.x1 - clipped.x0 < 4 || clipped.y1 - clipped.y0 < 4) continue;
    const covers = (clipped.x1 - clipped.x0) * (clipped.y1 - clipped.y0) > raw.width * raw.height * 0.8;
    if (covers && segments.length > 0) continue;
    const block = imageBlock(img, clipped);
    if (img.labels) block.labels = { paragraphs: labelParagraphs(img.labels.segments, ctx), plain: img.labels.plain };
    result.push(block);
  }
  return result;
}

/**
 * A figure's labels, each a one-line paragraph of its own, left-aligned at its place: a label
 * that reads like a list item ("1.", "• Sales") keeps its marker as text.
 */
function labelParagraphs(segments: Segment[], ctx: PageContext): Paragraph[] {
  return segments.map((s) => {
    const p = describeParagraph(toLines([s]), { x0: s.x0, x1: s.x1 }, ctx, 0);
    if (p.list) {
      const first = p.runs[0];
      const g = s.glyphs[0]!;
      if (first) first.text = `${p.list.marker} ${first.text}`;
      else p.runs.push({ text: p.list.marker, font: g.style.family, size: halfPoint(g.size), bold: g.style.bold, italic: g.style.italic, color: g.color, mono: g.style.mono, serif: g.style.serif });
      delete p.list;
    }
    return { ...p, align: 'left', leftIndent: 0, firstLineIndent: 0 };
  });
}

function imageBlock(img: RawImage, bbox: Rect): ImageBlock {
  return { kind: 'image', bbox, column: 0, data: img.data, ext: img.ext, pixelWidth: img.pixelWidth, pixelHeight: img.pixelHeight, spaceBefore: 0 };
}

/**
 * Two halves whose lines pair up on shared baselines, most of them, are the two columns of one
 * table (labels and their values), read across; an index's halves pair up only in part.
 */
function rowsAcross(left: Segment[], right: Segment[]): boolean {
  const paired = left.filter((a) => right.some((b) => Math.abs(a.base - b.base) < Math.min(a.size, b.size) * 0.2)).length;
  return paired >= Math.max(left.length, right.length) * 0.8;
}

/**
 * A form's labels and values set in two neighbouring columns of running text, above or below
 * it: three or more rows in a row, at the top or the bottom of both columns, where a short line
 * of one column (not filling it like running text) shares its baseline with a short line of the
 * next, with no other line of either column between them. They are read across, each label
 * with its value, not every label of the column first. (The halves of an index, short entries
 * without running text, pair up in places too and are read half after half.)
 */
function pairedRows(segments: Segment[], columns: { x0: number; x1: number }[], columnOf: (r: Rect) => number): Set<Segment> {
  const result = new Set<Segment>();
  if (columns.length < 2) return result;
  for (let i = 0; i + 1 < columns.length; i++) {
    const [a, b] = [columns[i]!, columns[i + 1]!];
    const left = segments.filter((s) => s.upright && columnOf(s) === i).sort((p, q) => p.base - q.base);
    const right = segments.filter((s) => s.upright && columnOf(s) === i + 1).sort((p, q) => p.base - q.base);
    const short = (s: Segment, c: { x0: number; x1: number }): boolean => s.x1 - s.x0 < (c.x1 - c.x0) * 0.6;
    const running = (list: Segment[], c: { x0: number; x1: number }): boolean => list.filter((s) => !short(s, c)).length >= 3;
    if (!running(left, a) || !running(right, b)) continue;
    let run: [Segment, Segment][] = [];
    const flush = (): void => {
      if (run.length >= 3) {
        const [top, bottom] = [run[0]![0].base, run[run.length - 1]![0].base];
        const paired = new Set(run.flat());
        const others = [...left, ...right].filter((s) => !paired.has(s));
        const between = others.some((s) => s.base > top && s.base < bottom);
        const atEdge = others.every((s) => s.base < top) || others.every((s) => s.base > bottom);
        if (!between && atEdge) for (const s of paired) result.add(s);
      }
      run = [];
    };
    for (const s of left) {
      const t = right.find((r) => Math.abs(r.base - s.base) < Math.min(r.size, s.size) * 0.2);
      if (t && short(s, a) && short(t, b)) run.push([s, t]);
      else flush();
    }
    flush();
  }
  return result;
}

/**
 * Text columns: vertical gutters (at least 8 pt wide) that no more than a few lines cross,
 * with text on both sides, where each side's lines fill their column like running text.
 */
function findColumns(segments: Segment[], area: Rect): { x0: number; x1: number }[] {
  const upright = segments.filter((s) => s.upright);
  const whole = [{ x0: area.x0, x1: area.x1 }];
  if (upright.length < 6) return whole;
  const x0 = Math.floor(area.x0);
  const width = Math.ceil(area.x1) - x0 + 1;
  if (width < 100) return whole;
  const coverage = new Int32Array(width);
  for (const s of upright) {
    for (let x = Math.max(0, Math.floor(s.x0) - x0); x <= Math.min(width - 1, Math.ceil(s.x1) - x0); x++) coverage[x]!++;
  }
  const limit = Math.max(1, Math.floor(upright.length * 0.05));
  const gutters: { x0: number; x1: number }[] = [];
  let start = -1;
  for (let x = 0; x < width; x++) {
    const open = coverage[x]! <= limit;
    if (open && start < 0) start = x;
    if ((!open || x === width - 1) && start >= 0) {
      const end = open ? x : x - 1;
      // Gutters touching the edges of the text area are margins.
      if (end - start + 1 >= 8 && start > width * 0.15 && end < width * 0.85) gutters.push({ x0: start + x0, x1: end + x0 });
      start = -1;
    }
  }
  if (gutters.length === 0 || gutters.length > 3) return whole;
  const edges = [area.x0, ...gutters.flatMap((g) => [g.x0, g.x1]), area.x1];
  const columns: { x0: number; x1: number }[] = [];
  for (let i = 0; i < edges.length; i += 2) columns.push({ x0: edges[i]!, x1: edges[i + 1]! });
  // Each column must read like running text: enough lines, most of them filling it; or the
  // page is split down the middle into two halves of short entries (an index, a list of
  // symbols), each filling most of the text area's height.
  const areaWidth = area.x1 - area.x0;
  const areaHeight = area.y1 - area.y0;
  const insides = columns.map((c) => upright.filter((s) => s.x0 >= c.x0 - 2 && s.x1 <= c.x1 + 2));
  let running = true;
  for (const [i, c] of columns.entries()) {
    const inside = insides[i]!;
    if (inside.length < 3) return whole;
    const widths = inside.map((s) => s.x1 - s.x0).sort((a, b) => a - b);
    const median = widths[Math.floor(widths.length / 2)]!;
    if (median < (c.x1 - c.x0) * 0.5) running = false;
  }
  const halves =
    gutters.length === 1 &&
    Math.abs((gutters[0]!.x0 + gutters[0]!.x1) / 2 - (area.x0 + area.x1) / 2) <= areaWidth * 0.1 &&
    insides.every((inside) => {
      const extent = Math.max(...inside.map((s) => s.y1)) - Math.min(...inside.map((s) => s.y0));
      return inside.length >= 8 && extent >= areaHeight * 0.6;
    });
  if (!running && !(halves && !rowsAcross(insides[0]!, insides[1]!))) return whole;
  // Tighten every column to the text it holds.
  return insides.map((inside) => ({ x0: Math.min(...inside.map((s) => s.x0)), x1: Math.max(...inside.map((s) => s.x1)) }));
}

/**
 * Groups segments into lines: the same baseline (within a third of the size), or a smaller
 * segment (superscript, subscript, footnote mark) overlapping a line's height; sorted left to
 * right. A line's baseline and size are those of its largest text.
 */
function toLines(segments: Segment[]): Line[] {
  const sorted = [...segments].sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const lines: Line[] = [];
  const joins = (line: Line, s: Segment): boolean => {
    // Sideways text is a line of its own: nothing set upright shares its baseline.
    if (!s.upright || !line.segments[0]!.upright || overlapsX(line, s)) return false;
    if (Math.abs(s.base - line.base) < Math.min(s.size, line.size) * 0.35) return true;
    const small = Math.min(s.size, line.size);
    const large = Math.max(s.size, line.size);
    if (small > large * 0.85) return false;
    const overlap = Math.min(s.y1, line.y1) - Math.max(s.y0, line.y0);
    return overlap > 0.3 * Math.min(s.y1 - s.y0, line.y1 - line.y0);
  };
  for (const s of sorted) {
    let target: Line | undefined;
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - 3); i--) {
      if (joins(lines[i]!, s)) {
        target = lines[i];
        break;
      }
    }
    if (target) {
      target.segments.push(s);
      target.x0 = Math.min(target.x0, s.x0);
      target.x1 = Math.max(target.x1, s.x1);
      target.y0 = Math.min(target.y0, s.y0);
      target.y1 = Math.max(target.y1, s.y1);
      if (s.size > target.size) {
        target.size = s.size;
        target.base = s.base;
      }
    } else {
      lines.push({ x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, base: s.base, size: s.size, segments: [s] });
    }
  }
  for (const l of lines) l.segments.sort((a, b) => a.x0 - b.x0);
  return lines.sort((a, b) => a.base - b.base);
}

function overlapsX(line: Line, s: Segment): boolean {
  return line.segments.some((t) => s.x0 < t.x1 - 1 && s.x1 > t.x0 + 1);
}

// ---------------------------------------------------------------------------------------------
// Tables

interface FoundTable {
  table: Table;
  segments: Segment[];
}

/** Merges collinear rules that touch or overlap into longer ones. */
function mergeRules(rules: Rule[], horizontal: boolean): Rule[] {
  const list = rules.filter((r) => r.horizontal === horizontal);
  const pos = (r: Rule): number => (horizontal ? r.y0 : r.x0);
  const from = (r: Rule): number => (horizontal ? r.x0 : r.y0);
  const to = (r: Rule): number => (horizontal ? r.x1 : r.y1);
  list.sort((a, b) => pos(a) - pos(b) || from(a) - from(b));
  const merged: Rule[] = [];
  for (const r of list) {
    const last = merged.find((m) => Math.abs(pos(m) - pos(r)) < 1.5 && from(r) <= to(m) + 2 && to(r) >= from(m) - 2);
    if (last) {
      if (horizontal) {
        last.x0 = Math.min(last.x0, r.x0);
        last.x1 = Math.max(last.x1, r.x1);
      } else {
        last.y0 = Math.min(last.y0, r.y0);
        last.y1 = Math.max(last.y1, r.y1);
      }
    } else merged.push({ ...r });
  }
  return merged;
}

function cluster(values: number[], tolerance: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const result: number[][] = [];
  for (const v of sorted) {
    const last = result[result.length - 1];
    if (last && v - last[last.length - 1]! <= tolerance) last.push(v);
    else result.push([v]);
  }
  return result.map((g) => g.reduce((a, b) => a + b, 0) / g.length);
}

/**
 * Ruled tables: groups of crossing horizontal and vertical rules forming a grid of at least two
 * cells. Cells are the grid's rectangles; a cell whose separating vertical rule is missing
 * spans into its neighbour. The text inside goes into the cells.
 */
function ruledTables(rules: Rule[], segments: Segment[], ctx: PageContext): FoundTable[] {
  const hs = mergeRules(rules, true);
  const vs = mergeRules(rules, false);
  if (hs.length < 2 || vs.length < 2) return [];
  // Connected groups of crossing rules.
  const all = [...hs, ...vs];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const tol = 2.5;
  for (const [i, h] of hs.entries()) {
    for (const [j, v] of vs.entries()) {
      if (v.x0 >= h.x0 - tol && v.x0 <= h.x1 + tol && h.y0 >= v.y0 - tol && h.y0 <= v.y1 + tol) parent[find(i)] = find(hs.length + j);
    }
  }
  const groups = new Map<number, Rule[]>();
  for (const [i, r] of all.entries()) (groups.get(find(i)) ?? groups.set(find(i), []).get(find(i))!).push(r);
  const found: FoundTable[] = [];
  for (const group of groups.values()) {
    const gh = group.filter((r) => r.horizontal);
    const gv = group.filter((r) => !r.horizontal);
    if (gh.length < 2 || gv.length < 2) continue;
    const ys = cluster(gh.map((r) => r.y0), 2);
    const xs = cluster(gv.map((r) => r.x0), 2);
    if (ys.length < 2 || xs.length < 2 || (ys.length - 1) * (xs.length - 1) < 2) continue;
    const bbox = { x0: xs[0]!, y0: ys[0]!, x1: xs[xs.length - 1]!, y1: ys[ys.length - 1]! };
    if (bbox.x1 - bbox.x0 < 20 || bbox.y1 - bbox.y0 < 10) continue;
    if (!gridHoldsText(segments, ys, xs)) continue;
    // A grid drawn around some columns only takes in its rows' text beside it.
    const reach = alignedReach(bbox, ys.slice(1).map((y, r) => ({ y0: ys[r]!, y1: y })), segments, vs);
    if (reach.x0 < bbox.x0) xs.unshift((bbox.x0 = reach.x0));
    if (reach.x1 > bbox.x1) xs.push((bbox.x1 = reach.x1));
    const inTable = segments.filter((s) => {
      const cx = (s.x0 + s.x1) / 2;
      const cy = (s.y0 + s.y1) / 2;
      return cx > bbox.x0 && cx < bbox.x1 && cy > bbox.y0 && cy < bbox.y1;
    });
    // Columns the rules leave out but the text's alignment shows (rows ruled, columns not).
    const bands = ys.slice(1).map((y, r) => ({ y0: ys[r]!, y1: y }));
    const sizes = inTable.map((s) => s.size).sort((a, b) => a - b);
    const aligned = alignmentBoundaries(inTable, bbox, xs, bands, Math.max(3, (sizes[Math.floor(sizes.length / 2)] ?? 10) * 0.7));
    // Text running up to a column rule with the next cell's text close after it is one segment
    // for MuPDF: it is cut at the rule (and at the columns the alignment shows), else the next
    // cell's words join this cell, which then wraps in Word and makes its row taller than drawn.
    const cuts = [...xs.slice(1, -1), ...aligned.map((a) => a.x)];
    const inside = cuts.length > 0 ? inTable.flatMap((s) => splitSegment(s, cuts)) : inTable;
    xs.push(...aligned.map((a) => a.x));
    xs.sort((a, b) => a - b);
    const hasV = (x: number, ya: number, yb: number, r: number): boolean => {
      const virtual = aligned.find((a) => a.x === x);
      if (virtual) return !virtual.crossing.has(r);
      if (gv.some((v) => Math.abs(v.x0 - x) < 2.5 && v.y0 <= ya + 2.5 && v.y1 >= yb - 2.5)) return true;
      // A column rule drawn in some rows only (the header's): the row's text still splits there.
      const k = xs.indexOf(x);
      // Under a column rule drawn above the row (a column's heading), text on either side, with
      // empty columns between, splits it: a name and a description under their own headings.
      // A line above the columns (a title set left and right) stays whole.
      const headed = gv.some((v) => Math.abs(v.x0 - x) < 2.5 && v.y1 <= ya + 2.5);
      return textSplitsRow(inside, { y0: ya, y1: yb }, x, headed ? bbox.x0 : (xs[k - 1] ?? bbox.x0), headed ? bbox.x1 : (xs[k + 1] ?? bbox.x1));
    };
    // Ruled rows holding several rows of lined-up text are cut between the lines.
    const rowBands = bands.flatMap((b, r) => {
      const cuts = rowSplits(inside, b, xs);
      const edges = [b.y0, ...cuts, b.y1];
      return edges.slice(1).map((y, k) => ({ ya: edges[k]!, yb: y, r }));
    });
    // Each row's cells with their lines first: a column's alignment is read from all its rows.
    const grid: { height: number; cells: { rect: Rect; lines: Line[]; c: number; span: number }[] }[] = [];
    for (const { ya, yb, r } of rowBands) {
      if (yb - ya < 3) continue;
      // The row's text, found once for all its cells.
      const inRow = inside.filter((s) => {
        const cy = (s.y0 + s.y1) / 2;
        return cy >= ya && cy < yb;
      });
      const cells: (typeof grid)[number]['cells'] = [];
      let c = 0;
      while (c + 1 < xs.length) {
        let end = c + 1;
        while (end + 1 < xs.length && !hasV(xs[end]!, ya, yb, r)) end++;
        const cellRect = { x0: xs[c]!, x1: xs[end]!, y0: ya, y1: yb };
        const cellSegments = inRow.filter((s) => {
          const cx = (s.x0 + s.x1) / 2;
          return cx >= cellRect.x0 && cx < cellRect.x1;
        });
        cells.push({ rect: cellRect, lines: toLines(cellSegments), c, span: end - c });
        c = end;
      }
      grid.push({ height: yb - ya, cells });
    }
    const aligns = new Map<number, CellAlign>();
    for (let k = 0; k + 1 < xs.length; k++) {
      const align = columnAlign(grid.flatMap((row) => row.cells.filter((cell) => cell.c === k && cell.span === 1).flatMap((cell) => cell.lines)), { x0: xs[k]!, x1: xs[k + 1]! });
      if (align) aligns.set(k, align);
    }
    const rows: Table['rows'] = grid.map((row) => ({
      height: row.height,
      cells: row.cells.map((cell) => {
        const turned = turnedCell(cell.lines, cell.rect, ctx);
        if (turned) return { ...turned, colSpan: cell.span };
        const valign = verticalAlign(cell.lines, cell.rect);
        const text = linesToParagraphs(cell.lines, cell.rect, ctx, 0, true, cell.span === 1 ? aligns.get(cell.c) : undefined);
        // In a cell with a line's room to spare, text set at the top keeps its gap from the top
        // rule, and text set on the bottom its gap from the bottom rule, as its neighbours do.
        const first = text[0];
        const last = text[text.length - 1];
        if (!valign && first && !first.sideways && spareRoom(cell.lines, cell.rect)) first.spaceBefore = Math.max(0, boxOf(first).top - cell.rect.y0);
        if (valign === 'bottom' && last && !last.sideways) last.spaceAfter = Math.max(0, cell.rect.y1 - boxOf(last).bottom);
        // Where the text sits under the row's top: the rows of a grid hold their lines at
        // their own depths, and a cell's lines set wide apart are paragraphs of their own, which
        // a writer stacking every cell's paragraphs at its top evens out.
        const bases = text.map((p) => firstBaseline(p));
        const depths = !valign && text.length && bases.every((b) => b !== undefined) ? { baselines: bases.map((b) => b! - cell.rect.y0) } : {};
        return { text, colSpan: cell.span, ...(valign ? { valign } : {}), ...depths };
      }),
    }));
    if (rows.length === 0) continue;
    // A grid with hardly any text is a drawing (a title page frame, a form), not a table.
    const cellCount = rows.reduce((n, r) => n + r.cells.length, 0);
    const filled = rows.reduce((n, r) => n + r.cells.filter((c) => c.text.length > 0).length, 0);
    if (filled < Math.max(2, cellCount / 3)) continue;
    const columns = xs.slice(1).map((x, i) => x - xs[i]!);
    found.push({ table: { kind: 'table', bbox, ruled: true, column: 0, columns, rows, spaceBefore: 0 }, segments: inTable });
  }
  return found;
}

/** A glyph's descent below its baseline, share of its size (as extract's segments reckon it). */
const DESCENT = 0.2;

/**
 * A ruled cell whose text is all set sideways (a column heading turned up the page to fit a
 * narrow column), read as if the cell were turned so that its text reads left to right: its
 * lines, breaks, indents and alignment come out as drawn along the cell's height, for writers
 * that set the text turned in the cell. Read upright instead, each turned line would be a
 * column of single letters or wrap across the narrow cell. Undefined when some of the cell's
 * text is upright, or its lines do not all run up, or all down, the page.
 */
function turnedCell(lines: Line[], rect: Rect, ctx: PageContext): Pick<TableCell, 'text' | 'reads' | 'valign'> | undefined {
  const segments = lines.flatMap((l) => l.segments);
  if (segments.length === 0 || segments.some((s) => s.upright)) return undefined;
  const reads = readingDirection(segments);
  if (!reads) return undefined;
  // Text reading up has its tops to the left: turned a quarter clockwise, the cell's bottom
  // becomes the left edge its lines start from and its left side the top; reading down, the
  // other way round.
  const turn = (g: Glyph): Glyph =>
    reads === 'up'
      ? { ...g, x0: rect.y1 - g.y1, x1: rect.y1 - g.y0, y0: g.x0 - rect.x0, y1: g.x1 - rect.x0, base: g.x1 - rect.x0 - g.size * DESCENT }
      : { ...g, x0: g.y0 - rect.y0, x1: g.y1 - rect.y0, y0: rect.x1 - g.x1, y1: rect.x1 - g.x0, base: rect.x1 - g.x0 - g.size * DESCENT };
  const turnedLines = toLines(segments.map((s) => makeSegment(s.glyphs.map(turn), true)));
  const turnedRect = { x0: 0, y0: 0, x1: rect.y1 - rect.y0, y1: rect.x1 - rect.x0 };
  const valign = verticalAlign(turnedLines, turnedRect);
  // The page's fills are placed on the page, not in the turned cell (its own fill is the cell's).
  const { fills: _, ...unfilled } = ctx;
  return { text: linesToParagraphs(turnedLines, turnedRect, unfilled, 0, true), reads, ...(valign ? { valign } : {}) };
}

/** Whether sideways segments all read up the page or all down it, from their first and last glyphs. */
function readingDirection(segments: Segment[]): TableCell['reads'] {
  let reads: TableCell['reads'];
  for (const s of segments) {
    const ink = s.glyphs.filter((g) => !/\s/.test(g.c));
    if (ink.length < 2) continue;
    const first = ink[0]!;
    const last = ink[ink.length - 1]!;
    const along = (last.y0 + last.y1 - first.y0 - first.y1) / 2;
    const across = (last.x0 + last.x1 - first.x0 - first.x1) / 2;
    if (Math.abs(along) <= Math.abs(across)) return undefined;
    const way = along < 0 ? 'up' : 'down';
    if (reads && reads !== way) return undefined;
    reads = way;
  }
  return reads;
}

/**
 * Borderless tables: at least three consecutive lines of two or more segments that leave much
 * of the line empty, whose segments fall into the same column intervals.
 */
function borderlessTables(lines: Line[], col: { x0: number; x1: number }, ctx: PageContext): { tables: Table[]; rest: Line[] } {
  const tabular = (l: Line): boolean => {
    if (l.segments.length < 2 || l.segments.some((s) => !s.upright)) return false;
    if (numberedLine(l.segments.map((s) => s.glyphs.map((g) => g.c).join('')))) return false;
    const filled = l.segments.reduce((a, s) => a + (s.x1 - s.x0), 0);
    return filled / Math.max(1, l.x1 - l.x0) < 0.8;
  };
  const tables: Table[] = [];
  const rest: Line[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!tabular(lines[i]!)) {
      rest.push(lines[i]!);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < lines.length && tabular(lines[j]!) && lines[j]!.base - lines[j - 1]!.base < lines[j - 1]!.size * 3) j++;
    const run = lines.slice(i, j);
    const table = run.length >= 3 ? tableFromLines(run, ctx) : undefined;
    if (table) tables.push(table);
    else rest.push(...run);
    i = j;
  }
  void col;
  return { tables, rest };
}

function tableFromLines(lines: Line[], ctx: PageContext): Table | undefined {
  const run = splitAtSharedStarts(lines);
  // Column intervals: the union of overlapping segment extents over all rows.
  const spans = run.flatMap((l) => l.segments.map((s) => ({ x0: s.x0, x1: s.x1 }))).sort((a, b) => a.x0 - b.x0);
  const intervals: { x0: number; x1: number }[] = [];
  for (const s of spans) {
    const last = intervals[intervals.length - 1];
    if (last && s.x0 <= last.x1 + 2) last.x1 = Math.max(last.x1, s.x1);
    else intervals.push({ ...s });
  }
  if (intervals.length < 2) return undefined;
  const filledColumns = intervals.filter((iv) => run.filter((l) => l.segments.some((s) => s.x0 >= iv.x0 - 0.5 && s.x1 <= iv.x1 + 0.5)).length >= 2);
  if (filledColumns.length < 2) return undefined;
  const bounds = intervals.map((iv, k) => ({ x0: k === 0 ? iv.x0 : (intervals[k - 1]!.x1 + iv.x0) / 2, x1: k === intervals.length - 1 ? iv.x1 : (iv.x1 + intervals[k + 1]!.x0) / 2 }));
  const rows: Table['rows'] = run.map((l, r) => {
    const next = run[r + 1];
    const height = next ? next.base - l.base : l.y1 - l.y0 + l.size * 0.3;
    const cells: TableCell[] = bounds.map((b) => {
      const segs = l.segments.filter((s) => s.x0 >= b.x0 - 0.5 && s.x1 <= b.x1 + 0.5);
      return { text: segs.length ? linesToParagraphs(toLines(segs), b, ctx, 0) : [], colSpan: 1 };
    });
    return { height, cells };
  });
  const bbox = { x0: bounds[0]!.x0, y0: Math.min(...run.map((l) => l.y0)), x1: bounds[bounds.length - 1]!.x1, y1: Math.max(...run.map((l) => l.y1)) };
  return { kind: 'table', bbox, ruled: false, column: 0, columns: bounds.map((b) => b.x1 - b.x0), rows, spaceBefore: 0 };
}

/**
 * The rows with each piece that runs across a column's start split there, at a word gap: a
 * value set one or two spaces before the next column's (a model name and its calibre in a
 * fixed-pitch report) would otherwise join the two columns for the whole table. A column's
 * start is an x where pieces of at least three rows, and a quarter of them, begin.
 */
function splitAtSharedStarts(run: Line[]): Line[] {
  const starts = run.flatMap((l) => l.segments.map((s) => s.x0)).sort((a, b) => a - b);
  const shared: number[] = [];
  for (let i = 0; i < starts.length; ) {
    let j = i;
    while (j + 1 < starts.length && starts[j + 1]! - starts[i]! <= 1) j++;
    const x = starts[i]!;
    const rows = run.filter((l) => l.segments.some((s) => Math.abs(s.x0 - x) <= 1)).length;
    if (rows >= Math.max(3, run.length / 4)) shared.push(x);
    i = j + 1;
  }
  if (shared.length === 0) return run;
  // Cut before a word's first glyph only (after a space, or a gap of a fifth of the size).
  const cuts = (s: Segment): number[] =>
    s.glyphs.flatMap((g, k) => {
      const prev = s.glyphs[k - 1];
      const wordStart = prev !== undefined && g.c.trim() !== '' && (prev.c.trim() === '' || g.x0 - prev.x1 >= g.size * 0.2);
      return wordStart && shared.some((x) => Math.abs(g.x0 - x) <= 1) ? [g.x0] : [];
    });
  return run.map((l) => ({ ...l, segments: l.segments.flatMap((s) => splitSegment(s, cuts(s))) }));
}

// ---------------------------------------------------------------------------------------------
// Paragraphs

const BULLET = /^([•●○◦■□▪▫‣⁃∙·\-–—*►▶✓✔])\s+/u;
const ORDERED = /^(\(?(\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,5})[.)])\s+/;

/** A line's text in reading order: a right-to-left line's from its right end. */
function lineText(l: Line): string {
  if (!rightToLeft([l])) return l.segments.map((s) => s.glyphs.map((g) => g.c).join('')).join(' ');
  let text = '';
  readRightToLeft(
    l,
    (g) => (text += g.c),
    () => (text = text.replace(/\s?$/, ' ')),
    () => undefined,
  );
  return text;
}

function markerOf(text: string): { ordered: boolean; marker: string } | undefined {
  const b = BULLET.exec(text);
  if (b) return { ordered: false, marker: b[1]! };
  const o = ORDERED.exec(text);
  if (o && text.length > o[0].length) return { ordered: true, marker: o[1]! };
  return undefined;
}

function isBoldLine(l: Line): boolean {
  const glyphs = l.segments.flatMap((s) => s.glyphs).filter((g) => !/\s/.test(g.c));
  return glyphs.length > 0 && glyphs.every((g) => g.style.bold);
}

/**
 * Where a cell's text sits in it as drawn, when the cell has at least a line's room to spare
 * (a header whose labels sit on its bottom rule, a name centred beside a row of several
 * lines): written at the top instead, the text leaves the rows it belongs to, on the page and
 * in the reading order. Undefined for the top, or when the cell is about as tall as its text.
 */
function verticalAlign(lines: Line[], cell: { y0: number; y1: number }): TableCell['valign'] {
  const room = spareRoom(lines, cell);
  if (!room) return undefined;
  const { above, below, lineHeight } = room;
  // Padding and the glyph boxes' own ascent and descent make even a centred line sit a little
  // off the middle: half a line either way still reads as centred.
  if (Math.abs(above - below) <= lineHeight / 2) return 'center';
  return above > below ? 'bottom' : undefined;
}

/** The room a cell leaves above and below its text, when that is a line's height at least. */
function spareRoom(lines: Line[], cell: { y0: number; y1: number }): { above: number; below: number; lineHeight: number } | undefined {
  if (lines.length === 0) return undefined;
  const top = Math.min(...lines.map((l) => l.y0));
  const bottom = Math.max(...lines.map((l) => l.y1));
  const lineHeight = Math.max(...lines.map((l) => l.y1 - l.y0));
  const above = top - cell.y0;
  const below = cell.y1 - bottom;
  return above + below < lineHeight ? undefined : { above, below, lineHeight };
}

/** The edge a table column's lines share: their right ends, or their centres. */
interface CellAlign {
  align: 'right' | 'center';
  at: number;
  tol: number;
}

/**
 * A table column whose lines end at one x (or are centred on one x) while their starts differ
 * is right-aligned (centred) as drawn, whatever padding its cells leave: numbers set against
 * the cell's right rule with a few points to spare. Read over the whole column, because one
 * cell's gaps do not tell padding from alignment. Lines of one width (a column of zeros) share
 * both edges: there the side they keep close to tells.
 */
function columnAlign(lines: Line[], cell: { x0: number; x1: number }): CellAlign | undefined {
  if (lines.length < 3) return undefined;
  const sizes = lines.map((l) => l.size).sort((a, b) => a - b);
  const tol = Math.max(1, sizes[Math.floor(sizes.length / 2)]! * 0.15);
  const shared = (values: number[]): number | undefined => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return values.filter((v) => Math.abs(v - median) <= tol).length >= values.length * 0.8 ? median : undefined;
  };
  const start = shared(lines.map((l) => l.x0));
  const right = shared(lines.map((l) => l.x1));
  if (start !== undefined) return right !== undefined && start - cell.x0 > 2 * (cell.x1 - right) + tol ? { align: 'right', at: right, tol } : undefined;
  if (right !== undefined) return { align: 'right', at: right, tol };
  const centre = shared(lines.map((l) => (l.x0 + l.x1) / 2));
  if (centre !== undefined) return { align: 'center', at: centre, tol };
  return undefined;
}

/** Splits lines (top to bottom, one column) into paragraphs and describes each. */
function linesToParagraphs(lines: Line[], col: { x0: number; x1: number }, ctx: PageContext, column = 0, inCell = false, cellAlign?: CellAlign): Paragraph[] {
  const sorted = [...lines].sort((a, b) => a.base - b.base);
  const groups: Line[][] = [];
  const colWidth = Math.max(1, col.x1 - col.x0);
  // Where running text ends on the right: most long lines reach it (a wide formula or figure
  // may stick out further).
  const wide = sorted.filter((l) => l.x1 - l.x0 > colWidth * 0.4).map((l) => l.x1).sort((a, b) => a - b);
  const textRight = wide.length >= 3 ? wide[Math.floor((wide.length - 1) * 0.95)]! : col.x1;
  // Each line is compared with the next and with its group's first: its text and boldness are
  // worked out once, not three times over its glyphs.
  const texts = new Map<Line, string>();
  const textOf = (l: Line): string => texts.get(l) ?? (texts.set(l, lineText(l)), texts.get(l)!);
  const bolds = new Map<Line, boolean>();
  const boldOf = (l: Line): boolean => bolds.get(l) ?? (bolds.set(l, isBoldLine(l)), bolds.get(l)!);
  // The drawn pitch of lines split from their neighbours at a line of pieces.
  const pitches = new Map<Line, number>();
  for (const line of sorted) {
    const group = groups[groups.length - 1];
    const prev = group?.[group.length - 1];
    if (!group || !prev) {
      groups.push([line]);
      continue;
    }
    const gap = line.base - prev.base;
    const spacing = group.length >= 2 ? group[group.length - 1]!.base - group[group.length - 2]!.base : Math.max(prev.size, line.size) * 1.25;
    const text = textOf(line);
    const startsList = markerOf(text) !== undefined;
    // A line ending in a number after leader dots (a table of contents) ends there.
    const prevText = textOf(prev);
    const leaderEnd = /(\.\s?){4,}\s*[\divxlcIVXLC]+$/.test(prevText);
    const firstMarker = markerOf(textOf(group[0]!));
    let breakHere =
      gap > spacing * 1.3 + 0.5 ||
      gap > Math.max(prev.size, line.size) * 2.2 ||
      Math.abs(line.size - prev.size) > Math.max(1, prev.size * 0.12) ||
      startsList ||
      leaderEnd ||
      boldOf(prev) !== boldOf(line) && (group.length === 1 || boldOf(prev));
    // The next line's first word would have fitted on the previous line: the line was broken
    // on purpose (a paragraph end, or lines set one by one like an address).
    if (!breakHere && prev.x1 + prev.size * 0.3 + firstWordWidth(line) < textRight - 1) breakHere = true;
    // Lines of pieces set apart (a name, a party and a count, placed at stops) are the lines of
    // a list set one by one: running text does not leave gaps of two ems within a line. In a
    // ruled cell one such line is enough (the cell is a column of the page holding its own
    // list); on the page, where a heading line may have its date set apart at the right, two.
    if (!breakHere && (inCell ? piecesApart(prev) || piecesApart(line) : piecesApart(prev) && piecesApart(line))) breakHere = true;
    // On the page one such line among lines of text (a report's header line over its title)
    // is set apart too, to keep its stops, at the pitch drawn: its lines do not grow apart.
    // Only lines a line apart at least: closer ones (text drawn over text, side-by-side blocks
    // on staggered baselines) would be stacked taller than drawn.
    if (!breakHere && !inCell && gap >= Math.max(prev.size, line.size) * 0.95 && (piecesApart(prev) || piecesApart(line))) {
      breakHere = true;
      for (const l of [prev, line]) pitches.set(l, Math.min(pitches.get(l) ?? Infinity, gap));
    }
    // A short previous line in a block whose other lines reach the right edge ends a paragraph.
    if (!breakHere && group.length >= 1) {
      const prevShort = prev.x1 < textRight - Math.max(colWidth * 0.12, prev.size * 3);
      const indented = line.x0 > prev.x0 + prev.size * 0.8 && !firstMarker;
      if (prevShort && (indented || group.length >= 2 || line.x1 >= textRight - prev.size * 2)) breakHere = true;
      // A first-line indent starts a new paragraph in indented text.
      if (indented && group.length >= 2) breakHere = true;
    }
    if (breakHere) groups.push([line]);
    else group.push(line);
  }
  const paragraphs = groups.map((g) => {
    const p = describeParagraph(g, col, ctx, column, inCell, cellAlign);
    // A one-line paragraph is written as tall as its size needs; split from lines set closer,
    // it keeps their pitch (never tighter than its glyphs need).
    const pitch = g.length === 1 ? pitches.get(g[0]!) : undefined;
    if (pitch !== undefined) p.lineSpacing = Math.max(g[0]!.size * 1.05, Math.min(p.lineSpacing, pitch));
    return p;
  });
  // A cell's paragraphs keep the gaps drawn between them (a blank line between a listing's
  // groups, a pitch wider than the size's): stacked tight, a tall cell's text ends up higher
  // (or, aligned to the cell's bottom, lower) than its neighbours' lines beside it.
  // (Sideways lines stand side by side: their baselines say nothing of the gaps.)
  if (inCell) for (let k = 1; k < paragraphs.length; k++) if (!paragraphs[k]!.sideways && !paragraphs[k - 1]!.sideways) paragraphs[k]!.spaceBefore = Math.max(0, boxOf(paragraphs[k]!).top - boxOf(paragraphs[k - 1]!).bottom);
  return paragraphs;
}

/**
 * A sideways paragraph of the body as written across its column: its glyphs' extents across
 * the page are not their advances along its lines, so its runs are set at their own width.
 */
function acrossTheFlow(p: Paragraph): Paragraph {
  if (p.sideways) for (const run of p.runs) delete run.advance;
  return p;
}

/** Whether a line's segments stand two ems apart or more somewhere. */
function piecesApart(line: Line): boolean {
  const segments = [...line.segments].sort((a, b) => a.x0 - b.x0);
  return segments.some((s, k) => k > 0 && s.x0 - segments[k - 1]!.x1 >= 2 * Math.max(s.size, segments[k - 1]!.size));
}

/**
 * The stops of a line made of pieces set apart (a title's left, centre and right parts, a name,
 * a party and a count in a listing): its ink split where it stands two ems apart or more, which
 * running text and justified lines never leave between words. Each piece after the first is
 * keyed by its first glyph, at its start; the last piece aligns by its end (a stand-in font wider
 * than the PDF's would carry it past the column's edge onto a line of its own from a stop at
 * its start), and a middle one on the column's centre by its centre.
 */
function pieceStops(line: Line, col: { x0: number; x1: number }): Map<Glyph, NonNullable<Run['tab']>> {
  const pieces: { first: Glyph; x0: number; x1: number; size: number }[] = [];
  let last: Glyph | undefined;
  for (const s of line.segments) {
    for (const g of s.glyphs) {
      if (/\s/.test(g.c)) continue;
      const piece = pieces[pieces.length - 1];
      if (!piece || !last || g.x0 - last.x1 >= 2 * Math.max(g.size, last.size)) pieces.push({ first: g, x0: g.x0, x1: g.x1, size: g.size });
      else {
        piece.x0 = Math.min(piece.x0, g.x0);
        piece.x1 = Math.max(piece.x1, g.x1);
        piece.size = Math.max(piece.size, g.size);
      }
      last = g;
    }
  }
  const stops = new Map<Glyph, NonNullable<Run['tab']>>();
  if (pieces.length < 2) return stops;
  const start = pieces[0]!.x0;
  pieces.forEach((p, k) => {
    if (k === 0) return;
    const atRight = k === pieces.length - 1;
    const centred = k < pieces.length - 1 && Math.abs((p.x0 + p.x1) / 2 - (col.x0 + col.x1) / 2) < p.size;
    stops.set(p.first, atRight ? { at: p.x1 - start, align: 'right' } : centred ? { at: (p.x0 + p.x1) / 2 - start, align: 'center' } : { at: p.x0 - start, align: 'left' });
  });
  return stops;
}

/** The width of a line's first word (up to its first space). */
function firstWordWidth(line: Line): number {
  const glyphs = line.segments[0]?.glyphs ?? [];
  let x1 = glyphs[0]?.x0 ?? 0;
  const x0 = x1;
  for (const g of glyphs) {
    if (/\s/.test(g.c)) break;
    x1 = g.x1;
  }
  return x1 - x0;
}

/** Letters of the right-to-left scripts: Hebrew, Arabic, Syriac, Thaana and their presentation forms. */
export const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

/** Whether right-to-left letters outnumber the other letters of the lines. */
function rightToLeft(lines: Line[]): boolean {
  let rtl = 0;
  let other = 0;
  for (const l of lines) {
    for (const s of l.segments) {
      for (const g of s.glyphs) {
        // ASCII is neither right to left nor a letter outside A-Z and a-z: no regular
        // expression for most glyphs of most pages.
        const code = g.c.charCodeAt(0);
        if (g.c.length === 1 && code < 0x80) {
          if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) other++;
          continue;
        }
        if (RTL_LETTER.test(g.c)) rtl++;
        else if (/\p{L}/u.test(g.c)) other++;
      }
    }
  }
  return rtl > other;
}

/** Smaller glyphs above or below the line's baseline: superscripts and subscripts. */
function scriptOf(g: Glyph, line: Line): Run['script'] {
  if (g.size >= line.size * 0.85) return undefined;
  return g.base < line.base - line.size * 0.2 ? 'super' : g.base > line.base + line.size * 0.1 ? 'sub' : undefined;
}

/**
 * Pushes a right-to-left line's glyphs in reading order. MuPDF gives a line's directional
 * runs from left to right on the page, each run in its own reading order: read from the
 * right, the runs come in reverse. A gap between glyphs or runs wider than a fifth of the
 * size is a space.
 */
function readRightToLeft(line: Line, push: (g: Glyph) => void, addSpace: () => void, before: (g: Glyph) => void): void {
  // A letter's script decides its direction; spaces, digits and punctuation take MuPDF's level.
  const rightward = (g: Glyph): boolean => (/\p{L}/u.test(g.c) ? RTL_LETTER.test(g.c) : Boolean(g.rtl));
  const runs: { rtl: boolean; glyphs: Glyph[]; x0: number; x1: number }[] = [];
  for (const s of line.segments) {
    for (const g of s.glyphs) {
      const rtl = rightward(g);
      const last = runs[runs.length - 1];
      if (last && last.rtl === rtl) {
        last.glyphs.push(g);
        last.x0 = Math.min(last.x0, g.x0);
        last.x1 = Math.max(last.x1, g.x1);
      } else runs.push({ rtl, glyphs: [g], x0: g.x0, x1: g.x1 });
    }
  }
  runs.sort((a, b) => b.x1 - a.x1);
  let previous: (typeof runs)[number] | undefined;
  for (const current of runs) {
    const { rtl, glyphs: run } = current;
    if (previous) {
      const before = previous.glyphs;
      const touching = /\p{L}/u.test(before[before.length - 1]!.c) && /\p{L}/u.test(run[0]!.c);
      // Words of two directions that touch are two words (MuPDF may place their space elsewhere).
      if (previous.x0 - current.x1 > Math.min(run[0]!.size, before[0]!.size) * 0.2 || (touching && rtl !== previous.rtl)) addSpace();
    }
    let last: Glyph | undefined;
    for (const g of run) {
      if (last && !/\s/.test(last.c) && !/\s/.test(g.c)) {
        const gap = rtl ? last.x0 - g.x1 : g.x0 - last.x1;
        if (gap > Math.min(g.size, last.size) * 0.2) addSpace();
      }
      before(g);
      push(g);
      last = g;
    }
    previous = current;
  }
}

function describeParagraph(lines: Line[], col: { x0: number; x1: number }, ctx: PageContext, column: number, lineByLine = false, cellAlign?: CellAlign): Paragraph {
  const runs: Run[] = [];
  let script: Run['script'];
  // The fills under this paragraph, to shade its text as drawn.
  const box = bboxOf(lines)!;
  const fills = (ctx.fills ?? []).filter((f) => f.x0 <= box.x1 && f.x1 >= box.x0 && f.y0 <= box.y1 && f.y1 >= box.y0);
  // In a cell, the next glyph starts a line as in the PDF (see lineBreak).
  let breakNext = false;
  // Letters (whitespace aside) written so far: where each PDF line ends in the runs' text.
  let letters = 0;
  const lineEnds: number[] = [];
  // The stop of the piece the next glyph starts (see Run.tab).
  let tabNext: Run['tab'];
  const rtl = rightToLeft(lines);
  const stops = rtl || lines.length !== 1 ? new Map<Glyph, NonNullable<Run['tab']>>() : pieceStops(lines[0]!, col);
  const push = (g: Glyph | { c: string; style: Glyph['style']; size: number; color: string }): void => {
    const last = runs[runs.length - 1];
    const size = halfPoint(g.size);
    if (/\s/.test(g.c) && last) {
      last.text += g.c;
      return;
    }
    const startsLine = breakNext;
    breakNext = false;
    const tab = tabNext;
    tabNext = undefined;
    letters += g.c.replace(/\s/g, '').length;
    const advance = 'x0' in g && !/\s/.test(g.c) ? g.x1 - g.x0 : 0;
    const shading = 'x0' in g && fills.length ? shadingAt(fills, (g.x0 + g.x1) / 2, (g.y0 + g.y1) / 2) : last?.shading;
    if (last && !startsLine && !tab && last.font === g.style.family && last.size === size && last.bold === g.style.bold && last.italic === g.style.italic && last.color === g.color && last.script === script && last.shading === shading) {
      last.text += g.c;
      last.advance = (last.advance ?? 0) + advance;
    } else {
      runs.push({ text: g.c, font: g.style.family, size, bold: g.style.bold, italic: g.style.italic, color: g.color, mono: g.style.mono, serif: g.style.serif, advance, ...(startsLine ? { lineBreak: true } : {}), ...(tab ? { tab } : {}), ...(script ? { script } : {}), ...(shading ? { shading } : {}) });
    }
  };
  const addSpace = (): void => {
    const last = runs[runs.length - 1];
    if (last && !/\s$/.test(last.text)) last.text += ' ';
  };
  lines.forEach((line, li) => {
    if (rtl) {
      // Directional runs of a right-to-left line read from the rightmost on the page.
      readRightToLeft(line, push, addSpace, (g) => (script = scriptOf(g, line)));
      if (li < lines.length - 1) {
        lineEnds.push(letters);
        addSpace();
      }
      return;
    }
    line.segments.forEach((s, si) => {
      // Segments that touch (a superscript after its base) join without a space.
      const before = line.segments[si - 1];
      if (before && s.x0 - before.x1 > Math.min(s.size, before.size) * 0.15) addSpace();
      let last: Glyph | undefined;
      for (const g of s.glyphs) {
        // A visible gap where the PDF has no space character (set mathematics, kerned
        // headings) is a word break for readers of the text: keep it as a space.
        if (last && !/\s/.test(last.c) && !/\s/.test(g.c) && g.x0 - last.x1 > Math.min(g.size, last.size) * 0.2) addSpace();
        script = scriptOf(g, line);
        tabNext = stops.get(g);
        push(g);
        last = g;
      }
    });
    if (li < lines.length - 1) {
      lineEnds.push(letters);
      const last = runs[runs.length - 1];
      if (last && /\p{L}-$/u.test(last.text)) {
        // A word hyphenated at the line end is joined again. Before a lower-case letter the
        // hyphen is the typesetter's (docu-ment) and becomes a soft hyphen, so a writer's
        // line can still break there as the PDF's did (a word processor does not hyphenate by
        // itself: lines ran longer); before anything else it is part of the word (E-Mail,
        // Schwarz-Weiß, 2-3) and stays.
        const next = lines[li + 1]!.segments[0]?.glyphs.find((g) => !/\s/.test(g.c))?.c ?? '';
        if (/\p{Ll}/u.test(next)) last.text = `${last.text.slice(0, -1)}${SOFT_HYPHEN}`;
        return;
      }
      addSpace();
      if (lineByLine) breakNext = true;
    }
  });
  for (const r of runs) r.text = r.text.replace(/\s+/g, ' ');
  let list: Paragraph['list'];
  const first = runs[0];
  // The marker is cut from the runs, which are in the paragraph's direction: a first line read
  // the other way (a Latin line opening an Arabic paragraph) would start elsewhere.
  if (first && rightToLeft([lines[0]!]) === rtl) {
    const marker = markerOf(lineText(lines[0]!));
    if (marker) {
      // The marker goes into the list numbering; the text keeps the rest.
      let remove = marker.marker.length;
      let removedLetters = 0;
      while (runs.length && remove > 0) {
        const r = runs[0]!;
        const cut = Math.min(remove, r.text.length);
        removedLetters += r.text.slice(0, cut).replace(/\s/g, '').length;
        r.text = r.text.slice(cut);
        remove -= cut;
        if (r.text === '') runs.shift();
      }
      if (runs[0]) runs[0].text = runs[0].text.replace(/^\s+/, '');
      for (let i = 0; i < lineEnds.length; i++) lineEnds[i] = lineEnds[i]! - removedLetters;
      const level = Math.max(0, Math.min(8, Math.round((rtl ? col.x1 - lines[0]!.x1 : lines[0]!.x0 - col.x0) / 24)));
      list = { ordered: marker.ordered, level, marker: marker.marker };
    }
  }
  const bbox = bboxOf(lines)!;
  const size = lines[0]!.size;
  const spacings = lines.slice(1).map((l, i) => l.base - lines[i]!.base).sort((a, b) => a - b);
  // Never tighter than the glyphs need (writers use it as an exact line height).
  const lineSpacing = Math.max(size * 1.05, spacings.length ? spacings[Math.floor(spacings.length / 2)]! : size * 1.2);
  const colWidth = col.x1 - col.x0;
  // A right-to-left paragraph is measured from the column's right edge: its lines start there.
  const lefts = lines.map((l) => (rtl ? col.x1 - l.x1 : l.x0 - col.x0));
  const rights = lines.map((l) => (rtl ? l.x0 - col.x0 : col.x1 - l.x1));
  const leftIndent = Math.max(0, Math.min(...(lines.length > 1 ? lefts.slice(1) : lefts)));
  const firstLineIndent = lines.length > 1 ? lefts[0]! - leftIndent : 0;
  let align: Paragraph['align'] = 'left';
  const tol = Math.max(2, size * 0.5);
  // Centred: both sides indented alike, and clearly (a full line indented a little is not).
  const centred = lines.every((l, i) => Math.abs(lefts[i]! - rights[i]!) < tol * 2) && lefts.some((v) => v > Math.max(tol * 2, colWidth * 0.08));
  if (centred) align = 'center';
  else if (rights.every((r) => r < tol) && lefts.some((v) => v > colWidth * 0.1) && lefts.every((v) => Math.abs(v - lefts[0]!) > 0 || lines.length === 1) && lefts[0]! > colWidth * 0.3) align = 'right';
  else if (lines.length >= 2 && rights.slice(0, -1).every((r) => r < tol)) align = 'justify';
  // The alignment found in reading direction, as seen on the page.
  if (rtl && (align === 'left' || align === 'right')) align = align === 'left' ? 'right' : 'left';
  // A cell's lines on its column's shared edge take the column's alignment.
  if (cellAlign && !rtl && lines.every((l) => Math.abs((cellAlign.align === 'right' ? l.x1 : (l.x0 + l.x1) / 2) - cellAlign.at) <= cellAlign.tol)) align = cellAlign.align;
  // Pieces at their stops start where the line starts, whatever its sides looked like.
  const tabbed = !list && runs.some((r) => r.tab);
  if (list) for (const r of runs) delete r.tab;
  if (tabbed) align = 'left';
  const endSide = rtl ? 'left' : 'right';
  const paragraph: Paragraph = {
    kind: 'paragraph',
    bbox,
    column,
    runs: runs.filter((r) => r.text.length > 0),
    align,
    ...(rtl ? { rtl } : {}),
    lineSpacing,
    spaceBefore: 0,
    firstLineIndent: list || align === 'center' || align === endSide ? 0 : firstLineIndent,
    leftIndent: align === 'center' || align === endSide ? 0 : list ? lefts[0]! : leftIndent,
  };
  if (align === 'right' && !rtl) paragraph.rightIndent = Math.max(0, Math.min(...rights));
  if (list) paragraph.list = list;
  if (lineEnds.length && lineEnds.every((end, i) => end > (lineEnds[i - 1] ?? 0))) paragraph.lineEnds = lineEnds;
  if (lines.every((l) => l.segments.every((s) => !s.upright))) paragraph.sideways = true;
  baselines.set(paragraph, { first: lines[0]!.base, last: lines[lines.length - 1]!.base, size });
  void ctx;
  return paragraph;
}

/** First and last baselines of the paragraphs made here, for the vertical spacing. */
const baselines = new WeakMap<Paragraph, { first: number; last: number; size: number }>();

/** The first baseline of a paragraph made here (the translator writes its translation's first line on it). */
export function firstBaseline(paragraph: Paragraph): number | undefined {
  return baselines.get(paragraph)?.first;
}

/**
 * The top and bottom of a block as a writer lays it out: a paragraph is a stack of line boxes
 * `lineSpacing` tall whose bottoms are a fifth of the size below the baselines.
 */
function boxOf(b: Block): { top: number; bottom: number } {
  const lines = b.kind === 'paragraph' ? baselines.get(b) : undefined;
  if (b.kind !== 'paragraph' || !lines) return { top: b.bbox.y0, bottom: b.bbox.y1 };
  return { top: lines.first + lines.size * 0.2 - b.lineSpacing, bottom: lines.last + lines.size * 0.2 };
}

/** The gap above each block within its column (from the previous block's bottom, or the body top). */
function setSpaceBefore(blocks: Block[], top: number): void {
  const bottoms = new Map<number, number>();
  let spanningBottom = top;
  for (const b of blocks) {
    // A floating image takes no room in the flow.
    if (b.kind === 'image' && b.float) continue;
    const box = boxOf(b);
    const previous = b.column === -1 ? Math.max(spanningBottom, ...bottoms.values()) : (bottoms.get(b.column) ?? spanningBottom);
    b.spaceBefore = Math.max(0, box.top - previous);
    bottoms.set(b.column, box.bottom);
    if (b.column === -1) {
      // Content under a spanning block starts below it in every column.
      spanningBottom = box.bottom;
      bottoms.clear();
    }
  }
}

/** The top of the body as laid out (the first line box may reach above the glyphs). */
function layoutTop(blocks: Block[], top: number): number {
  return Math.min(top, ...blocks.filter((b) => !(b.kind === 'image' && b.float)).map((b) => boxOf(b).top));
}

function plainText(p: Paragraph): string {
  return withoutSoftHyphens(p.runs.map((r) => r.text).join(''));
}

function normaliseTitle(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Headings: larger than the body text, bold short lines, or the title of an outline entry on this page. */
function markHeadings(blocks: Block[], ctx: PageContext): void {
  for (const b of blocks) {
    if (b.kind !== 'paragraph' || b.list) continue;
    const text = plainText(b).trim();
    if (text.length === 0 || text.length > 200) continue;
    const key = normaliseTitle(text);
    const entry = key.length > 1 ? ctx.titles.find((t) => normaliseTitle(t.title) === key || (key.endsWith(normaliseTitle(t.title)) && normaliseTitle(t.title).length > 3)) : undefined;
    if (entry) {
      b.headingLevel = Math.min(6, entry.level);
      continue;
    }
    const size = Math.max(...b.runs.map((r) => r.size));
    const rank = ctx.headingSizes.findIndex((s) => Math.abs(s - size) < 0.26);
    if (rank >= 0 && b.bbox.y1 - b.bbox.y0 < size * 4) {
      b.headingLevel = rank + 1;
      continue;
    }
    const allBold = b.runs.every((r) => r.bold || r.text.trim() === '');
    if (allBold && text.length < 90 && b.bbox.y1 - b.bbox.y0 < size * 2 && size >= ctx.bodySize - 0.1 && /\p{L}/u.test(text)) b.headingLevel = Math.min(6, ctx.headingSizes.length + 1);
  }
}

/**
 * PDF to Excel. Each page's text is cut into pieces at wide gaps (cells) and grouped into rows
 * by baseline. Tables are taken from the shared layout analysis when it finds some on a page,
 * otherwise recognised here: runs of at least two consecutive rows of at least two cells whose
 * pieces fall into at least two common column bands. A page with at most one table becomes one
 * sheet ("Page N": lines above, the table on its columns, lines below); a page with several
 * tables gives one sheet per table ("Page N Table k") and one for its other lines. Cell values
 * are typed: numbers (thousands separators stripped, decimals kept, negatives in parentheses,
 * percentages, currency signs) as numbers, dates (ISO, d/m/y or m/d/y where unambiguous in the
 * document, d.m.y, "12 March 2024", "March 12, 2024") as dates, everything else as text.
 */
import ExcelJS from 'exceljs';
import { CatalogueError } from '@pagewright/contracts';
import { asCatalogueError } from '../errors.js';
import { writeFileAtomic } from '../files.js';
import type { PdfInput } from '../merge.js';
import { openInput } from '../pdf/single.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { analyseDocument } from '../reconstruct/analyse.js';
import type { DocumentLayout, Rect, Table } from '../reconstruct/layout.js';
import { withoutSoftHyphens } from '../reconstruct/text.js';
import { numberedLine } from '../reconstruct/tables.js';
import { uprightPage } from '../reconstruct/upright.js';
import { pageFailure, readPage, type PositionalPage } from './positional.js';

/** A cell of text on the page: a line cut at its wide gaps. */
export interface Piece {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  baseline: number;
}

export type CellValue = string | number | Date;

export interface TypedCell {
  value: CellValue;
  /** Excel number format for numbers and dates. */
  numFmt?: string;
}

/* ---------------------------------------------------------------- value typing */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function monthOf(name: string): number | undefined {
  const key = name.toLowerCase().replace(/\.$/, '');
  if (key.length < 3) return undefined;
  // Full names and abbreviations of three letters or more ("Mar", "Sept").
  const index = MONTHS.findIndex((m) => m.startsWith(key));
  return index < 0 ? undefined : index + 1;
}

function validDate(y: number, m: number, d: number): Date | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1000 || y > 9999) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : undefined;
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
}

export type SlashOrder = 'dmy' | 'mdy' | undefined;

/** Day-first or month-first for slashed dates: decided by any unambiguous date of the document. */
export function slashOrderOf(texts: Iterable<string>): SlashOrder {
  let dmy = 0;
  let mdy = 0;
  for (const text of texts) {
    const m = /^\s*(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})\s*$/.exec(text);
    if (!m) continue;
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
  }
  if (dmy > 0 && mdy === 0) return 'dmy';
  if (mdy > 0 && dmy === 0) return 'mdy';
  return undefined;
}

export function parseDate(text: string, order: SlashOrder): Date | undefined {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(t);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = fullYear(m[3]!);
    if (a > 12) return validDate(y, b, a);
    if (b > 12) return validDate(y, a, b);
    if (a === b) return validDate(y, a, b);
    if (order === 'dmy') return validDate(y, b, a);
    if (order === 'mdy') return validDate(y, a, b);
    return undefined;
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  if (m) return validDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9}\.?),?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = monthOf(m[2]!);
    return month ? validDate(Number(m[3]), month, Number(m[1])) : undefined;
  }
  m = /^([A-Za-z]{3,9}\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = monthOf(m[1]!);
    return month ? validDate(Number(m[3]), month, Number(m[2])) : undefined;
  }
  return undefined;
}

/**
 * A number as printed: optional sign or parentheses, currency sign, thousands separators
 * (comma, or thin/normal space, or apostrophe), decimal point, percent. A leading zero before
 * other digits ("007") is an identifier, not a number.
 */
export function parseNumber(text: string): TypedCell | undefined {
  let t = text.trim().replace(/\u2212/g, '-');
  if (t === '') return undefined;
  let negative = false;
  const paren = /^\((.*)\)$/.exec(t);
  if (paren) {
    negative = true;
    t = paren[1]!.trim();
  }
  if (t.startsWith('-')) {
    negative = !negative;
    t = t.slice(1).trim();
  } else if (t.startsWith('+')) t = t.slice(1).trim();
  let currency = '';
  const cur = /^([$€£¥])\s*(.*)$/.exec(t) ?? /^(.*?)\s*([$€£¥])$/.exec(t);
  if (cur) {
    currency = /[$€£¥]/.test(cur[1]!) ? cur[1]! : cur[2]!;
    t = (/[$€£¥]/.test(cur[1]!) ? cur[2]! : cur[1]!).trim();
    if (t.startsWith('-')) {
      negative = !negative;
      t = t.slice(1);
    }
  }
  let percent = false;
  if (t.endsWith('%')) {
    percent = true;
    t = t.slice(0, -1).trim();
  }
  const m = /^(\d{1,3}(?:[,\u00a0\u202f' ]\d{3})+|\d+)(?:\.(\d+))?$/.exec(t) ?? /^()\.(\d+)$/.exec(t);
  if (!m) return undefined;
  const whole = m[1]!.replace(/[,\u00a0\u202f' ]/g, '');
  if (whole.length > 1 && whole.startsWith('0') && m[2] === undefined) return undefined;
  const decimals = m[2] ?? '';
  const grouped = /[,\u00a0\u202f' ]/.test(m[1]!);
  let value = Number(`${whole || '0'}.${decimals || '0'}`);
  if (!Number.isFinite(value)) return undefined;
  if (negative) value = -value;
  const fraction = decimals.length > 0 ? `.${'0'.repeat(decimals.length)}` : '';
  if (percent) return { value: value / 100, numFmt: `0${fraction}%` };
  let numFmt = `${grouped ? '#,##0' : '0'}${fraction}`;
  if (paren) numFmt = `${numFmt};(${numFmt})`;
  if (currency) numFmt = `"${currency}"${numFmt}`;
  // Keep the General format for plain integers and decimals: Excel shows them as printed.
  if (!grouped && !paren && !currency) return { value };
  return { value, numFmt };
}

export function typeCell(text: string, order: SlashOrder): TypedCell {
  const trimmed = text.trim();
  const date = parseDate(trimmed, order);
  if (date) return { value: date, numFmt: 'yyyy-mm-dd' };
  return parseNumber(trimmed) ?? { value: trimmed };
}

/* ---------------------------------------------------------------- rows and tables */

export function piecesOf(page: PositionalPage): Piece[] {
  const pieces: Piece[] = [];
  for (const block of page.blocks) {
    for (const line of block.lines) {
      if (Math.abs(line.dir[1]) > 0.01 || line.dir[0] <= 0) continue;
      let current: Piece | undefined;
      for (const span of line.spans) {
        if (!current || span.gap) {
          if (current && current.text.trim() !== '') pieces.push(current);
          current = { text: '', x0: span.bbox[0], x1: span.bbox[2], y0: span.bbox[1], y1: span.bbox[3], baseline: span.y };
        }
        current.text += span.text;
        current.x0 = Math.min(current.x0, span.bbox[0]);
        current.x1 = Math.max(current.x1, span.bbox[2]);
        current.y0 = Math.min(current.y0, span.bbox[1]);
        current.y1 = Math.max(current.y1, span.bbox[3]);
      }
      if (current && current.text.trim() !== '') pieces.push(current);
    }
  }
  for (const p of pieces) p.text = p.text.trim();
  return pieces;
}

/** Pieces grouped into rows (shared baseline within a third of the text height), top to bottom, each left to right. */
export function rowsOf(pieces: Piece[]): Piece[][] {
  const sorted = [...pieces].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const rows: Piece[][] = [];
  for (const piece of sorted) {
    const row = rows[rows.length - 1];
    const ref = row?.[0];
    if (row && ref && Math.abs(piece.baseline - ref.baseline) <= Math.max(2, (ref.y1 - ref.y0) / 3)) row.push(piece);
    else rows.push([piece]);
  }
  for (const row of rows) row.sort((a, b) => a.x0 - b.x0);
  return rows;
}

export interface FoundTable {
  /** Index of the first and one past the last row of the page's rows. */
  from: number;
  to: number;
  /** Column bands, left to right. */
  columns: Array<{ x0: number; x1: number }>;
  /** Cell texts, rows by columns ('' where empty). */
  cells: string[][];
}

/**
 * The columns of a table: the merged horizontal extents of its pieces, then, left to right,
 * neighbouring bands that no row occupies both of joined. The second step puts a left-aligned
 * header over its right-aligned numbers, which do not overlap it.
 */
function columnBands(rows: Piece[][]): Array<{ x0: number; x1: number }> {
  const spans = rows.flatMap((row, r) => row.map((p) => ({ x0: p.x0, x1: p.x1, rows: new Set([r]) }))).sort((a, b) => a.x0 - b.x0);
  const bands: Array<{ x0: number; x1: number; rows: Set<number> }> = [];
  for (const s of spans) {
    const last = bands[bands.length - 1];
    if (last && s.x0 <= last.x1 + 1) {
      last.x1 = Math.max(last.x1, s.x1);
      for (const r of s.rows) last.rows.add(r);
    } else bands.push({ ...s, rows: new Set(s.rows) });
  }
  const joined: typeof bands = [];
  for (const band of bands) {
    const last = joined[joined.length - 1];
    if (last && ![...band.rows].some((r) => last.rows.has(r))) {
      last.x1 = band.x1;
      for (const r of band.rows) last.rows.add(r);
    } else joined.push(band);
  }
  return joined.map(({ x0, x1 }) => ({ x0, x1 }));
}

function cellsOf(rows: Piece[][], bands: Array<{ x0: number; x1: number }>): string[][] {
  return rows.map((row) => {
    const cells = bands.map(() => '');
    for (const piece of row) {
      const centre = (piece.x0 + piece.x1) / 2;
      let index = bands.findIndex((b) => centre >= b.x0 - 0.5 && centre <= b.x1 + 0.5);
      if (index < 0) index = bands.findIndex((b) => piece.x1 >= b.x0 && piece.x0 <= b.x1);
      if (index < 0) continue;
      cells[index] = cells[index] ? `${cells[index]} ${piece.text}` : piece.text;
    }
    return cells;
  });
}

/**
 * Tables among the rows: maximal runs of consecutive rows with at least two pieces each, no
 * wider vertical gap between them than three text heights, whose pieces form at least two
 * column bands with every row's pieces each in a single band.
 */
export function findTables(rows: Piece[][]): FoundTable[] {
  const tables: FoundTable[] = [];
  let i = 0;
  const cellRow = (row: Piece[]): boolean => row.length >= 2 && !numberedLine(row.map((p) => p.text));
  while (i < rows.length) {
    if (!cellRow(rows[i]!)) {
      i++;
      continue;
    }
    let j = i + 1;
    // A one-piece row right of the first column, followed by another row of cells, is a cell's
    // wrapped second line (joined to its row below) rather than the end of the table.
    const wrapped = (k: number): boolean => rows[k]!.length === 1 && k + 1 < rows.length && cellRow(rows[k + 1]!) && rows[k]![0]!.x0 > rows[k - 1]![0]!.x1;
    while (j < rows.length && (cellRow(rows[j]!) || wrapped(j))) {
      const prev = rows[j - 1]!;
      const height = Math.max(...prev.map((p) => p.y1 - p.y0));
      if (rows[j]![0]!.baseline - prev[0]!.baseline > height * 3) break;
      j++;
    }
    // Tables start at their first multi-cell row: a title line above is not part of them.
    if (j - i >= 2) {
      const slice = rows.slice(i, j);
      const bands = columnBands(slice);
      // Every piece must lie in one band: guaranteed by construction; demand two bands at least
      // and that no band holds two pieces of one row (which would mean a text line, not cells).
      const cells = cellsOf(slice, bands);
      const clean = slice.every((row) => new Set(row.map((p) => bands.findIndex((b) => (p.x0 + p.x1) / 2 >= b.x0 - 0.5 && (p.x0 + p.x1) / 2 <= b.x1 + 0.5))).size === row.length);
      if (bands.length >= 2 && clean) tables.push({ from: i, to: j, columns: bands, cells: joinContinuationRows(cells) });
    }
    i = j;
  }
  return tables;
}

/**
 * Joins neighbouring columns that no row fills both of, left to right: a left-aligned header
 * over right-aligned numbers otherwise makes two half-empty columns.
 */
export function collapseColumns(cells: string[][]): string[][] {
  const width = Math.max(0, ...cells.map((r) => r.length));
  const rows = cells.map((r) => Array.from({ length: width }, (_, c) => r[c] ?? ''));
  let c = 0;
  while (c + 1 < (rows[0]?.length ?? 0)) {
    if (rows.every((r) => r[c] === '' || r[c + 1] === '')) {
      for (const r of rows) r.splice(c, 2, r[c] || r[c + 1]!);
    } else c++;
  }
  return rows;
}

/**
 * Joins continuation lines to the row above: a row with its first cell empty, below a row whose
 * first cell is filled, and holding no number or date, is the wrapped second line of the
 * previous row's cells (a subtotal row, with numbers, stays a row of its own).
 */
export function joinContinuationRows(cells: string[][]): string[][] {
  const out: string[][] = [];
  for (const row of cells) {
    const previous = out[out.length - 1];
    const continuation = previous !== undefined && previous[0] !== '' && row[0] === '' && row.some((c) => c !== '') &&
      row.every((c) => c === '' || typeof typeCell(c, undefined).value === 'string');
    if (continuation) row.forEach((c, k) => {
      if (c !== '') previous[k] = previous[k] ? `${previous[k]} ${c}` : c;
    });
    else out.push([...row]);
  }
  return out;
}

function analysedTableCells(table: Table): string[][] {
  return joinContinuationRows(collapseColumns(analysedTableRows(table)));
}

function analysedTableRows(table: Table): string[][] {
  return table.rows.map((row) => {
    const cells: string[] = [];
    for (const cell of row.cells) {
      cells.push(cell.text.map((p) => withoutSoftHyphens(p.runs.map((r) => r.text).join(''))).join('\n').trim());
      for (let k = 1; k < cell.colSpan; k++) cells.push('');
    }
    return cells;
  });
}

/* ---------------------------------------------------------------- tables as written */

/** A table as pdfToExcel writes it: its page, its box on the page and its cells. */
type Matrix = [number, number, number, number, number, number];

export interface DetectedTable {
  /** 1-based page number. */
  page: number;
  /**
   * Box on the page read upright (a page whose text runs sideways is turned), points from the
   * top-left corner, y growing downwards.
   */
  bbox: Rect;
  /** From PDF user space to the coordinates of `bbox`. */
  transform: Matrix;
  /** The cells holding text, rows and columns counted from 0 in the table's grid. */
  cells: Array<{ row: number; col: number; rowSpan: number; colSpan: number; text: string }>;
}

function gridCells(rows: string[][]): DetectedTable['cells'] {
  return rows.flatMap((row, r) => row.flatMap((text, c) => (text === '' ? [] : [{ row: r, col: c, rowSpan: 1, colSpan: 1, text }])));
}

/** The tables of one page as planPage writes them: the analysis' tables, or those found here. */
function pageTables(page: PositionalPage, analysedTables: Table[] | undefined): Array<{ bbox: Rect; rows: string[][] }> {
  if (analysedTables && analysedTables.length > 0) return analysedTables.map((t) => ({ bbox: t.bbox, rows: analysedTableCells(t) }));
  const rows = rowsOf(piecesOf(page));
  return findTables(rows).map((t) => {
    const pieces = rows.slice(t.from, t.to).flat();
    const bbox = { x0: Math.min(...pieces.map((p) => p.x0)), y0: Math.min(...pieces.map((p) => p.y0)), x1: Math.max(...pieces.map((p) => p.x1)), y1: Math.max(...pieces.map((p) => p.y1)) };
    return { bbox, rows: t.cells };
  });
}

/**
 * The tables pdfToExcel finds in a PDF, with their pages, boxes and cells (for measuring table
 * recognition against a ground truth). Open errors as pdfToExcel's.
 */
export async function pdfTables(input: PdfInput): Promise<DetectedTable[]> {
  const { doc, pageCount } = await openInput(input);
  const found: DetectedTable[] = [];
  try {
    let layout: DocumentLayout;
    try {
      layout = analyseDocument(doc);
    } catch (err) {
      throw asCatalogueError(err, 'FILE_DAMAGED');
    }
    for (let i = 0; i < pageCount; i++) {
      let page: PositionalPage;
      let transform: Matrix;
      try {
        // Read as the analysis reads it (turned upright), so that its table boxes and the
        // page's text share one frame.
        const upright = uprightPage(doc, i);
        try {
          page = readPage(upright.page, false);
          transform = upright.page.getTransform() as Matrix;
        } finally {
          upright.release();
        }
      } catch (err) {
        throw pageFailure(i + 1, err);
      }
      const analysed = layout.pages.find((p) => p.index === i + 1)?.blocks.filter((b): b is Table => b.kind === 'table');
      for (const t of pageTables(page, analysed)) found.push({ page: i + 1, transform, bbox: t.bbox, cells: gridCells(t.rows) });
    }
  } finally {
    doc.destroy();
  }
  return found;
}

/* ---------------------------------------------------------------- workbook */

interface SheetPlan {
  name: string;
  rows: string[][];
}

/** The sheets of one page and how many tables they hold. */
export function planPage(pageNumber: number, page: PositionalPage, analysedTables: Table[] | undefined): { sheets: SheetPlan[]; tables: number } {
  const rows = rowsOf(piecesOf(page));
  const textRow = (row: Piece[]): string[] => row.map((p) => p.text);
  if (analysedTables && analysedTables.length > 0) {
    // The analysis' tables; the page's other lines are those outside every table's box.
    const inside = (p: Piece): boolean => analysedTables.some((t) => p.x0 >= t.bbox.x0 - 1 && p.x1 <= t.bbox.x1 + 1 && p.y0 >= t.bbox.y0 - 1 && p.y1 <= t.bbox.y1 + 1);
    const others = rows.map((row) => row.filter((p) => !inside(p))).filter((row) => row.length > 0).map(textRow);
    if (analysedTables.length === 1) {
      const table = analysedTables[0]!;
      const above = rows.filter((row) => row.every((p) => !inside(p)) && row[0]!.y1 <= table.bbox.y0 + 1).map(textRow);
      const below = others.slice(above.length);
      return { sheets: [{ name: `Page ${pageNumber}`, rows: [...above, ...analysedTableCells(table), ...below] }], tables: 1 };
    }
    const sheets = analysedTables.map((t, k) => ({ name: `Page ${pageNumber} Table ${k + 1}`, rows: analysedTableCells(t) }));
    if (others.length > 0) sheets.push({ name: `Page ${pageNumber}`, rows: others });
    return { sheets, tables: analysedTables.length };
  }
  const tables = findTables(rows);
  if (tables.length <= 1) {
    const out: string[][] = [];
    const table = tables[0];
    rows.forEach((row, r) => {
      if (table && r >= table.from && r < table.to) {
        if (r === table.from) out.push(...table.cells);
      } else out.push(textRow(row));
    });
    return { sheets: [{ name: `Page ${pageNumber}`, rows: out }], tables: tables.length };
  }
  const sheets: SheetPlan[] = tables.map((t, k) => ({ name: `Page ${pageNumber} Table ${k + 1}`, rows: t.cells }));
  const others = rows.filter((_, r) => !tables.some((t) => r >= t.from && r < t.to)).map(textRow);
  if (others.length > 0) sheets.push({ name: `Page ${pageNumber}`, rows: others });
  return { sheets, tables: tables.length };
}

/**
 * Writes the XLSX. Open errors as in every PDF tool; a page MuPDF cannot interpret ->
 * FILE_DAMAGED; no text at all in the document -> 2405 (No data found).
 */
export async function pdfToExcel(input: PdfInput, outputPath: string, onProgress?: ProgressFn): Promise<{ sheets: number; tables: number }> {
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  const plans: SheetPlan[] = [];
  let tables = 0;
  try {
    let layout: DocumentLayout;
    try {
      layout = analyseDocument(doc, {}, (done, total) => report((done / total) * 50));
    } catch (err) {
      throw asCatalogueError(err, 'FILE_DAMAGED');
    }
    for (let i = 0; i < pageCount; i++) {
      let page: PositionalPage;
      try {
        // Read as the analysis reads it (turned upright), so that its table boxes and the
        // page's text share one frame.
        const upright = uprightPage(doc, i);
        try {
          page = readPage(upright.page, false);
        } finally {
          upright.release();
        }
      } catch (err) {
        throw pageFailure(i + 1, err);
      }
      const analysed = layout.pages.find((p) => p.index === i + 1)?.blocks.filter((b): b is Table => b.kind === 'table');
      const planned = planPage(i + 1, page, analysed);
      tables += planned.tables;
      plans.push(...planned.sheets);
      report(50 + ((i + 1) / pageCount) * 40);
    }
  } finally {
    doc.destroy();
  }
  if (plans.every((p) => p.rows.length === 0)) throw new CatalogueError(2405, 'no text found in the document');
  const order = slashOrderOf(plans.flatMap((p) => p.rows.flat()));
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Pagewright';
  workbook.created = new Date(0);
  for (const plan of plans) {
    if (plan.rows.length === 0) continue;
    const sheet = workbook.addWorksheet(plan.name.slice(0, 31));
    const widths: number[] = [];
    plan.rows.forEach((cells, r) => {
      const row = sheet.getRow(r + 1);
      cells.forEach((text, c) => {
        if (text === '') return;
        const typed = typeCell(text, order);
        const cell = row.getCell(c + 1);
        cell.value = typed.value;
        if (typed.numFmt) cell.numFmt = typed.numFmt;
        widths[c] = Math.max(widths[c] ?? 8, Math.min(60, text.length + 2));
      });
    });
    widths.forEach((w, c) => {
      sheet.getColumn(c + 1).width = w;
    });
  }
  report(92);
  let data: Uint8Array;
  try {
    data = new Uint8Array(await workbook.xlsx.writeBuffer());
  } catch (err) {
    throw new CatalogueError('UNKNOWN', `cannot write the workbook: ${err instanceof Error ? err.message : String(err)}`);
  }
  await writeFileAtomic(outputPath, data);
  report(100);
  return { sheets: workbook.worksheets.length, tables };
}

/**
 * Table structure on MuPDF-built pages: ruled tables whose rules give the rows but not every
 * column (split by the alignment of their text), grids drawn around part of a table, ruled rows
 * holding several rows, numbered headings that are not tables, a table printed sideways; and
 * pdfTables, the tables pdfToExcel writes with their pages, boxes and cells.
 */
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import ExcelJS from 'exceljs';
import { pdfTables, pdfToExcel } from '../convert/pdf-to-excel.js';
import type { Paragraph, Table } from './layout.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { mupdf } from '../mupdf.js';
import { savedBytes } from '../../test/fixtures.js';

const tmp = useTempDir('pagewright-tables-');

const PAGE_HEIGHT = 842;
const esc = (s: string): string => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

const ROWS = [
  ['Country', 'Domestic', 'Imported', 'Total'],
  ['Austria', '86.2', '13.8', '3,375'],
  ['Belgium', '0.5', '99.5', '3,973'],
  ['Bulgaria', '12.0', '88.0', '1,136'],
  ['Cyprus', '81.0', '19.0', '158'],
];
const LEFT = 60;
const COLUMN = 110;
const ROW = 20;
const TOP = 700;

/**
 * ROWS as a table with a horizontal rule above and below every row and, as `verticals` says,
 * the column rules: 'header' draws them in the header row only (the body's cells have none),
 * 'frame' draws only the table's left and right edges.
 */
function rowRuledTable(verticals: 'header' | 'frame'): string[] {
  const ops: string[] = [];
  const right = LEFT + COLUMN * ROWS[0]!.length;
  ROWS.forEach((row, r) => {
    row.forEach((text, c) => ops.push(`BT /F1 9 Tf ${LEFT + 5 + c * COLUMN} ${TOP - r * ROW - 14} Td ${esc(text)} Tj ET`));
  });
  for (let r = 0; r <= ROWS.length; r++) ops.push(`0.5 w ${LEFT} ${TOP - r * ROW} m ${right} ${TOP - r * ROW} l S`);
  const bottom = TOP - ROWS.length * ROW;
  for (const x of [LEFT, right]) ops.push(`0.5 w ${x} ${TOP} m ${x} ${bottom} l S`);
  if (verticals === 'header') for (let c = 1; c < ROWS[0]!.length; c++) ops.push(`0.5 w ${LEFT + c * COLUMN} ${TOP} m ${LEFT + c * COLUMN} ${TOP - ROW} l S`);
  return ops;
}

/**
 * ROWS with the rules drawn around the figures only (columns 1 to 3): the row labels of column
 * 0 stand beside the grid without rules. With `twin`, a second framed copy of the grid to the
 * right of the first, its own table.
 */
function figuresRuledTable(twin = false): string[] {
  const ops: string[] = [];
  const grids = twin ? [0, 1] : [0];
  const column = twin ? 60 : COLUMN;
  const width = column * 3;
  for (const g of grids) {
    const left = LEFT + column + g * (width + column + 20);
    ROWS.forEach((row, r) => {
      row.forEach((text, c) => ops.push(`BT /F1 ${twin ? 7 : 9} Tf ${left - column + 3 + c * column} ${TOP - r * ROW - 14} Td ${esc(g === 0 ? text : `${text}b`)} Tj ET`));
    });
    for (let r = 0; r <= ROWS.length; r++) ops.push(`0.5 w ${left} ${TOP - r * ROW} m ${left + width} ${TOP - r * ROW} l S`);
    for (let c = 0; c <= 3; c++) ops.push(`0.5 w ${left + c * column} ${TOP} m ${left + c * column} ${TOP - ROWS.length * ROW} l S`);
  }
  return ops;
}

const textOf = (p: Paragraph): string => p.runs.map((r) => r.text).join('');
const grid = (t: Table): string[][] => t.rows.map((row) => row.cells.map((c) => c.text.map(textOf).join(' ')));

async function analysedPage(name: string, ops: string[]): Promise<{ tables: Table[]; paragraphs: string[] }> {
  const layout = await analysePdf({ path: tmp.file(name, opsPdf(ops)) });
  const blocks = layout.pages[0]!.blocks;
  return { tables: blocks.filter((b): b is Table => b.kind === 'table'), paragraphs: blocks.filter((b): b is Paragraph => b.kind === 'paragraph').map(textOf) };
}

async function analysedTables(name: string, ops: string[]): Promise<Table[]> {
  return (await analysedPage(name, ops)).tables;
}

describe('ruled tables with rules missing between columns', () => {
  it('splits the body rows at the column rules drawn in the header row only', async () => {
    const { tables, paragraphs } = await analysedPage('header-rules.pdf', rowRuledTable('header'));
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual(ROWS);
    // The cells' text, cut at the boundaries, is not also left in the flow.
    expect(paragraphs).toEqual([]);
  });

  it('finds the columns of a table ruled between its rows only, from the alignment of its text', async () => {
    const tables = await analysedTables('row-rules.pdf', rowRuledTable('frame'));
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual(ROWS);
    expect(tables[0]!.columns).toHaveLength(4);
  });
});

describe('ruled grids drawn around part of a table', () => {
  it('takes the row labels beside a grid drawn around the figures only into the table', async () => {
    const { tables, paragraphs } = await analysedPage('figures-ruled.pdf', figuresRuledTable());
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual(ROWS);
    expect(paragraphs).toEqual([]);
  });

  it('keeps two framed grids side by side as two tables', async () => {
    const tables = await analysedTables('twin-grids.pdf', figuresRuledTable(true));
    expect(tables).toHaveLength(2);
    expect(grid(tables[0]!)).toEqual(ROWS);
    expect(grid(tables[1]!)[1]).toEqual(ROWS[1]!.map((t) => `${t}b`));
  });
});

/** A small grid of figures at the right with a paragraph's lines beside it, one per row. */
function gridBesideText(): string[] {
  const ops: string[] = [];
  const lines = ['Running text of the report goes on beside', 'the small table of figures at the right of', 'the page, one line after the other in the', 'same rhythm as the rows of the table, until', 'the paragraph ends below the table here.'];
  lines.forEach((text, r) => ops.push(`BT /F1 9 Tf ${LEFT} ${TOP - r * ROW - 14} Td ${esc(text)} Tj ET`));
  const left = 360;
  ROWS.forEach((row, r) => row.slice(1).forEach((text, c) => ops.push(`BT /F1 9 Tf ${left + 5 + c * 60} ${TOP - r * ROW - 14} Td ${esc(text)} Tj ET`)));
  for (let r = 0; r <= ROWS.length; r++) ops.push(`0.5 w ${left} ${TOP - r * ROW} m ${left + 180} ${TOP - r * ROW} l S`);
  for (let c = 0; c <= 3; c++) ops.push(`0.5 w ${left + c * 60} ${TOP} m ${left + c * 60} ${TOP - ROWS.length * ROW} l S`);
  return ops;
}

describe('ruled grids beside running text', () => {
  it('leaves the lines of a paragraph beside a small grid out of the table', async () => {
    const { tables, paragraphs } = await analysedPage('grid-beside-text.pdf', gridBesideText());
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual(ROWS.map((row) => row.slice(1)));
    expect(paragraphs.join(' ')).toContain('Running text of the report');
  });
});

/**
 * ROWS in a grid whose horizontal rules close the header and the table only: the body's rows
 * share one ruled row. The header's cells wrap onto a second line ('of units').
 */
function blockRuledTable(): string[] {
  const ops: string[] = [];
  const right = LEFT + COLUMN * ROWS[0]!.length;
  const headerBottom = TOP - 2 * ROW;
  ROWS[0]!.forEach((text, c) => {
    ops.push(`BT /F1 9 Tf ${LEFT + 5 + c * COLUMN} ${TOP - 14} Td ${esc(text)} Tj ET`);
    ops.push(`BT /F1 9 Tf ${LEFT + 5 + c * COLUMN} ${TOP - 26} Td ${esc('of units')} Tj ET`);
  });
  ROWS.slice(1).forEach((row, r) => row.forEach((text, c) => ops.push(`BT /F1 9 Tf ${LEFT + 5 + c * COLUMN} ${headerBottom - r * 14 - 14} Td ${esc(text)} Tj ET`)));
  const bottom = headerBottom - (ROWS.length - 1) * 14 - 8;
  for (const y of [TOP, headerBottom, bottom]) ops.push(`0.5 w ${LEFT} ${y} m ${right} ${y} l S`);
  for (let c = 0; c <= ROWS[0]!.length; c++) ops.push(`0.5 w ${LEFT + c * COLUMN} ${TOP} m ${LEFT + c * COLUMN} ${bottom} l S`);
  return ops;
}

describe('ruled rows holding several rows', () => {
  it('cuts a ruled row of lined-up figures into rows and keeps the wrapped header row whole', async () => {
    const tables = await analysedTables('block-rows.pdf', blockRuledTable());
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual([ROWS[0]!.map((t) => `${t} of units`), ...ROWS.slice(1)]);
  });
});

/**
 * An expense list in a frame whose column rules close the header only: each body row has its
 * number, date and amount on its first line and its description on two lines, with no rules
 * between the rows.
 */
const EXPENSES = [
  ['DOC0001', '05/03/2019', 'STAFF TRANSPORTATION', 'AIRFARE FOR E JOHNSON AND RETURN', '920.68'],
  ['DOC0002', '05/24/2019', 'STAFF TRANSPORTATION', 'AIRFARE FOR S COWING AND RETURN', '907.96'],
  ['DOC0003', '06/04/2019', 'SENATOR\'S TRANSPORTATION', 'TRAIN FARE TO NEW YORK AND RETURN', '618.00'],
  ['DOC0004', '07/10/2019', 'STAFF TRANSPORTATION', 'AIRFARE FOR K FORD AND RETURN', '411.49'],
] as const;

function expenseList(): string[] {
  const ops: string[] = [];
  const xs = [LEFT, LEFT + 70, LEFT + 140, LEFT + 360, LEFT + 420];
  const headerBottom = TOP - ROW;
  ['DOCUMENT NO.', 'DATE', 'DESCRIPTION', 'AMOUNT'].forEach((text, c) => ops.push(`BT /F1 7 Tf ${xs[c]! + 3} ${TOP - 13} Td ${esc(text)} Tj ET`));
  EXPENSES.forEach(([doc, date, first, second, amount], r) => {
    const y = headerBottom - 10 - r * 18;
    ops.push(`BT /F1 7 Tf ${xs[0]! + 3} ${y} Td ${esc(doc)} Tj ET`, `BT /F1 7 Tf ${xs[1]! + 3} ${y} Td ${esc(date)} Tj ET`);
    ops.push(`BT /F1 7 Tf ${xs[2]! + 3} ${y} Td ${esc(first)} Tj ET`, `BT /F1 7 Tf ${xs[2]! + 3} ${y - 8} Td ${esc(second)} Tj ET`);
    ops.push(`BT /F1 7 Tf ${xs[3]! + 30} ${y} Td ${esc(amount)} Tj ET`);
  });
  const bottom = headerBottom - EXPENSES.length * 18 - 4;
  for (const y of [TOP, headerBottom, bottom]) ops.push(`0.5 w ${LEFT} ${y} m ${xs[4]} ${y} l S`);
  for (const x of [xs[0]!, xs[4]!]) ops.push(`0.5 w ${x} ${TOP} m ${x} ${bottom} l S`);
  for (const x of xs.slice(1, -1)) ops.push(`0.5 w ${x} ${TOP} m ${x} ${headerBottom} l S`);
  return ops;
}

describe('ruled rows holding rows whose cells wrap', () => {
  it('cuts a ruled block of rows with two-line descriptions into rows anchored on the first column, each description whole in its row', async () => {
    const tables = await analysedTables('expenses.pdf', expenseList());
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual([
      ['DOCUMENT NO.', 'DATE', 'DESCRIPTION', 'AMOUNT'],
      ...EXPENSES.map(([doc, date, first, second, amount]) => [doc, date, `${first} ${second}`, amount]),
    ]);
  });
});

/**
 * A staff list under a table's headings whose column rules close the header only: each row has
 * a name under its heading and a position under its own, the date columns between them empty.
 * Above the headings, a title line set at the left and at the right, with no column rules
 * above it.
 */
const STAFF = [
  ['BAIN, J MATTHEW', 'DISTRICT DIRECTOR', '37,499.96'],
  ['SMITH, ALVARO R', 'LEGISLATIVE CORRESPONDENT', '21,000.00'],
  ['ARMER, DEREK A', 'STAFF ASSISTANT', '12,111.06'],
] as const;

function staffList(): string[] {
  const ops: string[] = [];
  const xs = [LEFT, LEFT + 100, LEFT + 150, LEFT + 200, LEFT + 380, LEFT + 440];
  const headerTop = TOP - ROW;
  const headerBottom = TOP - 2 * ROW;
  ops.push(`BT /F1 7 Tf ${xs[0]! + 3} ${TOP - 13} Td ${esc('JOB 0014 GENERAL ELECTION')} Tj ET`, `BT /F1 7 Tf ${xs[3]! + 3} ${TOP - 13} Td ${esc('TO BE HELD 11/04/14')} Tj ET`);
  ['PAYEE NAME', 'START', 'END', 'DESCRIPTION', 'AMOUNT'].forEach((text, c) => ops.push(`BT /F1 7 Tf ${xs[c]! + 3} ${headerTop - 13} Td ${esc(text)} Tj ET`));
  STAFF.forEach(([name, position, amount], r) => {
    const y = headerBottom - r * ROW - 13;
    ops.push(`BT /F1 7 Tf ${xs[0]! + 3} ${y} Td ${esc(name)} Tj ET`, `BT /F1 7 Tf ${xs[3]! + 3} ${y} Td ${esc(position)} Tj ET`, `BT /F1 7 Tf ${xs[4]! + 20} ${y} Td ${esc(amount)} Tj ET`);
  });
  const bottom = headerBottom - STAFF.length * ROW;
  for (let y = TOP; y >= bottom; y -= ROW) ops.push(`0.5 w ${LEFT} ${y} m ${xs[5]} ${y} l S`);
  for (const x of [xs[0]!, xs[5]!]) ops.push(`0.5 w ${x} ${TOP} m ${x} ${bottom} l S`);
  for (const x of xs.slice(1, -1)) ops.push(`0.5 w ${x} ${headerTop} m ${x} ${headerBottom} l S`);
  return ops;
}

describe('rows split under the column rules of their headings', () => {
  it('splits a row at the column rules drawn in the header above it, empty columns between its pieces, and keeps the title above the header in one cell', async () => {
    const tables = await analysedTables('staff.pdf', staffList());
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual([
      ['JOB 0014 GENERAL ELECTION TO BE HELD 11/04/14'],
      ['PAYEE NAME', 'START', 'END', 'DESCRIPTION', 'AMOUNT'],
      ...STAFF.map(([name, position, amount]) => [name, '', '', position, amount]),
    ]);
  });
});

/**
 * A results bulletin: a frame whose column rules run the page's height, each column holding a
 * list of its own on a shared line grid: a contest's name, then a name, a party and a count on
 * each line, set apart at stops.
 */
const BULLETIN = [
  ['GOVERNOR', ['KASHKARI', 'REP', '247'], ['BROWN', 'DEM', '69'], 'TREASURER', ['CONLON', 'REP', '240'], ['CHIANG', 'DEM', '69']],
  ['MEASURE 1', ['YES', '', '90'], ['NO', '', '142'], 'MEASURE 2', ['YES', '', '86'], ['NO', '', '148']],
  ['SHERIFF', ['MCDONNELL', '', '219'], ['TANAKA', '', '61'], 'ASSESSOR', ['PRANG', '', '104'], ['MORRIS', '', '136']],
] as const;

function bulletinPage(): string[] {
  const ops: string[] = [];
  const width = 160;
  BULLETIN.forEach((list, c) => {
    const left = LEFT + c * width;
    list.forEach((line, r) => {
      const y = TOP - 14 - r * 12;
      const pieces = typeof line === 'string' ? [line] : line;
      pieces.forEach((text, k) => {
        if (text) ops.push(`BT /F1 9 Tf ${k === 0 ? left + 4 : k === 1 ? left + 90 : left + width - 24} ${y} Td ${esc(text)} Tj ET`);
      });
    });
  });
  const bottom = TOP - 14 - BULLETIN[0].length * 12;
  for (const y of [TOP, bottom]) ops.push(`0.5 w ${LEFT} ${y} m ${LEFT + 3 * width} ${y} l S`);
  for (let c = 0; c <= 3; c++) ops.push(`0.5 w ${LEFT + c * width} ${TOP} m ${LEFT + c * width} ${bottom} l S`);
  return ops;
}

describe('ruled columns of the page', () => {
  it('keeps each ruled column holding a list of its own whole, one paragraph a line, not cut into rows across the columns', async () => {
    const tables = await analysedTables('bulletin.pdf', bulletinPage());
    expect(tables).toHaveLength(1);
    const lines = (t: Table, c: number): string[] => t.rows.flatMap((row) => row.cells[c]?.text.map((p) => textOf(p).replace(/\s+/g, ' ')) ?? []);
    expect(tables[0]!.rows).toHaveLength(1);
    expect(lines(tables[0]!, 0)).toEqual(['GOVERNOR', 'KASHKARI REP 247', 'BROWN DEM 69', 'TREASURER', 'CONLON REP 240', 'CHIANG DEM 69']);
  });
});

describe('wrapped text in ruled cells', () => {
  it('starts each line of a ruled cell\'s wrapped text where the PDF\'s line started, so the cell wraps as drawn', async () => {
    // A cell 70 points wide: no line's next word would have fitted on it.
    const header = ['Prevention of', 'stroke and', 'systemic'];
    const ops: string[] = [];
    header.forEach((text, k) => ops.push(`BT /F1 9 Tf ${LEFT + 5} ${TOP - 12 - k * 11} Td ${esc(text)} Tj ET`));
    ops.push(`BT /F1 9 Tf ${LEFT + 75} ${TOP - 12} Td ${esc('Treatment')} Tj ET`);
    ROWS.slice(1, 3).forEach((row, r) => row.slice(0, 2).forEach((text, c) => ops.push(`BT /F1 9 Tf ${LEFT + 5 + c * 70} ${TOP - 50 - r * ROW} Td ${esc(text)} Tj ET`)));
    for (const y of [TOP, TOP - 38, TOP - 38 - ROW, TOP - 38 - 2 * ROW]) ops.push(`0.5 w ${LEFT} ${y} m ${LEFT + 140} ${y} l S`);
    for (let c = 0; c <= 2; c++) ops.push(`0.5 w ${LEFT + c * 70} ${TOP} m ${LEFT + c * 70} ${TOP - 38 - 2 * ROW} l S`);
    const tables = await analysedTables('wrapped-cell.pdf', ops);
    expect(tables).toHaveLength(1);
    const cell = tables[0]!.rows[0]!.cells[0]!.text;
    expect(cell).toHaveLength(1);
    const lines = cell[0]!.runs.reduce<string[]>((acc, r) => (r.lineBreak || acc.length === 0 ? [...acc, r.text] : [...acc.slice(0, -1), acc[acc.length - 1]! + r.text]), []);
    expect(lines.map((l) => l.trim())).toEqual(header);
  });
});

describe('form fields', () => {
  it('leaves the labels beside the field boxes of a form as text: fields with hardly any text are no table', async () => {
    const labels = ['First Name', 'Birthday', 'Nationality'];
    const ops: string[] = [];
    labels.forEach((label, k) => ops.push(`BT /F1 10 Tf ${LEFT} ${TOP - k * ROW - 14} Td ${esc(label)} Tj ET`));
    ops.push(`BT /F1 10 Tf 165 ${TOP - 14} Td ${esc('Alice')} Tj ET`);
    for (let k = 0; k <= labels.length; k++) ops.push(`0.5 w 160 ${TOP - k * ROW} m 300 ${TOP - k * ROW} l S`);
    for (const x of [160, 230, 300]) ops.push(`0.5 w ${x} ${TOP} m ${x} ${TOP - labels.length * ROW} l S`);
    const { tables, paragraphs } = await analysedPage('form.pdf', ops);
    expect(tables).toEqual([]);
    expect(paragraphs.join(' ')).toContain('First Name');
  });
});

describe('numbered headings', () => {
  it('reads section numbers set apart from their headings as headings, not as a table', async () => {
    const headings = [
      ['6.', 'Training of teachers and trainers'],
      ['6.1.', 'Types of teachers and trainers'],
      ['6.1.1.', 'Teachers in vocational schools'],
    ];
    const ops = headings.flatMap(([number, title], k) => [
      `BT /F1 11 Tf ${LEFT} ${TOP - k * 18} Td ${esc(number!)} Tj ET`,
      `BT /F1 11 Tf ${LEFT + 50} ${TOP - k * 18} Td ${esc(title!)} Tj ET`,
    ]);
    const path = tmp.file('numbered.pdf', opsPdf(ops));
    const layout = await analysePdf({ path });
    expect(layout.pages[0]!.blocks.filter((b) => b.kind === 'table')).toEqual([]);
    expect(await pdfTables({ path })).toEqual([]);
  });
});

/**
 * A portrait page printed sideways: a title line and ROWS as a ruled grid, all text reading
 * upwards (the page must be turned a quarter to read it). `t` runs down the turned page (to the
 * right on the page), `u` along the lines (upwards on the page).
 */
function sidewaysPage(): string[] {
  const ops: string[] = [];
  const at = (u: number, t: number, text: string, size = 9): string => `BT /F1 ${size} Tf 0 1 -1 0 ${100 + t} ${80 + u} Tm ${esc(text)} Tj ET`;
  ops.push(at(5, 0, 'Sideways report', 14));
  ROWS.forEach((row, r) => row.forEach((text, c) => ops.push(at(5 + c * COLUMN, 40 + r * ROW + 14, text))));
  for (let r = 0; r <= ROWS.length; r++) ops.push(`0.5 w ${100 + 40 + r * ROW} 80 m ${100 + 40 + r * ROW} ${80 + COLUMN * 4} l S`);
  for (let c = 0; c <= 4; c++) ops.push(`0.5 w 140 ${80 + c * COLUMN} m ${140 + ROWS.length * ROW} ${80 + c * COLUMN} l S`);
  return ops;
}

describe('pages printed sideways', () => {
  it('writes the title line and the table of a sideways page to the sheet, read upright', async () => {
    const input = tmp.file('sideways.pdf', opsPdf(sidewaysPage()));
    const output = tmp.out('sideways.xlsx');
    await pdfToExcel({ path: input }, output);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(output);
    const rows: unknown[][] = [];
    workbook.getWorksheet('Page 1')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Sideways report']);
    expect(rows[1]).toEqual(ROWS[0]);
    expect(rows[2]).toEqual(['Austria', 86.2, 13.8, 3375]);
  });
});

describe('pdfTables', () => {
  it('gives each table its page, its box on the page and its cells by row and column', async () => {
    const found = await pdfTables({ path: tmp.file('tables.pdf', opsPdf(rowRuledTable('header'))) });
    expect(found).toHaveLength(1);
    const table = found[0]!;
    expect(table.page).toBe(1);
    expect(table.bbox.x0).toBeCloseTo(LEFT, 0);
    expect(table.bbox.y0).toBeCloseTo(PAGE_HEIGHT - TOP, 0);
    expect(table.bbox.y1).toBeCloseTo(PAGE_HEIGHT - TOP + ROWS.length * ROW, 0);
    expect(table.cells.find((c) => c.row === 2 && c.col === 2)?.text).toBe(ROWS[2]![2]);
    expect(table.cells).toHaveLength(ROWS.length * ROWS[0]!.length);
  });
});

describe('a ruled table at the top of every page', () => {
  it('keeps its column headings, repeated on every page, in the table: they are not the running header', async () => {
    const doc = new mupdf.PDFDocument();
    const headings = ['Loan type', 'Interest rate', 'Comparison rate'];
    let pdf: Uint8Array;
    try {
      const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
      for (let p = 0; p < 2; p++) {
        const top = PAGE_HEIGHT - 30;
        const ops: string[] = [];
        // The headings and eight rows, the table's top inside the page's running-header zone.
        const rows = [headings, ...Array.from({ length: 8 }, (_, r) => [`Loan ${p * 8 + r + 1}`, `${(4 + r / 10).toFixed(2)}%`, `${(5 + r / 10).toFixed(2)}%`])];
        rows.forEach((row, r) => row.forEach((text, c) => ops.push(`BT /F1 9 Tf ${LEFT + 4 + c * COLUMN} ${top - r * ROW - 14} Td ${esc(text)} Tj ET`)));
        for (let r = 0; r <= rows.length; r++) ops.push(`0.5 w ${LEFT} ${top - r * ROW} m ${LEFT + 3 * COLUMN} ${top - r * ROW} l S`);
        for (let c = 0; c <= 3; c++) ops.push(`0.5 w ${LEFT + c * COLUMN} ${top} m ${LEFT + c * COLUMN} ${top - rows.length * ROW} l S`);
        ops.push(`BT /F1 10 Tf ${LEFT} ${top - 300} Td (Rates on page ${p + 1} apply from the first of the month.) Tj ET`);
        doc.insertPage(-1, doc.addPage([0, 0, 595, PAGE_HEIGHT], 0, { Font: fonts }, ops.join('\n')));
      }
      pdf = savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
    const layout = await analysePdf({ path: tmp.file('headed-tables.pdf', pdf) });
    for (const page of layout.pages) {
      expect(page.header.map(textOf).join(' ')).not.toContain('Interest rate');
      const table = page.blocks.find((b): b is Table => b.kind === 'table');
      expect(grid(table!)[0]).toEqual(headings);
    }
  });
});

/** A fixed-pitch report's rows: type, model, calibre and status, each field drawn at its column. */
const REPORT = [
  ['PISTOL', 'UNKNOWN', '38', 'FOUND'],
  ['SHOTGUN', '311 SERIES H', '12GA', 'FOUND'],
  // The model fills its field: one space from the calibre, the extractor joins them.
  ['PISTOL', 'DETECTIVE SPECIA', '38', 'FOUND'],
  ['RIFLE', 'CRACK SHOT 26', '.22', 'FOUND'],
];
/** Courier's advance at 8 pt, and the fields' first characters. */
const PITCH_8 = 4.8;
const FIELD_CHARS = [0, 20, 37, 46];

describe('borderless tables in fixed-pitch reports', () => {
  it('keeps a column whose start most rows share apart from a value that reaches a space short of it', async () => {
    const ops = REPORT.flatMap((row, r) => row.map((text, c) => `BT /F1 8 Tf ${(LEFT + FIELD_CHARS[c]! * PITCH_8).toFixed(2)} ${TOP - r * 16} Td ${esc(text)} Tj ET`));
    const layout = await analysePdf({ path: tmp.file('fixed-pitch-report.pdf', opsPdf(ops, 'Courier')) });
    const table = layout.pages[0]!.blocks.find((b): b is Table => b.kind === 'table');
    expect(table?.columns).toHaveLength(REPORT[0]!.length);
    expect(table!.rows.map((row) => row.cells.map((cell) => cell.text.map((p) => p.runs.map((run) => run.text).join('')).join(' ').trim()))).toEqual(REPORT);
  });
});

// PDF to Excel: `npm run bench -- pdf-to-excel`.
// Generates PDFs holding tables of known content in several shapes (ruled, borderless,
// right-aligned numbers, dates in several notations, negatives and percentages, a table over
// two pages, several tables on one page), converts each with the engine's pdfToExcel, reads
// the workbook back with exceljs and prints the share of cells recovered exactly: same value
// and same type (number, date, text), per shape and overall, with pages per second.
// LibreOffice has no PDF import into Calc (there is no calc_pdf_import filter; its PDF import
// opens in Draw), so there is no LibreOffice column.
//
// `npm run bench -- pdf-to-excel --set icdar`: table recognition on the European half of the
// ICDAR 2013 table competition (../shared/corpus/tables-icdar2013), scored with the
// competition's measure, see icdar.js.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import * as mupdf from 'mupdf';
import { loadEngine, withTempDir } from './lib.js';

const PAGE = [595, 842];

/** Expected cell: the printed text and the value a spreadsheet should hold. */
const n = (text, value) => ({ text, value });
const t = (text) => ({ text, value: text });
const d = (text, y, m, day) => ({ text, value: new Date(Date.UTC(y, m - 1, day)) });

const regions = ['North', 'South', 'East', 'West', 'Central', 'Overseas', 'Online', 'Retail'];

function salesRows(count, seed) {
  const rows = [[t('Region'), t('Units'), t('Revenue'), t('Margin')]];
  for (let i = 0; i < count; i++) {
    const units = ((i + 3) * 137 * seed) % 5000;
    const cents = ((i + 7) * 7919 * seed) % 10_000_000;
    const revenue = cents / 100;
    const margin = (((i * 31 + seed) % 400) - 100) / 10;
    rows.push([
      t(`${regions[i % regions.length]} ${i + 1}`),
      n(units.toLocaleString('en-US'), units),
      n(revenue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), revenue),
      n(`${margin.toFixed(1)}%`, margin / 100),
    ]);
  }
  return rows;
}

function dateRows() {
  return [
    [t('Event'), t('Date'), t('Amount')],
    [t('Kick-off'), d('2024-01-15', 2024, 1, 15), n('(1,250.00)', -1250)],
    [t('Review'), d('12 March 2024', 2024, 3, 12), n('310.50', 310.5)],
    [t('Audit'), d('25/04/2024', 2024, 4, 25), n('-75', -75)],
    [t('Launch'), d('03/06/2024', 2024, 6, 3), n('12,000', 12000)],
    [t('Close'), d('March 28, 2024', 2024, 3, 28), n('$99.95', 99.95)],
    [t('Renewal'), d('31.12.2024', 2024, 12, 31), n('0.5%', 0.005)],
  ];
}

function textWidth(font, text, size) {
  let width = 0;
  for (const ch of text) width += font.advanceGlyph(font.encodeCharacter(ch)) * size;
  return width;
}

const esc = (s) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * One page per entry of `pages`; each page a list of tables { rows, ruled, alignNumbers, top }.
 * Columns are 120 pt apart from x = 50; numbers right-aligned when asked.
 */
function buildPdf(pages) {
  const doc = new mupdf.PDFDocument();
  const font = new mupdf.Font('Helvetica');
  try {
    const ref = doc.addSimpleFont(font);
    for (const tables of pages) {
      const ops = [];
      for (const table of tables) {
        const size = 9;
        const rowHeight = table.rowHeight ?? 16;
        const ncols = table.rows[0].length;
        const left = (c) => 50 + c * 120;
        const right = (c) => left(c) + 110;
        table.rows.forEach((row, r) => {
          const baseline = PAGE[1] - table.top - r * rowHeight;
          row.forEach((cell, c) => {
            const numeric = table.alignNumbers && r > 0 && typeof cell.value === 'number';
            const x = numeric ? right(c) - textWidth(font, cell.text, size) : left(c);
            ops.push(`BT /F1 ${size} Tf ${x.toFixed(2)} ${baseline} Td ${esc(cell.text)} Tj ET`);
            if (cell.wrap) ops.push(`BT /F1 ${size} Tf ${x.toFixed(2)} ${baseline - size - 1} Td ${esc(cell.wrap)} Tj ET`);
          });
        });
        if (table.ruled) {
          const yTop = PAGE[1] - table.top + rowHeight - 4;
          for (let r = 0; r <= table.rows.length; r++) ops.push(`0.5 w 45 ${yTop - r * rowHeight} m ${right(ncols - 1) + 5} ${yTop - r * rowHeight} l S`);
          for (let c = 0; c <= ncols; c++) {
            const x = c < ncols ? left(c) - 5 : right(ncols - 1) + 5;
            ops.push(`0.5 w ${x} ${yTop} m ${x} ${yTop - table.rows.length * rowHeight} l S`);
          }
        }
      }
      doc.insertPage(-1, doc.addPage([0, 0, PAGE[0], PAGE[1]], 0, { Font: { F1: ref } }, ops.join('\n')));
    }
    const buffer = doc.saveToBuffer('compress');
    try {
      return Buffer.from(buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
  } finally {
    doc.destroy();
  }
}

/**
 * A table whose Notes cells wrap onto a second line (drawn as a separate text line below, in
 * the same column): the expected cell holds both lines joined by a space.
 */
function wrappedRows() {
  return [
    [t('Item'), t('Qty'), t('Notes')],
    [t('Bolts'), n('120', 120), { text: 'Galvanised steel, M8', value: 'Galvanised steel, M8 x 40 mm', wrap: 'x 40 mm' }],
    [t('Nuts'), n('240', 240), t('M8')],
    [t('Washers'), n('500', 500), { text: 'Spring washers for', value: 'Spring washers for outdoor use', wrap: 'outdoor use' }],
    [t('Brackets'), n('16', 16), t('Angle, 90 degrees')],
  ];
}

/** The benchmark's documents: name, pages (tables per page) and the tables' expected rows in order. */
function shapes() {
  const long = salesRows(70, 5);
  return [
    { name: 'ruled numbers', pages: [[{ rows: salesRows(20, 1), ruled: true, alignNumbers: true, top: 80 }]] },
    { name: 'borderless numbers', pages: [[{ rows: salesRows(20, 2), alignNumbers: true, top: 80 }]] },
    { name: 'borderless left-aligned', pages: [[{ rows: salesRows(20, 3), top: 80 }]] },
    { name: 'dates and signs', pages: [[{ rows: dateRows(), alignNumbers: true, top: 80 }]] },
    { name: 'ruled dates', pages: [[{ rows: dateRows(), ruled: true, top: 80 }]] },
    { name: 'wrapped cells', pages: [[{ rows: wrappedRows(), alignNumbers: true, top: 80, rowHeight: 26 }]] },
    { name: 'two tables on a page', pages: [[{ rows: salesRows(8, 4), ruled: true, alignNumbers: true, top: 80 }, { rows: dateRows(), alignNumbers: true, top: 400 }]] },
    {
      name: 'table over two pages',
      pages: [[{ rows: long.slice(0, 41), alignNumbers: true, top: 80 }], [{ rows: [long[0], ...long.slice(41)], alignNumbers: true, top: 80 }]],
    },
  ];
}

function same(expected, actual) {
  if (expected instanceof Date) return actual instanceof Date && actual.getTime() === expected.getTime();
  if (typeof expected === 'number') return typeof actual === 'number' && Math.abs(actual - expected) < 1e-9;
  return typeof actual === 'string' && actual.trim() === expected;
}

/**
 * Cells recovered: for each expected table, the sheet row where its header starts (first cell
 * 'Region' or 'Event' at the position of the table's n-th occurrence), then cell by cell.
 */
function score(workbook, shape) {
  const sheetRows = workbook.worksheets.flatMap((sheet) => {
    const rows = [];
    sheet.eachRow({ includeEmpty: true }, (row, r) => {
      const cells = [];
      row.eachCell({ includeEmpty: true }, (cell, c) => {
        cells[c - 1] = cell.value;
      });
      rows[r - 1] = cells;
    });
    return Array.from(rows, (r) => r ?? []);
  });
  let total = 0;
  let exact = 0;
  const used = new Set();
  for (const page of shape.pages) {
    for (const table of page) {
      const header = table.rows[0][0].text;
      const start = sheetRows.findIndex((row, i) => !used.has(i) && row.some((v) => v === header));
      if (start >= 0) used.add(start);
      const col0 = start >= 0 ? sheetRows[start].findIndex((v) => v === header) : 0;
      table.rows.forEach((row, r) => {
        row.forEach((cell, c) => {
          total++;
          if (start < 0) return;
          const actual = sheetRows[start + r]?.[col0 + c];
          if (same(cell.value, actual)) exact++;
        });
      });
    }
  }
  return { total, exact };
}

export async function run({ set } = {}) {
  if (set === 'icdar') return (await import('./icdar.js')).run();
  if (set !== undefined && set !== 'synthetic') {
    process.stderr.write(`pdf-to-excel: unknown set '${set}' (synthetic, icdar)\n`);
    return 2;
  }
  const engine = await loadEngine();
  return withTempDir(async (dir) => {
    const line = (cells) => process.stdout.write(`${cells.join('  ')}\n`);
    line(['shape'.padEnd(26), 'cells', 'exact', 'share ', 'pages/s']);
    let total = 0;
    let exact = 0;
    let pages = 0;
    let seconds = 0;
    for (const shape of shapes()) {
      const input = join(dir, `${shape.name.replace(/\W+/g, '-')}.pdf`);
      const output = input.replace(/\.pdf$/, '.xlsx');
      writeFileSync(input, buildPdf(shape.pages));
      const start = performance.now();
      await engine.pdfToExcel({ path: input }, output);
      const elapsed = (performance.now() - start) / 1000;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(output);
      const s = score(workbook, shape);
      total += s.total;
      exact += s.exact;
      pages += shape.pages.length;
      seconds += elapsed;
      line([shape.name.padEnd(26), String(s.total).padStart(5), String(s.exact).padStart(5), (s.exact / s.total).toFixed(3).padStart(6), (shape.pages.length / elapsed).toFixed(1).padStart(7)]);
    }
    line(['all'.padEnd(26), String(total).padStart(5), String(exact).padStart(5), (exact / total).toFixed(3).padStart(6), (pages / seconds).toFixed(1).padStart(7)]);
    process.stdout.write('LibreOffice: no PDF import into Calc (no calc_pdf_import filter), not compared.\n');
    return 0;
  });
}

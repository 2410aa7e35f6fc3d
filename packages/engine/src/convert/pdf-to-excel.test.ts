import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { blankPdf, tablePdf } from '../../test/convert-fixtures.js';
import { buildPdf } from '../../test/fixtures.js';
import { errorOf, useTempDir } from '../../test/harness.js';
import { parseDate, parseNumber, pdfToExcel, slashOrderOf } from './pdf-to-excel.js';

const tmp = useTempDir('pagewright-pdf-to-excel-');

async function readWorkbook(path: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

/** The sheet's values, rows by columns, trimmed of trailing empty cells ('' for empty). */
function values(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, r) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      cells[c - 1] = cell.value ?? '';
    });
    rows[r - 1] = Array.from(cells, (v) => v ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

const d = (y: number, m: number, day: number): Date => new Date(Date.UTC(y, m - 1, day));

describe('value typing', () => {
  it('reads numbers as printed', () => {
    expect(parseNumber('1,234.50')).toEqual({ value: 1234.5, numFmt: '#,##0.00' });
    expect(parseNumber('(1,200)')).toEqual({ value: -1200, numFmt: '#,##0;(#,##0)' });
    expect(parseNumber('-42')).toEqual({ value: -42 });
    expect(parseNumber('12.5%')).toEqual({ value: 0.125, numFmt: '0.0%' });
    expect(parseNumber('$3.99')?.value).toBe(3.99);
    expect(parseNumber('€ 1 000')?.value).toBe(1000);
    expect(parseNumber('0042')).toBeUndefined();
    expect(parseNumber('12a')).toBeUndefined();
    expect(parseNumber('1,23')).toBeUndefined();
  });

  it('reads dates in the common forms, slashed ones only when unambiguous', () => {
    expect(parseDate('2024-03-12', undefined)).toEqual(d(2024, 3, 12));
    expect(parseDate('25/12/2023', undefined)).toEqual(d(2023, 12, 25));
    expect(parseDate('12/25/2023', undefined)).toEqual(d(2023, 12, 25));
    expect(parseDate('03/04/2024', undefined)).toBeUndefined();
    expect(parseDate('03/04/2024', 'dmy')).toEqual(d(2024, 4, 3));
    expect(parseDate('03/04/2024', 'mdy')).toEqual(d(2024, 3, 4));
    expect(parseDate('12 March 2024', undefined)).toEqual(d(2024, 3, 12));
    expect(parseDate('March 12, 2024', undefined)).toEqual(d(2024, 3, 12));
    expect(parseDate('1 Sept 2024', undefined)).toEqual(d(2024, 9, 1));
    expect(parseDate('31.01.2024', undefined)).toEqual(d(2024, 1, 31));
    expect(parseDate('2024-02-30', undefined)).toBeUndefined();
    expect(slashOrderOf(['01/02/2024', '28/02/2024'])).toBe('dmy');
    expect(slashOrderOf(['01/02/2024', '02/28/2024'])).toBe('mdy');
    expect(slashOrderOf(['01/02/2024'])).toBeUndefined();
  });
});

describe('pdfToExcel', () => {
  it('turns a borderless table into typed cells on the page sheet, with the lines above', async () => {
    const input = tmp.file('table.pdf', tablePdf([{
      above: ['Sales report 2024'],
      alignNumbers: true,
      rows: [
        ['Region', 'Date', 'Units', 'Revenue', 'Change'],
        ['North', '2024-01-31', '1,200', '15,340.50', '12.5%'],
        ['South', '12 March 2024', '(300)', '980.00', '-4%'],
        ['East West', '25/12/2024', '42', '1,000,000.25', '0%'],
      ],
    }]));
    const result = await pdfToExcel({ path: input }, tmp.out('table.xlsx'));
    expect(result).toEqual({ sheets: 1, tables: 1 });
    const workbook = await readWorkbook(tmp.out('table.xlsx'));
    const sheet = workbook.getWorksheet('Page 1')!;
    expect(values(sheet)).toEqual([
      ['Sales report 2024'],
      ['Region', 'Date', 'Units', 'Revenue', 'Change'],
      ['North', d(2024, 1, 31), 1200, 15340.5, 0.125],
      ['South', d(2024, 3, 12), -300, 980, -0.04],
      ['East West', d(2024, 12, 25), 42, 1000000.25, 0],
    ]);
    expect(sheet.getCell('D3').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('B3').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('C3').type).toBe(ExcelJS.ValueType.Number);
  });

  it('handles a ruled table and a second page without a table (lines kept, cells split at gaps)', async () => {
    const input = tmp.file('two.pdf', tablePdf([
      { ruled: true, rows: [['Item', 'Qty', 'Price'], ['Apples', '3', '1.25'], ['Pears', '10', '0.99']] },
      { above: ['Just a line of text', 'Another line'], rows: [] },
    ]));
    await pdfToExcel({ path: input }, tmp.out('two.xlsx'));
    const workbook = await readWorkbook(tmp.out('two.xlsx'));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Page 1', 'Page 2']);
    expect(values(workbook.getWorksheet('Page 1')!)).toEqual([['Item', 'Qty', 'Price'], ['Apples', 3, 1.25], ['Pears', 10, 0.99]]);
    expect(values(workbook.getWorksheet('Page 2')!)).toEqual([['Just a line of text'], ['Another line']]);
  });

  it('decides slashed dates by the unambiguous ones of the document', async () => {
    const input = tmp.file('dates.pdf', tablePdf([{ rows: [['When', 'What'], ['03/04/2024', 'a'], ['28/04/2024', 'b']] }]));
    await pdfToExcel({ path: input }, tmp.out('dates.xlsx'));
    const sheet = (await readWorkbook(tmp.out('dates.xlsx'))).worksheets[0]!;
    expect(sheet.getCell('A2').value).toEqual(d(2024, 4, 3));
    expect(sheet.getCell('A3').value).toEqual(d(2024, 4, 28));
  });

  it('joins a cell wrapped onto a second line to its row', async () => {
    const input = tmp.file('wrapped.pdf', tablePdf([{
      alignNumbers: true,
      rowHeight: 26,
      rows: [['Item', 'Qty', 'Notes'], ['Bolts', '120', 'Galvanised steel, M8'], ['', '', 'x 40 mm'], ['Nuts', '240', 'M8'], ['', '', '']],
    }]));
    await pdfToExcel({ path: input }, tmp.out('wrapped.xlsx'));
    expect(values((await readWorkbook(tmp.out('wrapped.xlsx'))).worksheets[0]!)).toEqual([
      ['Item', 'Qty', 'Notes'],
      ['Bolts', 120, 'Galvanised steel, M8 x 40 mm'],
      ['Nuts', 240, 'M8'],
    ]);
  });

  it('exports plain text pages line by line', async () => {
    const input = tmp.file('text.pdf', buildPdf({ pages: ['Hello 2024'] }));
    await pdfToExcel({ path: input }, tmp.out('text.xlsx'));
    expect(values((await readWorkbook(tmp.out('text.xlsx'))).worksheets[0]!)).toEqual([['Hello 2024']]);
  });

  it('fails with 2405 for a document without text', async () => {
    expect((await errorOf(pdfToExcel({ path: tmp.file('blank.pdf', blankPdf()) }, tmp.out('blank.xlsx')))).code).toBe(2405);
  });
});

import { pdfToExcel } from '../convert/pdf-to-excel.js';
import type { Subcommand } from './command.js';
import { printResult, singleArgs, singleInputOptions } from './single-input.js';

export const pdfToExcelCommand: Subcommand = {
  name: 'pdf-to-excel',
  summary: 'Convert the tables and text of a PDF to an Excel workbook',
  help: `Usage: pagewright pdf-to-excel <in.pdf> -o <out.xlsx> [--password SECRET]

Write an XLSX: tables become cell ranges with numbers as numbers and dates as dates, one
sheet per page (or per table where a page has several); lines outside tables are kept, one
row per line, split into cells at wide gaps. A document without text fails with code 2405.

Options:
  -o, --output <file>       where to write the XLSX (required)
      --password <secret>   password of an encrypted input
  -h, --help                show this help

Prints {"sheets": <count>, "tables": <count>, "output": <file>} on success.`,
  options: { ...singleInputOptions },
  async run(values, positionals, io) {
    const { input, output } = singleArgs(values, positionals);
    const result = await pdfToExcel(input, output);
    printResult(io, { sheets: result.sheets, tables: result.tables, output });
  },
};

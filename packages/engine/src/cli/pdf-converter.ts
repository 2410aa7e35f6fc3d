import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { converterOutputFormats, converterSourceExtensions, fileExtension, type ConverterOutputFormat } from '@pagewright/contracts';
import { convertPdf, documentToPdf, OfficePool, type ConvertPdfOptions } from '../index.js';
import { ocrToPdf, OCR_LANGUAGES } from '../ocr.js';
import type { PdfInput } from '../merge.js';
import { UsageError, stringList, type OptionValues, type Subcommand } from './command.js';
import { integerOption, stringOption } from './single-input.js';

/** The resolution range of image outputs (the converter request's). */
const DPI_MIN = 36;
const DPI_MAX = 600;

function isOutputFormat(value: string): value is ConverterOutputFormat {
  return (converterOutputFormats as readonly string[]).includes(value);
}

function ocrLanguageList(values: OptionValues): string[] {
  return stringList(values.languages).flatMap((list) => list.split(/[,+]/)).map((lang) => lang.trim()).filter(Boolean);
}

export const pdfConverterCommand: Subcommand = {
  name: 'pdf-converter',
  summary: 'Convert a PDF to Word, Excel, PowerPoint, images, HTML, text, RTF, EPUB, DXF or Pages, or a document to PDF',
  help: `Usage: pagewright pdf-converter --to <format> <in.pdf> -o <out> [--dpi N] [--layout fixed|reflow] [--ocr --languages eng[,deu]] [--password SECRET]
       pagewright pdf-converter [--to pdf] <document> -o <out.pdf>

From PDF (--to ${converterOutputFormats.filter((f) => f !== 'pdf').join(', ')}): the document is rebuilt from
the PDF's text, images and drawings. Image formats give one image per page at --dpi (default
150, at most ${DPI_MAX}); with more than one page the output is a zip of the page images. html is one
self-contained file, its text placed as on the page (--layout fixed, the default) or flowing
(--layout reflow). With --ocr, a scanned PDF is first made searchable with Tesseract in the
--languages given, then converted.

To PDF (--to pdf, the default for documents): ${converterSourceExtensions.join(', ')}.
Office documents go through LibreOffice (one instance, started for this command), HTML through
headless Chromium; neither reaches the network nor runs macros.

Options:
  -t, --to <format>         output format: ${converterOutputFormats.join(', ')}
  -o, --output <file>       where to write the result (required)
      --dpi <n>             image outputs: dots per inch, ${DPI_MIN}-${DPI_MAX} (default 150)
      --layout <kind>       html output: fixed (default) or reflow
      --ocr                 OCR the PDF first (needs --languages)
  -l, --languages <list>    comma-separated OCR languages: ${OCR_LANGUAGES.join(', ')}
      --password <secret>   password of an encrypted input PDF
  -h, --help                show this help

Prints {"format", "extension", "output"} on success; extension is zip when several page
images were written.`,
  options: {
    to: { type: 'string', short: 't' },
    output: { type: 'string', short: 'o' },
    dpi: { type: 'string' },
    layout: { type: 'string' },
    ocr: { type: 'boolean' },
    languages: { type: 'string', short: 'l', multiple: true },
    password: { type: 'string' },
  },
  async run(values, positionals, io) {
    const output = stringOption(values, 'output');
    if (output === undefined || output === '') throw new UsageError('missing -o <output>');
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'no input given' : 'give exactly one input');
    const inputPath = positionals[0]!;
    const sourceExtension = fileExtension(inputPath);
    const isPdf = sourceExtension === 'pdf';
    const to = stringOption(values, 'to') ?? (isPdf ? undefined : 'pdf');
    if (to === undefined) throw new UsageError('missing --to <format> (for example --to docx)');
    if (!isOutputFormat(to)) throw new UsageError(`--to must be one of ${converterOutputFormats.join(', ')}, got '${to}'`);

    if (!isPdf) {
      if (!(converterSourceExtensions as readonly string[]).includes(sourceExtension)) {
        throw new UsageError(`cannot convert a .${sourceExtension || '(none)'} file; inputs are PDF or ${converterSourceExtensions.join(', ')}`);
      }
      if (to !== 'pdf') throw new UsageError(`a .${sourceExtension} document converts to pdf only; convert that PDF again for --to ${to}`);
      if (values.ocr) throw new UsageError('--ocr applies to PDF inputs');
      const pool = new OfficePool({ instances: 1 });
      try {
        await documentToPdf(pool, inputPath, output, sourceExtension);
      } finally {
        await pool.close();
      }
      io.out(`${JSON.stringify({ format: 'pdf', extension: 'pdf', output })}\n`);
      return;
    }

    if (to === 'pdf') throw new UsageError('the input is already a PDF; use OCR to make a scanned PDF searchable');
    const options: ConvertPdfOptions = { format: to };
    const dpi = stringOption(values, 'dpi');
    if (dpi !== undefined) {
      const value = integerOption(dpi, '--dpi');
      if (value < DPI_MIN || value > DPI_MAX) throw new UsageError(`--dpi must be between ${DPI_MIN} and ${DPI_MAX}, got ${value}`);
      options.dpi = value;
    }
    const layout = stringOption(values, 'layout');
    if (layout !== undefined) {
      if (layout !== 'fixed' && layout !== 'reflow') throw new UsageError(`--layout must be fixed or reflow, got '${layout}'`);
      options.layout = layout;
    }
    const password = stringOption(values, 'password');
    let input: PdfInput = password === undefined ? { path: inputPath } : { path: inputPath, password };
    const languages = ocrLanguageList(values);
    if (!values.ocr && languages.length > 0) throw new UsageError('--languages is for --ocr');
    let ocrDir: string | undefined;
    try {
      if (values.ocr) {
        if (languages.length === 0) throw new UsageError('--ocr needs --languages (for example --languages eng)');
        ocrDir = await mkdtemp(join(tmpdir(), 'pagewright-convert-ocr-'));
        const searchable = join(ocrDir, 'ocr.pdf');
        await ocrToPdf([input], searchable, { languages, outputFormat: 'pdf' });
        // The OCR output is written decrypted.
        input = { path: searchable };
      }
      const { extension } = await convertPdf(input, output, options);
      io.out(`${JSON.stringify({ format: to, extension, output })}\n`);
    } finally {
      if (ocrDir) await rm(ocrDir, { recursive: true, force: true });
    }
  },
};

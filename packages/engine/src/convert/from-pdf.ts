/**
 * The from-PDF dispatcher of the converter (SPEC §7 converter, the CLI's pdf-converter): one
 * PDF to any output format but PDF. Positional outputs (images, html, dxf, pptx, xlsx) are
 * written here in convert/; the flowing ones (docx, txt, rtf, epub, pages) by the layout
 * reconstruction's writers.
 */
import { CatalogueError, converterOutputFormats, type ConverterOutputFormat } from '@pagewright/contracts';
import type { PdfInput } from '../merge.js';
import type { ProgressFn } from '../progress.js';
import { pdfToDxf } from './pdf-to-dxf.js';
import { pdfToExcel } from './pdf-to-excel.js';
import { pdfToHtml } from './pdf-to-html.js';
import { pdfToImages, type PageImageFormat } from './pdf-to-images.js';
import { pdfToPpt } from './pdf-to-ppt.js';
import { pdfToWord } from './pdf-to-word.js';
import { pdfToTxt } from './pdf-to-txt.js';
import { pdfToRtf } from './pdf-to-rtf.js';
import { pdfToEpub } from './pdf-to-epub.js';
import { pdfToPages } from './pdf-to-pages.js';

export type PdfOutputFormat = Exclude<ConverterOutputFormat, 'pdf'>;

export interface ConvertPdfOptions {
  format: PdfOutputFormat;
  /** Image outputs: dots per inch (default 150, 36..600). */
  dpi?: number;
  /** html output: text placed as on the page (default) or reflowed. */
  layout?: 'fixed' | 'reflow';
  /**
   * Image outputs of several pages: the stem of the zip's entry names (`<name>-<n>.<ext>`),
   * sanitised; default the output file's name. The server passes the uploaded file's name.
   */
  name?: string;
}

const IMAGE_FORMATS: ReadonlySet<string> = new Set<PageImageFormat>(['jpg', 'png', 'bmp', 'gif', 'tiff']);

/**
 * Converts the PDF at `input` into `options.format` at `outputPath`. Returns the written file's
 * extension: the format's, or 'zip' when an image format produced one image per page of a
 * multi-page document. Errors: an unknown format, a dpi outside 36..600 or an unknown html
 * layout -> INVALID_PARAMS; the open errors of every PDF tool; FILE_DAMAGED for a page MuPDF
 * cannot interpret; 2405 for an xlsx of a document without text.
 */
export async function convertPdf(input: PdfInput, outputPath: string, options: ConvertPdfOptions, onProgress?: ProgressFn): Promise<{ extension: string }> {
  const format = options?.format;
  if (!(converterOutputFormats as readonly string[]).includes(format) || (format as string) === 'pdf') {
    throw new CatalogueError('INVALID_PARAMS', `cannot convert a PDF to '${String(format)}'`);
  }
  if (IMAGE_FORMATS.has(format)) {
    const { extension } = await pdfToImages(input, outputPath, { format: format as PageImageFormat, ...(options.dpi !== undefined ? { dpi: options.dpi } : {}), ...(options.name ? { name: options.name } : {}) }, onProgress);
    return { extension };
  }
  switch (format) {
    case 'html':
      await pdfToHtml(input, outputPath, { layout: options.layout ?? 'fixed' }, onProgress);
      return { extension: 'html' };
    case 'dxf':
      await pdfToDxf(input, outputPath, onProgress);
      return { extension: 'dxf' };
    case 'pptx':
      await pdfToPpt(input, outputPath, onProgress);
      return { extension: 'pptx' };
    case 'xlsx':
      await pdfToExcel(input, outputPath, onProgress);
      return { extension: 'xlsx' };
    case 'docx':
      await pdfToWord(input, outputPath, onProgress);
      return { extension: 'docx' };
    case 'txt':
      await pdfToTxt(input, outputPath, onProgress);
      return { extension: 'txt' };
    case 'rtf':
      await pdfToRtf(input, outputPath, onProgress);
      return { extension: 'rtf' };
    case 'epub':
      await pdfToEpub(input, outputPath, onProgress);
      return { extension: 'epub' };
    case 'pages':
      await pdfToPages(input, outputPath, onProgress);
      return { extension: 'pages' };
    default:
      throw new CatalogueError('INVALID_PARAMS', `cannot convert a PDF to '${String(format)}'`);
  }
}

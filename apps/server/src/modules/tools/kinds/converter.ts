/**
 * The `converter` call (SPEC §7 GET converter): a PDF to docx, xlsx, pptx, images, html, txt,
 * rtf, epub, dxf or pages, or a document to PDF. It serves every conversion page (word-to-pdf,
 * pdf-to-word, ...) and the general /app/pdf-converter page, so the accepted inputs are those
 * of the pdf-converter page: a PDF, or any document of `converterSourceExtensions` with
 * output_format pdf. One task per file; the files of a batch share a multi_id and are
 * downloaded together through download-doc-bulk.
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CatalogueError, converterSourceExtensions, fileExtension,
  type ConverterOutputFormat, type ConverterRequest, type OcrLanguage, type TaskCreated, type ToolRouteKey,
} from '@pagewright/contracts';
import type { TaskRunner } from '../../tasks/service.js';
import { sanitizeFileName, withExtension } from '../../../util/fileName.js';
import { zipFiles } from '../../../util/zip.js';
import { pdfInput, type ToolDeps, type ToolInput, type ToolKind, type ToolTaskParams } from '../service.js';
import type { Identity } from '../../../http/identity.js';

/** Outputs that are one image per page: several pages come as a zip of images. */
const imageFormats: ReadonlySet<ConverterOutputFormat> = new Set(['jpg', 'png', 'bmp', 'gif', 'tiff']);
const documentExtensions: ReadonlySet<string> = new Set(converterSourceExtensions);

type FromPdf = Exclude<ConverterOutputFormat, 'pdf'>;

/** What a converter task stores besides its input. */
export type ConverterOptions =
  | { direction: 'toPdf'; sourceExtension: string }
  | { direction: 'fromPdf'; format: FromPdf; dpi: number; layout: 'fixed' | 'reflow'; ocrLanguages: OcrLanguage[]; extension: string; name: string };

const KIND = 'converter' satisfies ToolRouteKey;

/** Whether a task (its kind and stored params) converts through LibreOffice or Chromium rather than the PDF engine. */
export function runsOnOffice(kind: string, params: unknown): boolean {
  if (kind !== KIND) return false;
  const { options } = params as ToolTaskParams<ConverterOptions>;
  return options.direction === 'toPdf' && options.sourceExtension.toLowerCase() !== 'epub';
}

export function converterKinds(deps: ToolDeps): ToolKind[] {
  const run: TaskRunner = async ({ params, tempDir, reportProgress }) => {
    const { inputs, options } = params as ToolTaskParams<ConverterOptions>;
    const input = inputs[0]!;
    const row = await deps.files.requireStoredForTask(input.file_id);
    const stored = await deps.storage.localCopy(row.storage_key, tempDir);
    if (options.direction === 'toPdf') return toPdf(deps, stored, options.sourceExtension, tempDir, reportProgress);
    return fromPdf(deps, { path: stored, ...(input.password ? { password: input.password } : {}) }, options, tempDir, reportProgress);
  };

  async function start(identity: Identity, request: ConverterRequest): Promise<TaskCreated> {
    if (request.using_ocr && request.languages.length === 0) throw new CatalogueError('OCR_LANGUAGE_REQUIRED');
    const row = await deps.files.requireUploaded(identity.owner, request.file_id);
    const extension = fileExtension(row.filename);
    const input: ToolInput = { file_id: request.file_id, ...(request.passwd ? { password: request.passwd } : {}) };
    let options: ConverterOptions;
    if (extension === 'pdf') {
      if (request.output_format === 'pdf') {
        throw new CatalogueError('INVALID_PARAMS', 'a PDF converts to another format; OCR makes a searchable PDF');
      }
      // The encrypted-file flow of SPEC §5 before the task starts: 3122 without a password,
      // INCORRECT_PASSWORD with a wrong one, FILE_DAMAGED for a file that is not a readable PDF.
      const info = await deps.files.documentInfo(identity.owner, request.file_id, request.passwd);
      const format = request.output_format;
      options = {
        direction: 'fromPdf',
        format,
        dpi: request.dpi,
        layout: request.layout,
        ocrLanguages: request.using_ocr ? request.languages : [],
        extension: imageFormats.has(format) && info.total_page > 1 ? 'zip' : format,
        // Page images in a zip are named after the upload: <name>-<n>.<ext>.
        name: sanitizeFileName(row.filename).replace(/\.[^.]*$/, ''),
      };
    } else if (documentExtensions.has(extension)) {
      if (request.output_format !== 'pdf') throw new CatalogueError('FILE_TYPE_ERROR', `${row.filename} converts to PDF only`);
      options = { direction: 'toPdf', sourceExtension: extension };
    } else {
      throw new CatalogueError('FILE_TYPE_ERROR', `${row.filename} is not a document the converter reads`);
    }
    const outputName = withExtension(sanitizeFileName(row.filename), options.direction === 'toPdf' ? 'pdf' : options.extension);
    const params: ToolTaskParams<ConverterOptions> = { inputs: [input], options };
    return deps.tasks.create(identity, KIND, params, outputName, request.multi_id);
  }

  return [{ kind: KIND, start, run }];
}

async function toPdf(
  deps: ToolDeps, stored: string, sourceExtension: string, tempDir: string, reportProgress: (p: number) => void,
): Promise<{ outputPath: string }> {
  // The stored object has no extension; LibreOffice and Chromium pick their filter by it.
  const inputPath = path.join(tempDir, `input.${sourceExtension}`);
  await copyFile(stored, inputPath);
  const outputPath = path.join(tempDir, 'converted.pdf');
  // MuPDF lays a book out in one synchronous run: in a worker thread, not the API's.
  if (sourceExtension.toLowerCase() === 'epub') await deps.engine.run('epubToPdf', { inputPath, outputPath }, reportProgress);
  else await deps.office.documentToPdf(inputPath, outputPath, sourceExtension, reportProgress);
  return { outputPath };
}

async function fromPdf(
  deps: ToolDeps,
  input: { path: string; password?: string },
  options: Extract<ConverterOptions, { direction: 'fromPdf' }>,
  tempDir: string,
  reportProgress: (p: number) => void,
): Promise<{ outputPath: string; detail?: Record<string, unknown> }> {
  let source = pdfInput(input);
  let convertProgress = reportProgress;
  if (options.ocrLanguages.length > 0) {
    // Two stages (SPEC §4): OCR is 0-50%, the conversion 50-100%.
    const ocrPath = path.join(tempDir, 'ocr.pdf');
    await deps.engine.run('ocr', {
      inputs: [source], outputPath: ocrPath, options: { languages: options.ocrLanguages, outputFormat: 'pdf' },
    }, (p) => reportProgress(p / 2));
    // The OCR output is written decrypted, so the password is not needed past this point.
    source = { path: ocrPath };
    convertProgress = (p) => reportProgress(50 + p / 2);
  }
  const outputPath = path.join(tempDir, `converted.${options.format}`);
  const { extension } = await deps.engine.run('convertPdf', {
    input: source, outputPath, options: { format: options.format, dpi: options.dpi, layout: options.layout, name: options.name },
  }, convertProgress);
  if (extension === options.extension) return { outputPath };
  // The result's name was chosen from the page count when the task was created; a single
  // image where a zip was announced is zipped so that the name tells the truth.
  if (extension !== 'zip' && options.extension === 'zip') {
    const zipPath = path.join(tempDir, 'converted.zip');
    await zipFiles([outputPath], zipPath);
    return { outputPath: zipPath };
  }
  throw new CatalogueError(3125, `the conversion wrote .${extension} where .${options.extension} was expected`);
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CatalogueError, ocrLanguages } from '@pagewright/contracts';
import { borrowedShade, mupdf, type PDFDocument } from './mupdf.js';
import { InputError, asCatalogueError, reasonOf } from './errors.js';
import { writeFileAtomic } from './files.js';
import { writeTextDocx } from './text-docx.js';
import { mergePdf } from './merge.js';
import { progressReporter, type ProgressFn } from './progress.js';
import { hasPdfHeader, openPdfBytes, readInput, type Fail } from './pdf/open.js';
import { saveOptions, savePdf } from './pdf/save.js';
import { addFramePage, embedImageFile, moveInfoToTrailer, placeFrame, type EmbeddedFrame } from './imagepdf/embed.js';
import { TesseractError, runTesseract, type TesseractOutput } from './ocr/tesseract.js';
import { concat, invert, overlayTextPage, readTextPage, type FontCache } from './ocr/overlay.js';

type Matrix = [number, number, number, number, number, number];

/** The Tesseract languages the engine accepts (the request schema's list). */
export const OCR_LANGUAGES = ocrLanguages;
export type OcrOutputFormat = 'pdf' | 'txt' | 'docx';

export interface OcrInput {
  path: string;
  password?: string;
}

export interface OcrOptions {
  languages: string[];
  outputFormat: OcrOutputFormat;
}

export interface OcrResult {
  /** Pages of the output (PDF) or of the text (txt, pages separated by form feeds). */
  pages: number;
  /** Non-whitespace characters of the output text: recognised text plus the pages' own text. */
  characters: number;
  /** Pages that went through OCR (the others already had text and are left as they were). */
  ocrPages: number;
}

/** Tesseract runs on this many pages at once. */
export const OCR_CONCURRENCY = 2;
/** Pages without a full-page image are rendered for OCR at this resolution. */
export const OCR_DPI = 300;
/** A full-page scan is rendered at its own resolution, within these bounds. */
const SCAN_MIN_DPI = 72;
const SCAN_MAX_DPI = 600;
/** No page image for OCR above this many pixels (the resolution is lowered instead). */
const MAX_OCR_PIXELS = 36_000_000;
/** An image covering this share of the page makes the page a scan. */
const FULL_PAGE_SHARE = 0.85;

/** Progress: 0..OCR_SHARE for the pages, the rest for writing the output. */
const OCR_SHARE = 90;
/** The share of a page's progress reported when Tesseract starts on it. */
const IN_FLIGHT_SHARE = 0.1;

/** Checks the languages: none -> OCR_LANGUAGE_REQUIRED, an unknown one -> INVALID_PARAMS. */
export function validateOcrLanguages(languages: unknown): string[] {
  if (languages === undefined || languages === null || (Array.isArray(languages) && languages.length === 0)) {
    throw new CatalogueError('OCR_LANGUAGE_REQUIRED');
  }
  if (!Array.isArray(languages)) throw new CatalogueError('INVALID_PARAMS', 'languages must be a list');
  const known: readonly string[] = OCR_LANGUAGES;
  const out: string[] = [];
  for (const lang of languages) {
    if (typeof lang !== 'string' || !known.includes(lang)) {
      throw new CatalogueError('INVALID_PARAMS', `unknown OCR language '${String(lang)}' (one of ${known.join(', ')})`);
    }
    if (!out.includes(lang)) out.push(lang);
  }
  return out;
}

/** One open document the output is made of: a PDF input, or pages made from images. */
interface Part {
  doc: PDFDocument;
  destroyed?: boolean;
  kind: 'pdf' | 'images';
  pageCount: number;
  fonts: FontCache;
}

interface PageJob {
  part: Part;
  pageIndex: number;
  /** 1-based page number in the output, for messages. */
  number: number;
  /** The page's text: its own (pages skipped) or Tesseract's. */
  text: string;
  needsOcr: boolean;
  /** An image file Tesseract can read as it is, and where its pixels land on the page. */
  direct?: { path: string; imageToPage: Matrix };
}

/**
 * OCR of PDFs (scanned or not) and images (JPG, PNG, BMP, GIF first frame, TIFF every frame)
 * into one searchable PDF, pages in input order, or one UTF-8 text file (pages separated by a
 * form feed). Pages that already have text are kept as they are (their text goes into the txt
 * output); every other page is rendered (a scan at its own resolution, other pages at 300 dpi)
 * and read by `tesseract`, at most two pages at once; the recognised words are laid over the
 * page as invisible text (render mode 3), the page's own content and images untouched. Images
 * become pages at their natural size (see imagesToPdf, `fit`). Encrypted PDFs are opened with
 * their password; the output is not encrypted.
 * Errors: no language -> OCR_LANGUAGE_REQUIRED; an unknown language, no input, a bad output
 * format -> INVALID_PARAMS; an input that is neither a PDF nor an image -> FILE_TYPE_ERROR;
 * the PDF errors of merge (FILE_DAMAGED, 3122, INCORRECT_PASSWORD) and FILE_DAMAGED for an
 * unreadable image, as InputError; Tesseract missing, failing or over its time -> UNKNOWN.
 */
export async function ocrToPdf(inputs: OcrInput[], outputPath: string, options: OcrOptions, onProgress?: ProgressFn): Promise<OcrResult> {
  const languages = validateOcrLanguages(options?.languages);
  const format = options.outputFormat ?? 'pdf';
  if (format !== 'pdf' && format !== 'txt' && format !== 'docx') throw new CatalogueError('INVALID_PARAMS', `output format must be pdf, txt or docx, got ${String(format)}`);
  if (!Array.isArray(inputs) || inputs.length === 0) throw new CatalogueError('INVALID_PARAMS', 'OCR needs at least one input');
  const report = progressReporter(onProgress);
  report(0);

  const parts: Part[] = [];
  const jobs: PageJob[] = [];
  const workDir = await mkdtemp(join(tmpdir(), 'pagewright-ocr-'));
  try {
    // 1. Open every input; image inputs in a row share one document of pages.
    for (const [index, input] of inputs.entries()) {
      const fail: Fail = (code, reason) => new InputError(code, index, input?.path ?? '', reason);
      if (!input || typeof input.path !== 'string' || input.path === '') throw fail('INVALID_PARAMS', 'no input path');
      const bytes = await readInput(input.path, fail);
      if (hasPdfHeader(bytes)) {
        const { doc, pageCount } = openPdfBytes(bytes, input.password, fail);
        const part: Part = { doc, kind: 'pdf', pageCount, fonts: new Map() };
        parts.push(part);
        for (let i = 0; i < pageCount; i++) jobs.push({ part, pageIndex: i, number: jobs.length + 1, text: '', needsOcr: true });
      } else {
        let part = parts.at(-1);
        if (part?.kind !== 'images') {
          part = { doc: new mupdf.PDFDocument(), kind: 'images', pageCount: 0, fonts: new Map() };
          parts.push(part);
        }
        const { probe, frames } = await embedImageFile(part.doc, bytes, fail, 'FILE_TYPE_ERROR');
        for (const frame of frames) {
          const placement = placeFrame(frame, { pageSize: 'fit', orientation: 'auto', margin: 0 });
          addFramePage(part.doc, frame, placement);
          const job: PageJob = { part, pageIndex: part.pageCount++, number: jobs.length + 1, text: '', needsOcr: true };
          if (readableAsIs(probe.format, probe.alpha, frames.length, frame)) job.direct = { path: resolve(input.path), imageToPage: placement.matrix };
          jobs.push(job);
        }
      }
    }

    // 2. Pages with text of their own are left alone.
    for (const job of jobs) {
      if (job.part.kind !== 'pdf') continue;
      const own = pageText(job.part.doc, job.pageIndex, job.number);
      if (own.trim() !== '') {
        job.text = own;
        job.needsOcr = false;
      }
    }
    const todo = jobs.filter((job) => job.needsOcr);
    let done = jobs.length - todo.length;
    report((done / jobs.length) * OCR_SHARE);

    // 3. OCR, two pages at a time; each text page is laid over its page as soon as it is read.
    const controller = new AbortController();
    let next = 0;
    let inFlight = 0;
    let failure: unknown;
    // A page counts a little once it is rendered and handed to Tesseract, fully when read.
    const progress = (): void => report(((done + IN_FLIGHT_SHARE * inFlight) / jobs.length) * OCR_SHARE);
    const lane = async (): Promise<void> => {
      while (failure === undefined && next < todo.length) {
        const job = todo[next++]!;
        try {
          await ocrPage(job, languages, workDir, format === 'pdf' ? 'pdf' : 'txt', controller.signal, () => {
            inFlight++;
            progress();
          });
        } catch (err) {
          if (failure === undefined) failure = err;
          controller.abort();
          return;
        }
        inFlight--;
        done++;
        progress();
      }
    };
    await Promise.all(Array.from({ length: Math.min(OCR_CONCURRENCY, todo.length) }, lane));
    if (failure !== undefined) throw failure;

    // 4. The output.
    const texts = jobs.map((job) => job.text.replace(/\f/g, '').trimEnd());
    const characters = texts.reduce((n, text) => n + countCharacters(text), 0);
    if (format === 'docx') {
      await writeTextDocx(texts, outputPath);
    } else if (format === 'txt') {
      await writeFileAtomic(outputPath, Buffer.from(texts.map((text) => `${text}\n`).join('\f'), 'utf8'));
    } else if (parts.length === 1) {
      await writeFileAtomic(outputPath, save(parts[0]!));
      report(OCR_SHARE + 5);
    } else {
      const files: string[] = [];
      for (const [i, part] of parts.entries()) {
        const file = join(workDir, `part-${i}.pdf`);
        await writeFile(file, save(part));
        files.push(file);
        part.doc.destroy();
        part.destroyed = true;
      }
      await mergePdf(files.map((path) => ({ path })), outputPath, (p) => report(OCR_SHARE + (p * (100 - OCR_SHARE)) / 100));
    }
    report(100);
    return { pages: jobs.length, characters, ocrPages: todo.length };
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    for (const part of parts) if (!part.destroyed) part.doc.destroy();
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Tesseract reads the file itself: one frame, no EXIF turn, no alpha, no CMYK. */
function readableAsIs(format: string, alpha: boolean, frameCount: number, frame: EmbeddedFrame): boolean {
  if (frameCount !== 1 || frame.orientation !== 1 || alpha) return false;
  if (format === 'jpg') return frame.components === 1 || frame.components === 3;
  return format === 'png' || format === 'bmp' || format === 'tiff';
}

function countCharacters(text: string): number {
  let n = 0;
  for (const ch of text) if (!/\s/u.test(ch)) n++;
  return n;
}

function save(part: Part): Uint8Array {
  if (part.kind === 'images') moveInfoToTrailer(part.doc);
  // A PDF input with its text layers: no stream is recompressed; the pages made from image
  // inputs: their new streams compressed.
  return savePdf(part.doc, part.kind === 'pdf' ? saveOptions.keepStreams : saveOptions.plain);
}

function pageText(doc: PDFDocument, index: number, number: number): string {
  try {
    const page = doc.loadPage(index);
    try {
      const text = page.toStructuredText('preserve-whitespace');
      try {
        return text.asText();
      } finally {
        text.destroy();
      }
    } finally {
      page.destroy();
    }
  } catch (err) {
    throw new CatalogueError('FILE_DAMAGED', `page ${number} cannot be read (${reasonOf(err)})`);
  }
}

interface OcrImage {
  image: string;
  dpi?: number;
  /** Tesseract's page box to the page's user space. */
  toPage: (mediaBox: [number, number, number, number]) => Matrix;
  /** The image is ours to delete. */
  temporary: boolean;
}

/** The image Tesseract reads for the page: the input file itself, or the page rendered. */
async function ocrImage(job: PageJob, base: string, label: string, direct: boolean): Promise<OcrImage> {
  if (direct && job.direct) {
    const { path, imageToPage } = job.direct;
    // Tesseract's page: the image's pixel grid at the file's resolution; to the unit square, then placed.
    const toPage = ([x0, y0, x1, y1]: [number, number, number, number]): Matrix =>
      concat([1 / (x1 - x0), 0, 0, 1 / (y1 - y0), -x0 / (x1 - x0), -y0 / (y1 - y0)], imageToPage);
    return { image: path, toPage, temporary: false };
  }
  const rendered = renderForOcr(job.part.doc, job.pageIndex, label);
  const image = `${base}.pam`;
  await writeFile(image, rendered.pam);
  const { width, height, pixelToPage } = rendered;
  // Tesseract's page (points, origin bottom-left) to pixels (origin top-left), then to the page.
  const toPage = ([x0, y0, x1, y1]: [number, number, number, number]): Matrix =>
    concat([width / (x1 - x0), 0, 0, -height / (y1 - y0), (-x0 * width) / (x1 - x0), height + (y0 * height) / (y1 - y0)], pixelToPage);
  return { image, dpi: rendered.dpi, toPage, temporary: true };
}

async function ocrPage(job: PageJob, languages: string[], workDir: string, format: OcrOutputFormat, signal: AbortSignal, started: () => void): Promise<void> {
  const base = join(workDir, `page-${job.number}`);
  const label = `page ${job.number}`;
  let source = await ocrImage(job, base, label, true);
  const run = (from: OcrImage): Promise<TesseractOutput> =>
    runTesseract({ image: from.image, outBase: base, languages, workDir, signal, label, ...(from.dpi === undefined ? {} : { dpi: from.dpi }) });
  const running = run(source);
  started();
  let result: TesseractOutput;
  try {
    result = await running;
  } catch (err) {
    // A file MuPDF decodes but Tesseract's reader does not: read the rendered page instead.
    const retry = !source.temporary && err instanceof TesseractError && (err.failure === 'failed' || err.failure === 'no-output');
    if (!retry) throw err;
    source = await ocrImage(job, base, label, false);
    result = await run(source);
  }
  job.text = result.text;
  try {
    if (format === 'pdf') {
      let text;
      try {
        text = readTextPage(result.pdf);
      } catch (err) {
        throw new CatalogueError('UNKNOWN', `OCR of ${label}: unreadable Tesseract output (${reasonOf(err)})`);
      }
      try {
        overlayTextPage(job.part.doc, job.part.doc.findPage(job.pageIndex), text, source.toPage(text.mediaBox), job.part.fonts);
      } finally {
        text.doc.destroy();
      }
    }
  } finally {
    await Promise.all([source.temporary ? rm(source.image, { force: true }) : undefined, rm(`${base}.pdf`, { force: true }), rm(`${base}.txt`, { force: true })]);
  }
}

interface RenderedPage {
  pam: Uint8Array;
  dpi: number;
  width: number;
  height: number;
  /** Pixel coordinates (origin top-left) to the page's user space. */
  pixelToPage: Matrix;
}

/** Renders the page in grey for Tesseract: a scan at its own resolution, anything else at 300 dpi. */
function renderForOcr(doc: PDFDocument, index: number, label: string): RenderedPage {
  let page: ReturnType<PDFDocument['loadPage']> | undefined;
  try {
    page = doc.loadPage(index);
    const bounds = page.getBounds();
    const w = bounds[2] - bounds[0];
    const h = bounds[3] - bounds[1];
    let dpi = scanResolution(page, w, h) ?? OCR_DPI;
    const pixels = ((w * dpi) / 72) * ((h * dpi) / 72);
    if (pixels > MAX_OCR_PIXELS) dpi *= Math.sqrt(MAX_OCR_PIXELS / pixels);
    const s = dpi / 72;
    const pixmap = page.toPixmap([s, 0, 0, s, 0, 0], mupdf.ColorSpace.DeviceGray, false, false);
    try {
      const pixelToPage = concat([1 / s, 0, 0, 1 / s, pixmap.getX() / s, pixmap.getY() / s], invert(page.getTransform() as Matrix));
      return { pam: pixmap.asPAM(), dpi, width: pixmap.getWidth(), height: pixmap.getHeight(), pixelToPage };
    } finally {
      pixmap.destroy();
    }
  } catch (err) {
    throw new CatalogueError('FILE_DAMAGED', `${label} cannot be rendered (${reasonOf(err)})`);
  } finally {
    page?.destroy();
  }
}

/**
 * The resolution of the page's scan: the one image of a page that shows nothing else, or the
 * one image covering most of the page; within 72..600 dpi. Undefined for any other page.
 */
function scanResolution(page: ReturnType<PDFDocument['loadPage']>, w: number, h: number): number | undefined {
  let images = 0;
  let others = 0;
  let covers = false;
  let dpi: number | undefined;
  const other = (): void => {
    others++;
  };
  const device = new mupdf.Device({
    fillImage(image, ctm) {
      images++;
      const [a, b, c, d] = ctm;
      const sx = Math.hypot(a, b);
      const sy = Math.hypot(c, d);
      covers = sx * sy >= FULL_PAGE_SHARE * w * h;
      // The image's pixels per point along its own axes.
      const res = Math.min((image.getWidth() * 72) / sx, (image.getHeight() * 72) / sy);
      dpi = Math.min(SCAN_MAX_DPI, Math.max(SCAN_MIN_DPI, res));
    },
    fillPath: other,
    strokePath: other,
    fillText: other,
    strokeText: other,
    fillShade(shade) {
      borrowedShade(shade);
      others++;
    },
    fillImageMask: other,
  });
  try {
    page.run(device, mupdf.Matrix.identity);
    device.close();
  } catch {
    return undefined;
  } finally {
    device.destroy();
  }
  return images === 1 && (others === 0 || covers) && dpi !== undefined && Number.isFinite(dpi) ? dpi : undefined;
}

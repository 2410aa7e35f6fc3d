/**
 * documentToPdf: the one entry point of the "to PDF" conversions. HTML goes through headless
 * Chromium, EPUB through MuPDF's layout engine (LibreOffice 7.4 has no EPUB import), every
 * other converter source type through the LibreOffice pool (a Pages '09 document whose body
 * LibreOffice drops is printed from its own text, see pages.ts).
 */
import { rm } from 'node:fs/promises';
import { CatalogueError, converterSourceExtensions } from '@pagewright/contracts';
import { writeAtomically } from '../files.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import type { OfficePool } from './pool.js';

// EPUB layout and the Pages '09 fallback use MuPDF: they are imported where they run, so that
// the server's main thread, which runs this module for LibreOffice and Chromium, never loads it.

/** The document families, for messages and for the CLI's per-family commands. */
export const officeFamilies = {
  word: ['doc', 'docx', 'odt'],
  excel: ['xls', 'xlsx', 'ods', 'csv'],
  ppt: ['ppt', 'pptx', 'odp'],
  pub: ['pub'],
  rtf: ['rtf'],
  txt: ['txt'],
} as const;

/** A normalised extension (`.DOCX` -> `docx`) when the converter takes it, else undefined. */
export function sourceTypeOf(extension: string): (typeof converterSourceExtensions)[number] | undefined {
  const normalised = extension.trim().toLowerCase().replace(/^\./, '');
  return (converterSourceExtensions as readonly string[]).includes(normalised) ? normalised as (typeof converterSourceExtensions)[number] : undefined;
}

/**
 * EPUB to PDF at `outputPath` (MuPDF lays the book out; no LibreOffice, so it can run in a
 * worker thread). Progress: 5 to 95 page by page, 100 when the output is in place.
 */
export async function epubDocumentToPdf(inputPath: string, outputPath: string, onProgress?: ProgressFn): Promise<void> {
  const report = progressReporter(onProgress);
  report(0);
  const { epubToPdf } = await import('./epub.js');
  await writeAtomically(outputPath, (temp) => epubToPdf(inputPath, temp, (done, total) => report(5 + (90 * done) / total)));
  report(100);
}

/**
 * Converts `inputPath`, a document of type `sourceExtension` (one of converterSourceExtensions,
 * with or without the dot, any case), to a PDF at `outputPath`. Throws CatalogueError:
 * FILE_TYPE_ERROR for another type, FILE_DAMAGED when the document cannot be read,
 * ENCRYPTED_NOT_SUPPORTED for a password-protected one, PARSE_EXCEPTION when it reads but does
 * not print, CONVERSION_TIMEOUT past the pool's time limit, INVALID_PARAMS for a missing input.
 * Progress: 5 when queued, then an estimate while the converter works (it reports nothing
 * itself), 100 when the output is in place.
 */
export async function documentToPdf(pool: OfficePool, inputPath: string, outputPath: string, sourceExtension: string, onProgress?: ProgressFn): Promise<void> {
  const type = sourceTypeOf(sourceExtension);
  if (!type) throw new CatalogueError('FILE_TYPE_ERROR', `cannot convert .${sourceExtension.replace(/^\./, '')} documents to PDF`);
  const report = progressReporter(onProgress);
  report(0);
  if (type === 'epub') {
    await epubDocumentToPdf(inputPath, outputPath, onProgress);
    return;
  }
  report(5);
  // LibreOffice and Chromium report no progress: creep towards 90% (half way after ~5 s).
  const started = Date.now();
  const ticker = setInterval(() => report(5 + 85 * (1 - Math.exp(-(Date.now() - started) / 7000))), 500);
  ticker.unref();
  try {
    if (type === 'html' || type === 'htm') {
      const renderer = pool.chromiumRenderer();
      await writeAtomically(outputPath, (temp) => renderer.htmlToPdf(inputPath, temp, pool.timeoutMs));
    } else if (type === 'pages') {
      const { pages09Paragraphs, paragraphsHtml, pdfHasText } = await import('./pages.js');
      await writeAtomically(outputPath, async (temp) => {
        await pool.convertToPdf(inputPath, temp, { sourceExtension: type });
        if (await pdfHasText(temp)) return;
        const paragraphs = await pages09Paragraphs(inputPath);
        if (paragraphs.length === 0) return;
        await rm(temp, { force: true });
        await pool.chromiumRenderer().printHtml(paragraphsHtml(paragraphs), temp, pool.timeoutMs);
      });
    } else {
      await pool.convertToPdf(inputPath, outputPath, { sourceExtension: type });
    }
  } finally {
    clearInterval(ticker);
  }
  report(100);
}

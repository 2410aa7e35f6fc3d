/**
 * Shared steps of the single-document page tools (redact, replace text, sign): open the input
 * with its password, save without encryption, write the output atomically.
 */
import { CatalogueError, messageFor, type ErrorCode } from '@pagewright/contracts';
import { reasonOf } from '../errors.js';
import type { PDFDocument } from '../mupdf.js';
import { openPdfBytes, readInput, type Fail, type OpenedPdf } from './open.js';

export const docFail: Fail = (code: ErrorCode, reason?: string) =>
  new CatalogueError(code, reason ? `${messageFor(code)} (${reason})` : undefined);

/**
 * Unencrypted, unused objects dropped (replaced content streams go with them), renumbered
 * (plain `garbage` with objstms writes invalid xref entries in MuPDF 1.28), compressed.
 */
export const EDIT_SAVE_OPTIONS = 'decrypt,garbage=compact,compress,objstms';

export async function openDocument(input: { path: string; password?: string } | undefined): Promise<OpenedPdf> {
  if (!input || typeof input.path !== 'string' || input.path === '') throw docFail('INVALID_PARAMS', 'no input file');
  const bytes = await readInput(input.path, docFail);
  return openPdfBytes(bytes, input.password, docFail);
}

/** Saves the document to bytes outside the WebAssembly heap. */
export function saveDocument(doc: PDFDocument): Uint8Array {
  let buffer;
  try {
    buffer = doc.saveToBuffer(EDIT_SAVE_OPTIONS);
  } catch (err) {
    throw docFail('FILE_DAMAGED', `cannot save: ${reasonOf(err)}`);
  }
  try {
    return Buffer.from(buffer.asUint8Array());
  } finally {
    buffer.destroy();
  }
}

/**
 * The one input of a single-document operation (split, rotate, crop, protect, redact, replace
 * text, sign, the converters...): opened with its password, errors as plain CatalogueErrors
 * (no input index), saved without encryption. The caller destroys the document.
 */
import { CatalogueError, messageFor, type ErrorCode } from '@pagewright/contracts';
import { reasonOf } from '../errors.js';
import type { PDFDocument } from '../mupdf.js';
import { openPdfBytes, readInput, type Fail, type OpenedPdf } from './open.js';
import { saveOptions, savePdf } from './save.js';

export const documentFail: Fail = (code: ErrorCode, reason?: string) =>
  new CatalogueError(code, reason ? `${messageFor(code)} (${reason})` : undefined);

export interface SingleInput {
  path: string;
  password?: string;
}

/** Reads and opens the input; FILE_TYPE_ERROR, FILE_DAMAGED, 3122, INCORRECT_PASSWORD, INVALID_PARAMS. */
export async function openInput(input: SingleInput | undefined): Promise<OpenedPdf> {
  if (!input || typeof input.path !== 'string' || input.path === '') throw documentFail('INVALID_PARAMS', 'no input file');
  const bytes = await readInput(input.path, documentFail);
  return openPdfBytes(bytes, input.password, documentFail);
}

/** Saves an edited document (redact, replace text, sign) unencrypted; a failure -> FILE_DAMAGED. */
export function saveDocument(doc: PDFDocument): Uint8Array {
  try {
    return savePdf(doc, saveOptions.plain);
  } catch (err) {
    throw documentFail('FILE_DAMAGED', `cannot save: ${reasonOf(err)}`);
  }
}

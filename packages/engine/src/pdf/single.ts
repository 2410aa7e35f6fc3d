/**
 * Opening the one input of a single-document operation (split, rotate, crop, protect, ...):
 * errors are plain CatalogueErrors (no input index), the caller destroys the document.
 */
import { CatalogueError, messageFor, type ErrorCode } from '@pagewright/contracts';
import { openPdfBytes, readInput, type Fail, type OpenedPdf } from './open.js';

export const documentFail: Fail = (code: ErrorCode, reason?: string) =>
  new CatalogueError(code, reason ? `${messageFor(code)} (${reason})` : undefined);

export interface SingleInput {
  path: string;
  password?: string;
}

/** Reads and opens the input; FILE_TYPE_ERROR, FILE_DAMAGED, 3122, INCORRECT_PASSWORD, INVALID_PARAMS. */
export async function openInput(input: SingleInput): Promise<OpenedPdf> {
  if (!input || typeof input.path !== 'string' || input.path === '') throw documentFail('INVALID_PARAMS', 'no input file');
  const bytes = await readInput(input.path, documentFail);
  return openPdfBytes(bytes, input.password, documentFail);
}

/**
 * The one input of a single-document operation (split, rotate, crop, protect, redact, replace
 * text, sign, the converters...): opened with its password, errors as plain CatalogueErrors
 * (no input index), saved without encryption. The caller destroys the document.
 */
import { CatalogueError, messageFor, type ErrorCode } from '@pagewright/contracts';
import { reasonOf } from '../errors.js';
import type { PDFDocument, PDFObject } from '../mupdf.js';
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

/** Whether any signature field of the document's form holds a signature (a /Sig field with a /V). */
export function hasSignatures(doc: PDFDocument): boolean {
  const signed = (field: PDFObject, depth: number): boolean => {
    if (!field.isDictionary() || depth > 32) return false;
    if (field.getInheritable('FT').asName() === 'Sig' && field.get('V').isDictionary()) return true;
    const kids = field.get('Kids');
    if (!kids.isArray()) return false;
    for (let i = 0; i < kids.length; i++) if (signed(kids.get(i), depth + 1)) return true;
    return false;
  };
  const fields = doc.getTrailer().get('Root', 'AcroForm', 'Fields');
  if (!fields.isArray()) return false;
  for (let i = 0; i < fields.length; i++) if (signed(fields.get(i), 0)) return true;
  return false;
}

/**
 * Saves an edited document so that the signatures already in it stay valid for the revision
 * they signed: a signed input's bytes are kept as they are, the edits appended as an
 * incremental update (a rewrite changes the signed bytes, and pdfsig and every viewer then
 * report the signature broken). An unsigned input is saved as every tool saves (saveDocument);
 * so is a signed one that cannot be updated in place: encrypted (the update would stay
 * encrypted, the outputs are not) or repaired (its offsets are wrong). `incremental` says which.
 * Not doc.canBeSavedIncrementally(): it says no after any redaction, so that redacted text does
 * not stay in the file; edit mode removes replaced text with a redaction, and the signed
 * revision keeps that text whatever is done, which is what keeping its signature means.
 */
export function saveKeepingSignatures(doc: PDFDocument, encrypted: boolean): { data: Uint8Array; signed: boolean; incremental: boolean } {
  const signed = hasSignatures(doc);
  if (!signed || encrypted || doc.wasRepaired()) return { data: saveDocument(doc), signed, incremental: false };
  try {
    return { data: savePdf(doc, saveOptions.incremental), signed, incremental: true };
  } catch (err) {
    throw documentFail('FILE_DAMAGED', `cannot save: ${reasonOf(err)}`);
  }
}

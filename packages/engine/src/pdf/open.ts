import { readFile } from 'node:fs/promises';
import { CatalogueError, type ErrorCode } from '@pagewright/contracts';
import { mupdf, type PDFDocument } from '../mupdf.js';
import { reasonOf } from '../errors.js';
import { rebuildPageTree } from './repair.js';

/** Builds the error to throw; lets merge name the input while info throws a plain error. */
export type Fail = (code: ErrorCode, reason?: string) => CatalogueError;

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const HEADER_WINDOW = 1024;

export function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, HEADER_WINDOW));
  return head.indexOf(PDF_MAGIC) !== -1;
}

/** Reads a whole input file; I/O failures become catalogue errors. */
export async function readInput(path: string, fail: Fail): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw fail('INVALID_PARAMS', 'file not found');
    if (code === 'EISDIR') throw fail('INVALID_PARAMS', 'is a directory');
    throw fail('UNKNOWN', `cannot read input: ${reasonOf(err)}`);
  }
}

export interface OpenedPdf {
  doc: PDFDocument;
  pageCount: number;
  /** The file carries an encryption dictionary (with or without a user password). */
  encrypted: boolean;
}

/**
 * Opens PDF bytes with MuPDF, authenticating when needed. The caller owns `doc` and must
 * destroy it. Errors: no %PDF- header in the first 1024 bytes -> FILE_TYPE_ERROR; MuPDF
 * cannot open or repair it, or it has no page -> FILE_DAMAGED; a user password is needed and
 * none was given -> 3122; the password is wrong -> INCORRECT_PASSWORD.
 */
export function openPdfBytes(bytes: Uint8Array, password: string | undefined, fail: Fail): OpenedPdf {
  if (!hasPdfHeader(bytes)) throw fail('FILE_TYPE_ERROR', 'no %PDF- header');
  let doc: PDFDocument;
  try {
    const opened = mupdf.Document.openDocument(bytes, 'application/pdf');
    const pdf = opened.asPDF();
    if (!pdf) {
      opened.destroy();
      throw new Error('not a PDF document');
    }
    doc = pdf;
  } catch (err) {
    throw fail('FILE_DAMAGED', reasonOf(err));
  }
  try {
    let encrypted: boolean;
    try {
      if (doc.needsPassword()) {
        if (password === undefined || password === '') throw fail(3122);
        if (doc.authenticatePassword(password) === 0) throw fail('INCORRECT_PASSWORD');
      }
      encrypted = (doc.getMetaData('encryption') ?? 'None') !== 'None';
    } catch (err) {
      if (err instanceof CatalogueError) throw err;
      throw fail('FILE_DAMAGED', reasonOf(err));
    }
    let pageCount: number;
    try {
      pageCount = countPages(doc);
      // The page tree is gone (a broken file, repaired or not): collect the page objects.
      if (pageCount === 0 && (doc.wasRepaired() || !doc.getTrailer().get('Root', 'Pages').isDictionary())) {
        pageCount = rebuildPageTree(doc);
      }
    } catch (err) {
      throw fail('FILE_DAMAGED', reasonOf(err));
    }
    if (!(pageCount > 0)) throw fail('FILE_DAMAGED', 'no pages');
    return { doc, pageCount, encrypted };
  } catch (err) {
    doc.destroy();
    throw err;
  }
}

/** MuPDF's page count, or 0 when the page tree cannot be walked. */
function countPages(doc: PDFDocument): number {
  try {
    return doc.countPages();
  } catch {
    return 0;
  }
}

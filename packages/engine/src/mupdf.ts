/**
 * The one place that loads MuPDF.js (WebAssembly, top-level await). MuPDF's own warnings
 * ("repairing PDF document", ...) are silenced unless PAGEWRIGHT_MUPDF_LOG is set, because the
 * engine turns every failure into a catalogue error and the noise would reach the CLI's stderr.
 */
import * as mupdf from 'mupdf';

if (process.env.PAGEWRIGHT_MUPDF_LOG) {
  mupdf.setLog({
    error: (message) => process.stderr.write(`mupdf error: ${message}\n`),
    warning: (message) => process.stderr.write(`mupdf warning: ${message}\n`),
  });
} else {
  mupdf.setLog(null);
}

export { mupdf };
export type PDFDocument = mupdf.PDFDocument;
export type PDFObject = mupdf.PDFObject;
export type PDFGraftMap = mupdf.PDFGraftMap;

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

/**
 * MuPDF.js 1.28 hands a device's fillShade a Shade wrapper made from the bare pointer, without
 * taking a reference, yet registered to drop one when collected: the shade would be freed twice
 * and the WebAssembly heap corrupted ("memory access out of bounds" a few pages later, whenever
 * the GC runs). Taking the wrapper off the release registry leaves the shade to its page. (Fonts
 * and images handed to callbacks are different: their constructors take a reference.)
 */
export function borrowedShade<T extends InstanceType<typeof mupdf.Shade>>(shade: T): T {
  (mupdf.Shade as unknown as { _finalizer?: FinalizationRegistry<unknown> })._finalizer?.unregister(shade);
  return shade;
}
export type PDFDocument = mupdf.PDFDocument;
export type PDFObject = mupdf.PDFObject;
export type PDFGraftMap = mupdf.PDFGraftMap;

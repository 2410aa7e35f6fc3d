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

type StructuredText = InstanceType<typeof mupdf.StructuredText>;
type StructuredTextWalker = Parameters<StructuredText['walk']>[0];

/** Characters asText may put between two characters of the walk: line and block ends. */
const WALK_LOOKAHEAD = 4;

/**
 * StructuredText.walk with every character whole. MuPDF.js 1.28's walk makes each character
 * with String.fromCharCode, which keeps only the low 16 bits of a code point outside the Basic
 * Multilingual Plane: 𝜎 (U+1D70E) arrives as 휎 (U+D70E), a flag's 🇮 (U+1F1EE) as U+F1EE.
 * MuPDF's own text of the page has them whole and in the walk's order (with line ends between
 * lines), so a page with any such character has each walked character matched against it.
 */
export function walkText(stext: StructuredText, walker: StructuredTextWalker): void {
  const onChar = walker.onChar;
  const text = onChar ? stext.asText() : '';
  if (!onChar || !/[\u{10000}-\u{10ffff}]/u.test(text)) {
    stext.walk(walker);
    return;
  }
  const points = Array.from(text, (ch) => ch.codePointAt(0)!);
  let next = 0;
  const repaired: StructuredTextWalker = {};
  for (const key of Object.keys(walker) as Array<keyof StructuredTextWalker>) {
    const fn = walker[key] as ((...args: unknown[]) => void) | undefined;
    if (fn) (repaired as Record<string, unknown>)[key] = fn.bind(walker);
  }
  repaired.onChar = (c, ...rest) => {
    const unit = c.charCodeAt(0);
    for (let i = next; i < points.length && i - next <= WALK_LOOKAHEAD; i++) {
      const point = points[i]!;
      if (point === unit || (point > 0xffff && (point & 0xffff) === unit)) {
        next = i + 1;
        if (point > 0xffff) c = String.fromCodePoint(point);
        break;
      }
    }
    onChar.call(walker, c, ...rest);
  };
  stext.walk(repaired);
}

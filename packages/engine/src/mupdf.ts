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

type CharArgs = Parameters<NonNullable<StructuredTextWalker['onChar']>>;

/**
 * StructuredText.walk with every character whole and in reading order.
 *
 * MuPDF.js 1.28's walk makes each character with String.fromCharCode, which keeps only the low
 * 16 bits of a code point outside the Basic Multilingual Plane: 𝜎 (U+1D70E) arrives as 휎
 * (U+D70E), a flag's 🇮 (U+1F1EE) as U+F1EE. MuPDF's own text of the page has them whole and in
 * the walk's order (with line ends between lines), so a page with any such character has each
 * walked character matched against it.
 *
 * A line's characters are handed over at its end, with ligatures of right-to-left text put back
 * in order (see ligaturesInOrder).
 */
export function walkText(stext: StructuredText, walker: StructuredTextWalker): void {
  const onChar = walker.onChar;
  if (!onChar) {
    stext.walk(walker);
    return;
  }
  const text = stext.asText();
  const points = /[\u{10000}-\u{10ffff}]/u.test(text) ? Array.from(text, (ch) => ch.codePointAt(0)!) : undefined;
  let next = 0;
  let line: CharArgs[] = [];
  const flush = (): void => {
    for (const args of ligaturesInOrder(line)) onChar.call(walker, ...args);
    line = [];
  };
  const ordered: StructuredTextWalker = {};
  for (const key of Object.keys(walker) as Array<keyof StructuredTextWalker>) {
    const fn = walker[key] as ((...args: unknown[]) => void) | undefined;
    if (fn) (ordered as Record<string, unknown>)[key] = fn.bind(walker);
  }
  ordered.beginLine = (...args) => {
    flush();
    walker.beginLine?.call(walker, ...args);
  };
  ordered.endLine = () => {
    flush();
    walker.endLine?.call(walker);
  };
  ordered.onChar = (c, ...rest) => {
    if (points) {
      const unit = c.charCodeAt(0);
      for (let i = next; i < points.length && i - next <= WALK_LOOKAHEAD; i++) {
        const point = points[i]!;
        if (point === unit || (point > 0xffff && (point & 0xffff) === unit)) {
          next = i + 1;
          if (point > 0xffff) c = String.fromCodePoint(point);
          break;
        }
      }
    }
    line.push([c, ...rest]);
  };
  stext.walk(ordered);
  flush();
}

/** A glyph narrower than this (points) has no width of its own. */
const NO_WIDTH = 0.01;

function xExtent(quad: ArrayLike<number>): [number, number] {
  const xs = [quad[0]!, quad[2]!, quad[4]!, quad[6]!];
  return [Math.min(...xs), Math.max(...xs)];
}

/**
 * MuPDF gives a glyph that stands for several characters (Arabic's lam-alef لا, the ligature
 * of Allah) as its first character with the glyph's box, then the others with no width at the
 * glyph's far end; reversing a right-to-left line into reading order then puts them before the
 * first one, reversed: الأول read as األول, لا as ال. Each such stretch (letters without width at
 * one point, then a letter whose box ends there) is turned back: the letter, then the others in
 * the order the glyph gave them, moved to the glyph's end in reading order (its left side), so
 * that no gap opens between them and the next letter.
 */
function ligaturesInOrder(line: CharArgs[]): CharArgs[] {
  const rtlLetter = (args: CharArgs | undefined): boolean => !!args && args[6] % 2 === 1 && /\p{L}/u.test(args[0]);
  const widthless = (args: CharArgs): boolean => {
    const [x0, x1] = xExtent(args[4]);
    return x1 - x0 < NO_WIDTH;
  };
  let result: CharArgs[] | undefined;
  for (let i = 0; i < line.length; i++) {
    if (!rtlLetter(line[i]) || !widthless(line[i]!)) continue;
    const at = xExtent(line[i]![4])[0];
    let j = i;
    while (j < line.length && rtlLetter(line[j]) && widthless(line[j]!) && Math.abs(xExtent(line[j]![4])[0] - at) < 0.2) j++;
    const first = line[j];
    if (!rtlLetter(first) || widthless(first!) || Math.abs(xExtent(first![4])[1] - at) > 0.2) continue;
    const end = xExtent(first![4])[0];
    const atEnd = (args: CharArgs): CharArgs => {
      const [c, origin, font, size, quad, ...rest] = args;
      const moved = Array.from(quad, (v, k) => (k % 2 === 0 ? end : v)) as typeof quad;
      return [c, [end, origin[1]] as typeof origin, font, size, moved, ...rest];
    };
    result ??= [...line];
    result.splice(i, j - i + 1, first!, ...line.slice(i, j).reverse().map(atEnd));
    i = j;
  }
  return result ?? line;
}

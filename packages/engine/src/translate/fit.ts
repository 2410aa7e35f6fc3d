/**
 * Fitting a translation into the box its original paragraph filled: the text is broken into
 * lines no wider than the box, and when those lines are taller than the box the size is
 * lowered step by step (a translation is often longer than its original: Spanish runs about a
 * fifth longer than English) until they fit or the smallest readable size is reached.
 */

/** Width of `text` set at `size` points, in points. */
export type Measure = (text: string, size: number) => number;

export interface FitBox {
  width: number;
  height: number;
}

export interface FitOptions {
  /** The original paragraph's size: the largest the translation is set in. */
  size: number;
  /** Baseline-to-baseline distance as a multiple of the size. */
  leading: number;
  /** The first baseline's distance below the box's top, as a multiple of the size (about an ascender). */
  ascent?: number;
  /** The smallest size, points; below it the text overflows instead (still readable, unlike 2 pt). */
  minSize?: number;
  /** Scripts written without spaces (Chinese, Japanese) break between any two characters. */
  breakAnywhere?: boolean;
  /** The text's language (BCP 47), for the word breaks of Thai, Lao, Khmer and Burmese. */
  lang?: string;
}

export interface FittedText {
  lines: string[];
  size: number;
  /** The lines at `size` are taller or wider than the box even at the smallest size. */
  overflow: boolean;
}

/** Each step lowers the size by this factor: fine enough that a fitted text is not much smaller than it must be. */
const SHRINK_STEP = 0.94;
/** Ascender and descender of common fonts as a multiple of the size (Times, Helvetica: about 0.9 and 0.22). */
const ASCENT = 0.9;
const DESCENT = 0.22;
/** Points the text may pass the box by: layout boxes hug the original glyphs, whose metrics differ a little from the new font's. */
const HEIGHT_SLACK = 1;
export const DEFAULT_MIN_SIZE = 4;

/** The height `lines` lines take at `size` with `leading`, from the box's top to the last descender. */
export function linesHeight(lines: number, size: number, leading: number, ascent = ASCENT): number {
  return lines <= 0 ? 0 : size * ascent + (lines - 1) * size * leading + size * DESCENT;
}

/** Scripts written without spaces between words, whose words a dictionary finds (ICU's, through Intl.Segmenter). */
const DICTIONARY_WORDS = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/u;
/** Kinsoku: closing punctuation and small kana never start a line, opening brackets never end one. */
const NO_LINE_START = /^[、。，．・：；？！）」』】〕〉》〙〗〟’”｠»ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々ー〜～…‥),.!?:;\]}%]/u;
const NO_LINE_END = /[（「『【〔〈《〘〖〝‘“｟«([{]$/u;

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The user-perceived characters of `text`: a break or a cut between them never separates a mark from its letter or a conjunct's halves. */
export function graphemes(text: string): string[] {
  return [...GRAPHEMES.segment(text)].map((s) => s.segment);
}

/**
 * The pieces a line may break after: words with their following spaces; Thai (Lao, Khmer,
 * Burmese) words found by Intl.Segmenter; for Chinese and Japanese each character, a closing
 * mark joined to the character before it and an opening one to the character after it.
 */
export function breakTokens(paragraph: string, breakAnywhere = false, lang?: string): string[] {
  if (DICTIONARY_WORDS.test(paragraph)) {
    const tokens: string[] = [];
    for (const { segment } of new Intl.Segmenter(lang ?? 'th', { granularity: 'word' }).segment(paragraph)) {
      // Spaces and punctuation go with the word before them: a line does not start with them.
      if (tokens.length > 0 && /^[\s\p{P}]+$/u.test(segment)) tokens[tokens.length - 1] += segment;
      else tokens.push(segment);
    }
    return tokens;
  }
  if (!breakAnywhere) return paragraph.split(/(?<=\s)/u);
  const tokens: string[] = [];
  let joinNext = false;
  for (const piece of graphemes(paragraph)) {
    if (tokens.length > 0 && (joinNext || NO_LINE_START.test(piece))) tokens[tokens.length - 1] += piece;
    else tokens.push(piece);
    joinNext = NO_LINE_END.test(piece);
  }
  return tokens;
}

/**
 * Breaks `text` into lines of at most `width` points at `size`: between words, or between any
 * two characters for scripts without spaces (breakTokens); a word wider than the line is
 * broken where it must, between two graphemes.
 */
export function wrapText(text: string, width: number, size: number, measure: Measure, breakAnywhere = false, lang?: string): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const token of breakTokens(paragraph, breakAnywhere, lang)) {
      const candidate = line + token;
      if (line !== '' && measure(candidate.trimEnd(), size) > width) {
        lines.push(line.trimEnd());
        line = token.trimStart();
      } else {
        line = candidate;
      }
      // A single word wider than the line: broken by graphemes rather than running past the box.
      while (measure(line.trimEnd(), size) > width && graphemes(line.trimEnd()).length > 1) {
        const chars = graphemes(line.trimEnd());
        let cut = chars.length - 1;
        while (cut > 1 && measure(chars.slice(0, cut).join(''), size) > width) cut--;
        lines.push(chars.slice(0, cut).join(''));
        line = chars.slice(cut).join('') + (line.endsWith(' ') ? ' ' : '');
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** The largest size (from `options.size` down) at which `text` fits `box`, with its lines. */
export function fitText(text: string, box: FitBox, measure: Measure, options: FitOptions): FittedText {
  const minSize = Math.min(options.minSize ?? DEFAULT_MIN_SIZE, options.size);
  const height = box.height + HEIGHT_SLACK;
  const width = box.width;
  let size = options.size;
  for (;;) {
    const lines = wrapText(text, width, size, measure, options.breakAnywhere, options.lang);
    const fits = linesHeight(lines.length, size, options.leading, options.ascent) <= height
      && lines.every((line) => measure(line, size) <= width);
    if (fits) return { lines, size, overflow: false };
    const next = size * SHRINK_STEP;
    if (next < minSize) return { lines, size, overflow: true };
    size = next;
  }
}

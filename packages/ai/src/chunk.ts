/**
 * Chunks: the units the index retrieves. Each is whole sentences of one page (so a citation
 * names one page), about 60 to 120 words (long enough to hold an answer, short enough that its
 * score means something), and each sentence keeps where it stands on the page, so a citation
 * can highlight it.
 */
import { bodyFontSize, pageParagraphs, type Paragraph } from './layout.js';
import { countWords, hasCjk, sentenceSpans, type Span } from './segment.js';
import type { DocumentText, PageRect, Passage, TextLine } from './types.js';

export interface ChunkSentence {
  text: string;
  rects: PageRect[];
  /** A heading line rather than a sentence of the body (kept for retrieval, left out of answers). */
  heading: boolean;
}

export interface Chunk {
  id: number;
  page: number;
  text: string;
  words: number;
  sentences: ChunkSentence[];
  /** The heading in force where the chunk stands (from this page or an earlier one). */
  section: string | null;
}

/**
 * Whether a passage's sentence is a heading line. Passages are stored chunks, whose sentences
 * carry the flag although Passage does not declare it; answers and summaries leave headings out.
 */
export function isHeading(sentence: Passage['sentences'][number]): boolean {
  return (sentence as Partial<ChunkSentence>).heading === true;
}

const MIN_WORDS = 60;
const MAX_WORDS = 120;
/** A page's last chunk shorter than this joins the one before it, when the two stay near the maximum. */
const TAIL_WORDS = 20;
const TAIL_MERGED_MAX = 140;

/** Where a line's text stands in its paragraph's joined text. */
interface LinePart {
  start: number;
  end: number;
  /** Characters of the line as printed, the hyphen included: the unit of its width. */
  chars: number;
  /** The hyphen taken off the line's end to rejoin a broken word ('' when none was). */
  hyphen: string;
  rect: PageRect;
}

/** Joins a paragraph's lines into one text, de-hyphenating words broken at a line's end. */
export function joinLines(lines: TextLine[]): { text: string; parts: LinePart[] } {
  let text = '';
  const parts: LinePart[] = [];
  const restoreHyphen = (part: LinePart): void => {
    // A soft hyphen only ever marks a break; a hard one before a capital or a digit, or at the
    // paragraph's end, belongs to the word (Anglo-Saxon, COVID-19).
    if (part.hyphen === '-') {
      text += '-';
      part.end += 1;
    }
    part.hyphen = '';
  };
  for (const line of lines) {
    let piece = line.text.replace(/\s+/gu, ' ').trim();
    if (piece.length === 0) continue;
    const chars = piece.length;
    const previous = parts.at(-1);
    if (previous?.hyphen) {
      // A word broken at the line's end goes on without a space, its hyphen dropped before a lower-case letter.
      if (!/^\p{Ll}/u.test(piece)) restoreHyphen(previous);
    } else if (previous && !(hasCjk(text.at(-1) ?? '') && hasCjk(piece[0] ?? ''))) {
      text += ' ';
    }
    const hyphen = /\p{L}[-\u00ad]$/u.test(piece) ? piece.slice(-1) : '';
    if (hyphen) piece = piece.slice(0, -1);
    const start = text.length;
    text += piece;
    parts.push({ start, end: text.length, chars, hyphen, rect: line.rect });
  }
  const last = parts.at(-1);
  if (last) restoreHyphen(last);
  return { text, parts };
}

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * The rectangles a span of the joined text covers, one per line part. Within a line the
 * horizontal extent is proportional to characters: the text positions of single characters
 * are not in DocumentText, and a proportional guess is close for body text.
 */
export function spanRects(span: Span, parts: LinePart[]): PageRect[] {
  const rects: PageRect[] = [];
  for (const part of parts) {
    const from = Math.max(span.start, part.start) - part.start;
    let to = Math.min(span.end, part.end) - part.start;
    if (to <= from) continue;
    // A sentence reaching a de-hyphenated line's end covers the hyphen too.
    if (part.hyphen && to === part.end - part.start) to = part.chars;
    const [x, y, width, height] = part.rect;
    const unit = width / Math.max(part.chars, 1);
    rects.push([round(x + unit * from), y, round(unit * (Math.min(to, part.chars) - from)), height]);
  }
  return rects;
}

function paragraphSentences(paragraph: Paragraph): ChunkSentence[] {
  const { text, parts } = joinLines(paragraph.lines);
  if (paragraph.heading) return text ? [{ text, rects: spanRects({ start: 0, end: text.length }, parts), heading: true }] : [];
  return sentenceSpans(text).map((span) => ({ text: text.slice(span.start, span.end), rects: spanRects(span, parts), heading: false }));
}

function joinSentences(sentences: ChunkSentence[]): string {
  let text = '';
  for (const sentence of sentences) {
    if (text && !(hasCjk(text.at(-1) ?? '') && hasCjk(sentence.text[0] ?? ''))) text += ' ';
    text += sentence.text;
  }
  return text;
}

/** The document cut into page-tagged chunks of whole sentences, in reading order. */
export function chunkDocument(doc: DocumentText): Chunk[] {
  const body = bodyFontSize(doc);
  const chunks: Chunk[] = [];
  let section: string | null = null;
  for (const page of doc.pages) {
    const pageChunks: Array<{ sentences: ChunkSentence[]; words: number; section: string | null }> = [];
    let current: ChunkSentence[] = [];
    let words = 0;
    let currentSection = section;
    const flush = (): void => {
      if (current.length > 0) pageChunks.push({ sentences: current, words, section: currentSection });
      current = [];
      words = 0;
      currentSection = section;
    };
    for (const paragraph of pageParagraphs(page, body)) {
      const sentences = paragraphSentences(paragraph);
      if (paragraph.heading) {
        // A heading opens a chunk, unless the chunk so far holds only headings (a title above a section).
        if (current.some((sentence) => !sentence.heading)) flush();
        section = sentences.map((sentence) => sentence.text).join(' ') || section;
        if (current.length === 0) currentSection = section;
      }
      for (const sentence of sentences) {
        const sentenceWords = countWords(sentence.text);
        if (words > 0 && words + sentenceWords > MAX_WORDS) flush();
        current.push(sentence);
        words += sentenceWords;
      }
      if (words >= MIN_WORDS) flush();
    }
    flush();
    const tail = pageChunks.at(-1);
    const before = pageChunks.at(-2);
    if (tail && before && tail.words < TAIL_WORDS && before.words + tail.words <= TAIL_MERGED_MAX && !tail.sentences[0]?.heading) {
      before.sentences.push(...tail.sentences);
      before.words += tail.words;
      pageChunks.pop();
    }
    for (const chunk of pageChunks) {
      chunks.push({ id: chunks.length, page: page.page, text: joinSentences(chunk.sentences), words: chunk.words, sentences: chunk.sentences, section: chunk.section });
    }
  }
  return chunks;
}

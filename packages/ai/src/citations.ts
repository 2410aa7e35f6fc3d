/**
 * Citations of an answer: its `[p. N]` markers resolved to the document's own sentences, so a
 * reader can open the page and see the passage highlighted. A marker naming a page no passage
 * of the request came from gets no citation (a model inventing a page is not trusted), and a
 * page whose sentences do not match the claim gets no highlight rather than the wrong one.
 */
import { isHeading } from './chunk.js';
import { countWords, guessLanguage, sentences } from './segment.js';
import { termMatches, terms } from './terms.js';
import type { Citation, Passage, PageRect } from './types.js';

const MARKER = /\[\s*pp?\.?\s*(\d+(?:\s*[,;]\s*(?:pp?\.?\s*)?\d+)*)\s*\]/giu;
/** How close a sentence must be to a claim (shared terms over the geometric mean of their counts) to be highlighted. */
const MIN_SIMILARITY = 0.2;
/** How close a quote must be to a sentence to be located at it when it is not the same text. */
const MIN_QUOTE_SIMILARITY = 0.5;

export interface CitationMarker {
  pages: number[];
  start: number;
  end: number;
}

/** The `[p. N]` and `[p. N, M]` markers of a text, in order. */
export function findMarkers(text: string): CitationMarker[] {
  return [...text.matchAll(MARKER)].map((match) => ({
    pages: [...new Set((match[1] ?? '').match(/\d+/gu)?.map(Number) ?? [])],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

interface Candidate {
  text: string;
  rects: PageRect[];
  page: number;
  terms: Set<string>;
}

function candidatesOf(passages: Passage[], language: string): Candidate[] {
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const passage of passages) {
    for (const sentence of passage.sentences) {
      const key = `${passage.page}\u0000${sentence.text}`;
      if (isHeading(sentence) || seen.has(key)) continue;
      seen.add(key);
      candidates.push({ text: sentence.text, rects: sentence.rects, page: passage.page, terms: new Set(terms(sentence.text, language)) });
    }
  }
  return candidates;
}

function shared(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let count = 0;
  for (const term of a) {
    for (const other of b) {
      if (termMatches(term, other) || termMatches(other, term)) {
        count += 1;
        break;
      }
    }
  }
  return count;
}

function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): { shared: number; score: number } {
  const common = shared(a, b);
  return { shared: common, score: a.size === 0 || b.size === 0 ? 0 : common / Math.sqrt(a.size * b.size) };
}

function best(claim: ReadonlySet<string>, candidates: Candidate[], minimum: number): Candidate | null {
  let found: Candidate | null = null;
  let top = 0;
  for (const candidate of candidates) {
    const { shared: common, score } = similarity(claim, candidate.terms);
    if (common < Math.min(2, claim.size) || score < minimum) continue;
    if (score > top) [found, top] = [candidate, score];
  }
  return found;
}

/** The statement a marker stands for: the last sentence before it (two when the last is only a few words). */
function claimBefore(text: string): string {
  const parts = sentences(text);
  const last = parts.at(-1) ?? '';
  return countWords(last) < 3 ? parts.slice(-2).join(' ') : last;
}

function passagesLanguage(passages: Passage[], fallback: string): string {
  const sample = passages.map((passage) => passage.text).join(' ').slice(0, 5_000);
  return guessLanguage(sample || fallback);
}

export function parseCitations(answer: string, passages: Passage[]): Citation[] {
  const language = passagesLanguage(passages, answer);
  const byPage = new Map<number, Candidate[]>();
  for (const candidate of candidatesOf(passages, language)) byPage.set(candidate.page, [...(byPage.get(candidate.page) ?? []), candidate]);
  const pagesGiven = new Set(passages.map((passage) => passage.page));
  const citations: Citation[] = [];
  const seen = new Set<string>();
  let previousEnd = 0;
  let claim = '';
  for (const marker of findMarkers(answer)) {
    const before = answer.slice(previousEnd, marker.start);
    // Markers side by side ("[p. 3] [p. 4]") cite the same statement.
    if (before.trim().length > 0) claim = claimBefore(before);
    previousEnd = marker.end;
    const claimTerms = new Set(terms(claim, language));
    for (const page of marker.pages) {
      if (!pagesGiven.has(page)) continue;
      const sentence = best(claimTerms, byPage.get(page) ?? [], MIN_SIMILARITY);
      const citation: Citation = sentence ? { page, quote: sentence.text, rects: sentence.rects } : { page, quote: '', rects: [] };
      const key = `${page}\u0000${citation.quote}`;
      if (seen.has(key)) continue;
      seen.add(key);
      citations.push(citation);
    }
  }
  return citations;
}

const normalise = (text: string): string => text.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();

/**
 * Where a quote stands among the passages' sentences (on `page` only, when given): the sentence
 * that is the quote, or holds it, or else the closest one if it is close; null when none is.
 */
export function locateQuote(quote: string, passages: Passage[], page?: number): Citation | null {
  const within = page === undefined ? passages : passages.filter((passage) => passage.page === page);
  const wanted = normalise(quote);
  if (wanted.length === 0) return null;
  for (const passage of within) {
    for (const sentence of passage.sentences) {
      if (!isHeading(sentence) && normalise(sentence.text).includes(wanted)) return { page: passage.page, quote: sentence.text, rects: sentence.rects };
    }
  }
  const language = passagesLanguage(within, quote);
  const found = best(new Set(terms(quote, language)), candidatesOf(within, language), MIN_QUOTE_SIMILARITY);
  return found ? { page: found.page, quote: found.text, rects: found.rects } : null;
}

/**
 * Sentences with their character spans and the words of a text, as the detector and the
 * proofreader read them. Spans are kept (not just the strings) because the pages highlight
 * each sentence or finding in the text the user pasted.
 */

export interface Span {
  text: string;
  start: number;
  end: number;
}

/** A sentence ends at . ! ? (with closing quotes or brackets) before a space, or at a blank line. */
const SENTENCE_END = /[.!?]+["'’”)\]]*(?=\s|$)|\n\s*\n/gu;

export function sentenceSpans(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed && /[\p{L}\p{N}]/u.test(trimmed)) spans.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
    start = end;
  };
  for (const match of text.matchAll(SENTENCE_END)) push(match.index + match[0].length);
  push(text.length);
  return spans;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The words of a text with their spans (apostrophes kept inside a word: don't, l'homme). */
export function wordSpans(text: string): Span[] {
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

/** Lower-cased words: what the language model and the counts see. */
export function wordTokens(text: string): string[] {
  return (text.match(WORD) ?? []).map((w) => w.toLowerCase().replace(/’/g, "'"));
}

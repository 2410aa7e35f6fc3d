/**
 * The words of a text for the cloud's search by content: NFKC-folded, lower-cased, cut by
 * Intl.Segmenter (which splits Chinese and Japanese into words by dictionary, where spaces
 * do not), each kept once. The same cut serves the index and the query, so they agree.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Longer words are kept by their start: a search types the start anyway. */
const MAX_TERM = 40;
/** Distinct words kept per document: enough for any real document's vocabulary. */
export const MAX_TERMS = 20_000;

export function textTerms(text: string, limit = MAX_TERMS): string[] {
  const terms = new Set<string>();
  for (const { segment, isWordLike } of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (!isWordLike) continue;
    terms.add(segment.slice(0, MAX_TERM));
    if (terms.size >= limit) break;
  }
  return [...terms];
}

/** A name folded for comparison: 'Report.PDF' and 'report.pdf' are the same name. */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

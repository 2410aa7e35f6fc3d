import { describe, expect, it } from 'vitest';
import { reportDocument } from '../test/fixtures.js';
import { findMarkers, locateQuote, parseCitations } from './citations.js';
import { DocumentIndex } from './retrieval.js';
import type { Passage } from './types.js';

const index = DocumentIndex.fromDocument(reportDocument());
const passages: Passage[] = [...index.pagePassages([3]), ...index.pagePassages([2])];

describe('findMarkers', () => {
  it('reads [p. 3], [p. 3, 5], [pp. 4; 6] and [p.7]', () => {
    expect(findMarkers('a [p. 3] b [p. 3, 5] c [pp. 4; 6] d [p.7]').map((marker) => marker.pages)).toEqual([[3], [3, 5], [4, 6], [7]]);
  });
});

describe('parseCitations', () => {
  it('cites [p. 3] with the page’s sentence closest to the statement, and its rectangles', () => {
    const citations = parseCitations('The Millbrook plant was built in 1987 and later extended [p. 3].', passages);
    expect(citations).toHaveLength(1);
    expect(citations[0]?.page).toBe(3);
    expect(citations[0]?.quote).toBe('All surface water is treated at the Millbrook treatment plant, which was built in 1987 and extended in 2009.');
    expect(citations[0]?.rects.length).toBeGreaterThan(0);
  });

  it('ignores a page that no passage of the request came from', () => {
    const citations = parseCitations('Tariffs rose by ten per cent [p. 7]. The dam dates from 1962 [p. 2].', passages);
    expect(citations.map((citation) => citation.page)).toEqual([2]);
  });

  it('resolves each page of [p. 2, 3] against the same statement', () => {
    const citations = parseCitations('Water from the Cold Creek reservoir is treated at the Millbrook plant [p. 2, 3].', passages);
    expect(citations.map((citation) => citation.page)).toEqual([2, 3]);
    expect(citations.every((citation) => citation.quote.length > 0)).toBe(true);
  });

  it('cites the statement before a marker placed after the full stop', () => {
    const [citation] = parseCitations('Ozone and ultraviolet light disinfect the water. [p. 3]', passages);
    expect(citation?.quote).toMatch(/^Disinfection combines ozone, ultraviolet light/);
  });

  it('highlights nothing when no sentence of the page matches the statement', () => {
    expect(parseCitations('Penguins migrate in winter [p. 3].', passages)).toEqual([{ page: 3, quote: '', rects: [] }]);
  });

  it('cites a sentence once however often it is marked', () => {
    const answer = 'The plant was built in 1987 [p. 3]. Indeed the Millbrook plant was built in 1987 [p. 3].';
    expect(parseCitations(answer, passages)).toHaveLength(1);
  });
});

describe('locateQuote', () => {
  it('finds the sentence holding a quote, with its page and rectangles', () => {
    const located = locateQuote('the reservoir holds 18 million cubic metres', passages);
    expect(located?.page).toBe(2);
    expect(located?.quote).toMatch(/^When full, the reservoir holds/);
    expect(located?.rects.length).toBeGreaterThan(0);
  });

  it('finds nothing for text the passages do not hold', () => {
    expect(locateQuote('A brass band played at the opening of the library.', passages)).toBeNull();
  });
});

import type { Citation } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { highlightBox, pagesWithoutMarker, splitCitations, targetOf } from './citations';

const cite = (page: number, quote = `on ${page}`, rects: Citation['rects'] = []): Citation => ({ page, quote, rects });

describe('splitCitations', () => {
  it('cuts the text at each [p. N] marker', () => {
    expect(splitCitations('The lighthouse is red [p. 2]. It was built in 1873 [p.3]')).toEqual([
      { kind: 'text', text: 'The lighthouse is red ' },
      { kind: 'cite', page: 2 },
      { kind: 'text', text: '. It was built in 1873 ' },
      { kind: 'cite', page: 3 },
    ]);
  });

  it('leaves a marker still being written as text', () => {
    expect(splitCitations('Red [p. ')).toEqual([{ kind: 'text', text: 'Red [p. ' }]);
  });

  it('answers no part for an empty text', () => {
    expect(splitCitations('')).toEqual([]);
  });
});

describe('targetOf', () => {
  it('gathers the passages and rectangles the answer cites on the page', () => {
    const citations = [cite(2, 'A.', [[1, 2, 3, 4]]), cite(3, 'B.', [[5, 6, 7, 8]]), cite(2, 'C.', [[9, 9, 9, 9]])];
    expect(targetOf(2, citations)).toEqual({ page: 2, rects: [[1, 2, 3, 4], [9, 9, 9, 9]], quotes: ['A.', 'C.'] });
  });

  it('opens a page with nothing to highlight when the passage was not located', () => {
    expect(targetOf(4, [cite(4, 'D.', [])]).rects).toEqual([]);
    expect(targetOf(5, []).rects).toEqual([]);
  });
});

describe('pagesWithoutMarker', () => {
  it('lists the cited pages the text does not mark, once each', () => {
    expect(pagesWithoutMarker('See [p. 2].', [cite(2), cite(5), cite(1), cite(5)])).toEqual([5, 1]);
  });
});

describe('highlightBox', () => {
  it('places a rectangle in points as a share of the page', () => {
    expect(highlightBox([61.2, 79.2, 306, 39.6], { w: 612, h: 792 })).toEqual({ left: '10.000%', top: '10.000%', width: '50.000%', height: '5.000%' });
  });

  it('keeps a rectangle that overflows the page on it', () => {
    expect(highlightBox([500, -10, 300, 20], { w: 600, h: 800 })).toEqual({ left: '83.333%', top: '0.000%', width: '16.667%', height: '1.250%' });
  });

  it('draws nothing for an empty or off-page rectangle', () => {
    expect(highlightBox([10, 10, 0, 5], { w: 600, h: 800 })).toBeNull();
    expect(highlightBox([700, 10, 50, 5], { w: 600, h: 800 })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { joinSplitParagraphs, type TextBox } from './boxes.js';

const box = (id: string, text: string, y0: number, lines = 1, extra: Partial<TextBox> = {}): TextBox => {
  const rect = { x0: 72, y0, x1: 500, y1: y0 + 14 * lines };
  return {
    id, text, rect, room: { ...rect }, baseline: y0 + 10, size: 11, leading: lines > 1 ? 14 / 11 : 1.2,
    bold: false, italic: false, serif: true, mono: false, color: '000000', align: 'left', ...extra,
  };
};

describe('joinSplitParagraphs (paragraph mapping)', () => {
  it('joins a paragraph the analysis cut in two, one line gap apart, into one box covering both', () => {
    const [joined, ...rest] = joinSplitParagraphs([box('1:0', 'The price of raw materials rose', 100, 3), box('1:1', 'sharply in the second half.', 142)], new Set());
    expect(rest).toEqual([]);
    expect(joined!.text).toBe('The price of raw materials rose sharply in the second half.');
    expect(joined!.rect).toEqual({ x0: 72, y0: 100, x1: 500, y1: 156 });
    expect(joined!.baseline).toBe(110);
  });

  it('keeps paragraphs apart when paragraph spacing, another style or a table cell separates them', () => {
    const spaced = [box('1:0', 'First paragraph.', 100), box('1:1', 'Second paragraph.', 124)];
    expect(joinSplitParagraphs(spaced, new Set())).toHaveLength(2);
    const heading = [box('1:0', 'A heading', 100, 1, { bold: true, size: 16 }), box('1:1', 'Body text.', 114)];
    expect(joinSplitParagraphs(heading, new Set())).toHaveLength(2);
    const cells = [box('1:0', 'Region', 100), box('1:1', 'North', 114)];
    expect(joinSplitParagraphs(cells, new Set(cells))).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { visualOrder } from './bidi.js';

describe('visualOrder', () => {
  it('runs right-to-left words from the right and reverses their letters', () => {
    expect(visualOrder('שלום עולם')).toBe('םלוע םולש');
  });

  it('keeps a stretch of left-to-right words in its own order inside a right-to-left line', () => {
    expect(visualOrder('מחיר 42 Euro בלבד')).toBe('דבלב 42 Euro ריחמ');
  });
});

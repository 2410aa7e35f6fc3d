import { describe, expect, it } from 'vitest';
import { nameKey, textTerms } from './terms.js';

describe('textTerms', () => {
  it('folds case and width and keeps each word once', () => {
    expect(textTerms('Report REPORT report ＡＢＣ')).toEqual(['report', 'abc']);
  });

  it('cuts Chinese and Japanese text into words where there are no spaces', () => {
    const terms = textTerms('我们的年度报告');
    expect(terms.length).toBeGreaterThan(1);
    expect(terms.join('')).toBe('我们的年度报告');
  });

  it('drops punctuation and stops at the limit', () => {
    expect(textTerms('one, two; three!', 2)).toEqual(['one', 'two']);
  });
});

describe('nameKey', () => {
  it('treats names differing only in case or Unicode form as the same', () => {
    expect(nameKey('Café.PDF')).toBe(nameKey('Cafe\u0301.pdf'));
  });
});

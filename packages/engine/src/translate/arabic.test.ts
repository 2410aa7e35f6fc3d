import { describe, expect, it } from 'vitest';
import { shapeArabic } from './arabic.js';

const hex = (text: string) => [...text].map((ch) => ch.codePointAt(0)!.toString(16)).join(' ');

describe('shapeArabic', () => {
  it('gives each letter its initial, medial, final or isolated form by the letters it joins', () => {
    // بيت: beh initial, yeh medial, teh final.
    expect(hex(shapeArabic('بيت'))).toBe('fe91 fef4 fe96');
    // دار: dal and alef never join the letter after them, so all three stand isolated.
    expect(hex(shapeArabic('دار'))).toBe('fea9 fe8d fead');
  });

  it('writes lam followed by alef as their ligature and leaves other characters alone', () => {
    expect(hex(shapeArabic('سلام 2'))).toBe('feb3 fefc fee1 20 32');
  });

  it('maps back to the same letters under NFKC, as text extraction reads them', () => {
    const text = 'تقرير الشركة السنوي';
    expect(shapeArabic(text).normalize('NFKC')).toBe(text);
  });
});

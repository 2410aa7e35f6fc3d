/** Font styles from PDF font names and descriptor flags. */
import { describe, expect, it } from 'vitest';
import { fontStyle } from './fonts.js';

describe('font styles', () => {
  it('reads Arial Unicode MS as proportional Arial even when its descriptor says fixed pitch', () => {
    const style = fontStyle('AAAAAA+ArialUnicodeMS', { bold: false, italic: false, mono: true, serif: false });
    expect(style.family).toBe('Arial');
    expect(style.mono).toBe(false);
  });
});

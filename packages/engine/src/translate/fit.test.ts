import { describe, expect, it } from 'vitest';
import { breakTokens, fitText, graphemes, linesHeight, wrapText, type Measure } from './fit.js';

/** Every character half an em wide: easy widths to reason about. */
const halfEm: Measure = (text, size) => [...text].length * size * 0.5;

describe('wrapText', () => {
  it('breaks between words so that no line is wider than the box', () => {
    const lines = wrapText('uno dos tres cuatro cinco seis', 40, 10, halfEm);
    expect(lines).toEqual(['uno dos', 'tres', 'cuatro', 'cinco', 'seis']);
    for (const line of lines) expect(halfEm(line, 10)).toBeLessThanOrEqual(40);
  });

  it('breaks a word longer than the line by characters instead of running past the box', () => {
    const lines = wrapText('internacionalización', 50, 10, halfEm);
    expect(lines.join('')).toBe('internacionalización');
    for (const line of lines) expect(halfEm(line, 10)).toBeLessThanOrEqual(50);
  });

  it('breaks text without spaces between any two characters when the script allows it', () => {
    expect(wrapText('一二三四五六', 20, 10, (t, s) => [...t].length * s, true)).toEqual(['一二', '三四', '五六']);
  });

  it('never starts a Chinese or Japanese line with closing punctuation nor ends one with an opening bracket', () => {
    const fullWidth: Measure = (t, s) => [...t].length * s;
    // Three characters a line: between any two characters, 」 and 。 would start lines 3 and 4.
    const lines = wrapText('一二、三「四」五六。', 30, 10, fullWidth, true);
    expect(lines).toEqual(['一二、', '三', '「四」', '五六。']);
    for (const line of lines) {
      expect(line).not.toMatch(/^[、。」]/u);
      expect(line).not.toMatch(/「$/u);
    }
    expect(lines.join('')).toBe('一二、三「四」五六。');
  });

  it('breaks a Thai paragraph only at word boundaries, though it has no spaces between words', () => {
    const thai = 'ประเทศไทยมีประชากรประมาณหกสิบหกล้านคนเมืองหลวงคือกรุงเทพมหานครภาษาราชการคือภาษาไทย';
    const words = [...new Intl.Segmenter('th', { granularity: 'word' }).segment(thai)];
    const boundaries = new Set(words.map((w) => w.index));
    // Sixteen characters a line, a few words (the longest, กรุงเทพมหานคร, has 13), asked as the translator asks for Thai (breakAnywhere).
    const lines = wrapText(thai, 80, 10, halfEm, true, 'th');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('')).toBe(thai);
    let at = 0;
    for (const line of lines) {
      expect(boundaries.has(at)).toBe(true);
      at += line.length;
    }
  });

  it('cuts a word wider than the line between graphemes, never between a letter and its mark', () => {
    const word = 'क्षत्रियकिताबहिन्दी';
    const lines = wrapText(word, 20, 10, halfEm);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(word);
    for (const line of lines) expect(graphemes(line).join('')).toBe(line);
    // No line starts with a vowel sign or a virama: those belong to the letter before them.
    for (const line of lines) expect(line).not.toMatch(/^\p{M}/u);
    expect(breakTokens('ภาษาไทย', true, 'th')).toEqual(['ภาษา', 'ไทย']);
  });
});

describe('fitText', () => {
  it('keeps the original size when the translation fits the box', () => {
    const fitted = fitText('hola mundo', { width: 100, height: 11.2 }, halfEm, { size: 10, leading: 1.2 });
    expect(fitted).toEqual({ lines: ['hola mundo'], size: 10, overflow: false });
  });

  it('shrinks a longer translation until its lines fit the box height', () => {
    const box = { width: 100, height: 24 };
    const text = 'una traducción bastante más larga que el texto original que ocupaba dos líneas';
    const fitted = fitText(text, box, halfEm, { size: 10, leading: 1.2 });
    expect(fitted.overflow).toBe(false);
    expect(fitted.size).toBeLessThan(10);
    expect(linesHeight(fitted.lines.length, fitted.size, 1.2)).toBeLessThanOrEqual(box.height + 1);
    for (const line of fitted.lines) expect(halfEm(line, fitted.size)).toBeLessThanOrEqual(box.width);
    expect(fitted.lines.join(' ')).toBe(text);
  });

  it('reports an overflow when even the smallest size does not fit', () => {
    const fitted = fitText('palabras '.repeat(200).trim(), { width: 40, height: 10 }, halfEm, { size: 10, leading: 1.2, minSize: 6 });
    expect(fitted.overflow).toBe(true);
    expect(fitted.size).toBeGreaterThanOrEqual(6);
  });
});

import { describe, expect, it } from 'vitest';
import { fitText, linesHeight, wrapText, type Measure } from './fit.js';

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

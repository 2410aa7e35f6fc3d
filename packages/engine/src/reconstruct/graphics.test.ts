/**
 * What is drawn besides text, on PDFs the tests draw: shaded shapes with curved outlines, and
 * the labels of charts drawn with paths.
 */
import { describe, expect, it } from 'vitest';
import { savedBytes } from '../../test/fixtures.js';
import { useTempDir } from '../../test/harness.js';
import { mupdf } from '../mupdf.js';
import { analysePdf } from './analyse.js';
import type { Paragraph } from './layout.js';

const tmp = useTempDir('pagewright-graphics-');

const esc = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);
const show = (size: number, x: number, y: number, text: string): string => `BT 0 0 0 rg /F1 ${size} Tf ${x} ${y} Td (${esc(text)}) Tj ET`;
const textOf = (p: Paragraph): string => p.runs.map((r) => r.text).join('');

/** One A4 page drawn with `ops` (PDF operators, y up) and Helvetica as /F1. */
function pagePdf(ops: string[]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** A closed rectangle with corners rounded by `r` (Bézier quarter circles), as a path to fill. */
function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  const k = r * 0.5523;
  return [
    `${x + r} ${y} m`,
    `${x + w - r} ${y} l`,
    `${x + w - r + k} ${y} ${x + w} ${y + r - k} ${x + w} ${y + r} c`,
    `${x + w} ${y + h - r} l`,
    `${x + w} ${y + h - r + k} ${x + w - r + k} ${y + h} ${x + w - r} ${y + h} c`,
    `${x + r} ${y + h} l`,
    `${x + r - k} ${y + h} ${x} ${y + h - r + k} ${x} ${y + h - r} c`,
    `${x} ${y + r} l`,
    `${x} ${y + r - k} ${x + r - k} ${y} ${x + r} ${y} c`,
    'h',
  ].join(' ');
}

const NOTE = ['The variations of the acid level are compensated by the', 'kidneys and the lungs, within hours or within days.'];

describe('a shaded box with rounded corners around a note', () => {
  it('shades the text of the note with the box fill, as a square-cornered box does', async () => {
    const ops = [
      show(11, 72, 760, 'A paragraph before the note, set in the body of the page.'),
      `0.85 0.93 0.75 rg ${roundedRect(66, 694, 330, 30, 9)} f`,
      show(11, 72, 714, NOTE[0]!),
      show(11, 72, 700, NOTE[1]!),
    ];
    const path = tmp.file('rounded-note.pdf', pagePdf(ops));
    const page = (await analysePdf({ path })).pages[0]!;
    const note = page.blocks.filter((b): b is Paragraph => b.kind === 'paragraph').find((p) => textOf(p).startsWith('The variations'));
    expect(note).toBeDefined();
    expect(page.blocks.some((b) => b.kind === 'image')).toBe(false);
    const shades = new Set(note!.runs.filter((r) => r.text.trim() !== '').map((r) => r.shading));
    expect([...shades]).toEqual(['d9edbf']);
  });
});

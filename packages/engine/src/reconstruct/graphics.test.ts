/**
 * What is drawn besides text, on PDFs the tests draw: shaded shapes with curved outlines, and
 * the labels of charts drawn with paths.
 */
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { mupdf } from '../mupdf.js';
import { analysePdf } from './analyse.js';
import type { ImageBlock, Paragraph } from './layout.js';
import { pdfToWord } from '../convert/pdf-to-word.js';
import { execFileSync } from 'node:child_process';

const tmp = useTempDir('pagewright-graphics-');

const esc = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);
const show = (size: number, x: number, y: number, text: string): string => `BT 0 0 0 rg /F1 ${size} Tf ${x} ${y} Td (${esc(text)}) Tj ET`;
const textOf = (p: Paragraph): string => p.runs.map((r) => r.text).join('');

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
    const path = tmp.file('rounded-note.pdf', opsPdf(ops));
    const page = (await analysePdf({ path })).pages[0]!;
    const note = page.blocks.filter((b): b is Paragraph => b.kind === 'paragraph').find((p) => textOf(p).startsWith('The variations'));
    expect(note).toBeDefined();
    expect(page.blocks.some((b) => b.kind === 'image')).toBe(false);
    const shades = new Set(note!.runs.filter((r) => r.text.trim() !== '').map((r) => r.shading));
    expect([...shades]).toEqual(['d9edbf']);
  });
});

/** A pie wedge from angle `a0` to `a1` (radians, counter-clockwise) as a closed path of Bézier arcs. */
function wedge(cx: number, cy: number, r: number, a0: number, a1: number): string {
  const ops = [`${cx} ${cy} m`, `${cx + r * Math.cos(a0)} ${cy + r * Math.sin(a0)} l`];
  const steps = Math.ceil((a1 - a0) / (Math.PI / 2));
  const step = (a1 - a0) / steps;
  const k = (4 / 3) * Math.tan(step / 4);
  for (let i = 0; i < steps; i++) {
    const s = a0 + i * step;
    const e = s + step;
    const [sx, sy, ex, ey] = [cx + r * Math.cos(s), cy + r * Math.sin(s), cx + r * Math.cos(e), cy + r * Math.sin(e)];
    ops.push(`${sx - k * r * Math.sin(s)} ${sy + k * r * Math.cos(s)} ${ex + k * r * Math.sin(e)} ${ey - k * r * Math.cos(e)} ${ex} ${ey} c`);
  }
  return [...ops, 'h'].join(' ');
}

const PIE = {
  above: 'The chart below shows how the answers were shared between the regions.',
  below: 'The northern offices sent the most answers over the six weeks.',
  legend: ['North 50%', 'South 30%', 'West 20%'],
};

/** A pie chart drawn with curves between two paragraphs, its legend (small squares and names) to its right. */
function piePdf(): Uint8Array {
  const colours = ['0.2 0.4 0.8', '0.9 0.3 0.1', '1 0.8 0.1'];
  const shares = [0.5, 0.3, 0.2];
  const ops = [show(11, 72, 760, PIE.above)];
  let angle = 0;
  shares.forEach((share, i) => {
    const next = angle + share * 2 * Math.PI;
    ops.push(`${colours[i]} rg ${wedge(160, 620, 60, angle, next)} f`);
    ops.push(`${colours[i]} rg 240 ${650 - i * 16} 8 8 re f`);
    ops.push(show(9, 252, 650 - i * 16, PIE.legend[i]!));
    angle = next;
  });
  ops.push(show(11, 72, 520, PIE.below));
  return opsPdf(ops);
}

/** Whether any pixel of the encoded picture inside the box (fractions of its width and height) is dark. */
function inkIn(data: Uint8Array, box: { x0: number; y0: number; x1: number; y1: number }): boolean {
  const image = new mupdf.Image(data);
  const pixmap = image.toPixmap();
  try {
    const n = pixmap.getNumberOfComponents() + pixmap.getAlpha();
    const [w, h] = [pixmap.getWidth(), pixmap.getHeight()];
    const pixels = pixmap.getPixels();
    for (let y = Math.floor(box.y0 * h); y < Math.ceil(box.y1 * h); y++) {
      for (let x = Math.floor(box.x0 * w); x < Math.ceil(box.x1 * w); x++) {
        const i = (y * w + x) * n;
        if (pixels[i]! < 128) return true;
      }
    }
    return false;
  } finally {
    pixmap.destroy();
    image.destroy();
  }
}

const unzip = (file: string, entry: string): string => execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const wordText = (xml: string): string => [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('');

describe('a pie chart drawn with curves, its legend beside it', () => {
  it('is a picture drawn without its legend, the legend names kept as text framed over it in Word and out of the flow', async () => {
    const path = tmp.file('pie.pdf', piePdf());
    const page = (await analysePdf({ path })).pages[0]!;
    const images = page.blocks.filter((b): b is ImageBlock => b.kind === 'image');
    expect(images).toHaveLength(1);
    const pie = images[0]!;
    expect(pie.bbox.x0).toBeLessThan(101);
    expect(pie.bbox.x1).toBeGreaterThan(290);
    expect(page.blocks.filter((b): b is Paragraph => b.kind === 'paragraph').map(textOf)).toEqual([PIE.above, PIE.below]);
    expect(pie.labels?.paragraphs.map(textOf)).toEqual(PIE.legend);
    // The legend's first name: drawn in the picture, left out of the one written under the frames.
    const label = pie.labels!.paragraphs[0]!.bbox;
    const [w, h] = [pie.bbox.x1 - pie.bbox.x0, pie.bbox.y1 - pie.bbox.y0];
    const at = { x0: (label.x0 - pie.bbox.x0) / w, y0: (label.y0 - pie.bbox.y0) / h, x1: (label.x1 - pie.bbox.x0) / w, y1: (label.y1 - pie.bbox.y0) / h };
    expect(inkIn(pie.data, at)).toBe(true);
    expect(inkIn(pie.labels!.plain.data, at)).toBe(false);

    const docx = tmp.out('pie.docx');
    await pdfToWord({ path }, docx);
    const xml = unzip(docx, 'word/document.xml');
    const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => m[0]);
    const framed = paragraphs.filter((p) => p.includes('<w:framePr'));
    expect(framed.map(wordText)).toEqual(PIE.legend);
    for (const p of framed) expect(p).toMatch(/<w:framePr [^>]*w:hAnchor="page" w:vAnchor="page"/);
    expect(paragraphs.filter((p) => !p.includes('<w:framePr')).map(wordText).filter((t) => t !== '')).toEqual([PIE.above, PIE.below]);
  });
});

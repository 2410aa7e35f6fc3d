import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { RICH, richPdf } from '../../test/convert-fixtures.js';
import { buildPdf } from '../../test/fixtures.js';
import { stencilMaskPdf, turnedImagePdf } from '../../test/layout-fixtures.js';
import { errorOf, useTempDir } from '../../test/harness.js';
import { pdfToPpt } from './pdf-to-ppt.js';
import { mupdf } from '../mupdf.js';
import { savedBytes } from '../../test/fixtures.js';
import { OfficePool } from '../office/pool.js';

const tmp = useTempDir('pagewright-pdf-to-ppt-');
const EMU_PER_POINT = 12700;

/** The entries of an Office file, read with Info-ZIP's unzip (names quoted: `[` is a wildcard to it). */
function readZip(path: string): Map<string, Buffer> {
  const list = spawnSync('unzip', ['-Z1', path], { encoding: 'utf8' });
  if (list.status !== 0) throw new Error(`unzip -Z1 failed: ${list.stderr}`);
  const entries = new Map<string, Buffer>();
  for (const name of list.stdout.split('\n').filter(Boolean)) {
    const data = spawnSync('unzip', ['-p', path, name.replace(/[[\]*?]/g, (c) => `\\${c}`)], { maxBuffer: 1 << 28 });
    if (data.status !== 0) throw new Error(`unzip -p failed for ${name}`);
    entries.set(name, data.stdout);
  }
  return entries;
}

/** The text of each text shape of a slide (paragraphs joined by newlines). */
function shapeTexts(xml: string): string[] {
  return [...xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)]
    .map((m) => [...m[0].matchAll(/<a:p>([\s\S]*?)<\/a:p>/g)].map((p) => [...p[1]!.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => t[1]).join('')).join('\n'))
    .filter((t) => t !== '');
}

const unescape = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

describe('pdfToPpt', () => {
  it('makes one slide of the page size with editable text boxes, the picture and the vector art', async () => {
    const input = tmp.file('rich.pdf', richPdf());
    const result = await pdfToPpt({ path: input }, tmp.out('rich.pptx'));
    expect(result.slides).toBe(1);
    const zip = readZip(tmp.out('rich.pptx'));
    const presentation = zip.get('ppt/presentation.xml')!.toString('utf8');
    const size = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(presentation)!;
    const [w, h] = RICH.size;
    expect(Number(size[1]) / EMU_PER_POINT).toBeCloseTo(w, 0);
    expect(Number(size[2]) / EMU_PER_POINT).toBeCloseTo(h, 0);
    expect([...zip.keys()].filter((k) => /^ppt\/slides\/slide\d+\.xml$/.test(k))).toEqual(['ppt/slides/slide1.xml']);

    const slide = zip.get('ppt/slides/slide1.xml')!.toString('utf8');
    // One box per text block, not per glyph or word.
    expect(shapeTexts(slide).map(unescape)).toEqual([RICH.title, RICH.body, RICH.red, RICH.script]);
    expect(slide).not.toContain('<script');
    expect(slide).toMatch(/<a:rPr[^>]*sz="2400"[^>]*b="1"[\s\S]*?<a:t>Quarterly Report<\/a:t>/);
    expect(slide).toMatch(/<a:rPr[^>]*i="1"[^>]*>[\s\S]*?<a:srgbClr val="FF0000"[\s\S]*?<a:t>Red words<\/a:t>/);
    // The title box sits where the title is: 20 pt from the left edge.
    const titleShape = [...slide.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)].map((m) => m[0]).find((s) => s.includes('Quarterly Report'))!;
    const off = /<a:off x="(\d+)" y="(\d+)"/.exec(titleShape)!;
    expect(Number(off[1]) / EMU_PER_POINT).toBeCloseTo(20, 0);
    expect(Number(off[2]) / EMU_PER_POINT).toBeGreaterThan(20);
    expect(Number(off[2]) / EMU_PER_POINT).toBeLessThan(40);

    // Two pictures: the vector art behind everything (first, full slide) and the raster image in place.
    const pictures = [...slide.matchAll(/<p:pic>[\s\S]*?<\/p:pic>/g)].map((m) => m[0]);
    expect(pictures).toHaveLength(2);
    const place = (pic: string): number[] => {
      const m = /<a:off x="(\d+)" y="(\d+)"\/>\s*<a:ext cx="(\d+)" cy="(\d+)"/.exec(pic)!;
      return m.slice(1).map((v) => Math.round(Number(v) / EMU_PER_POINT));
    };
    expect(place(pictures[0]!)).toEqual([0, 0, w, h]);
    expect(place(pictures[1]!)).toEqual([RICH.image.x, RICH.image.y, RICH.image.w, RICH.image.h]);
    expect(slide.indexOf('<p:pic>')).toBeLessThan(slide.indexOf('<p:sp>'));
    // The background shows the blue rectangle but not the text (rendered without text).
    const media = [...zip.entries()].filter(([k]) => k.startsWith('ppt/media/'));
    const backgrounds = await Promise.all(media.filter(([k]) => k.endsWith('.png')).map(([, data]) => sharp(data).raw().toBuffer({ resolveWithObject: true })));
    const background = backgrounds.find((b) => b.info.width === Math.ceil((w * 150) / 72))!;
    expect(background).toBeDefined();
    const pixel = (xPt: number, yPt: number): number[] => {
      const { data, info } = background;
      const at = (Math.round((yPt * 150) / 72) * info.width + Math.round((xPt * 150) / 72)) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    expect(pixel(20, h - 60)).toEqual([0, 0, 255]);
    let dark = 0;
    for (let x = 20; x < 200; x += 0.5) for (let y = 30; y < 50; y += 0.5) if (pixel(x, y)[0]! < 128) dark++;
    expect(dark).toBe(0);
  });

  it('makes one slide per page and keeps the aspect ratio of a landscape page', async () => {
    const input = tmp.file('three.pdf', buildPdf({ pages: ['One', 'Two', 'Three'], size: [842, 595] }));
    await pdfToPpt({ path: input }, tmp.out('three.pptx'));
    const zip = readZip(tmp.out('three.pptx'));
    const size = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(zip.get('ppt/presentation.xml')!.toString('utf8'))!;
    expect(Number(size[1]) / Number(size[2])).toBeCloseTo(842 / 595, 3);
    const slides = [1, 2, 3].map((n) => shapeTexts(zip.get(`ppt/slides/slide${n}.xml`)!.toString('utf8')));
    expect(slides).toEqual([['One'], ['Two'], ['Three']]);
  });

  it('fails on a wrong password without writing', async () => {
    const input = tmp.file('locked.pdf', buildPdf({ pages: ['x'], encrypt: { user: 'u', owner: 'o' } }));
    expect((await errorOf(pdfToPpt({ path: input, password: 'no' }, tmp.out('locked.pptx')))).code).toBe('INCORRECT_PASSWORD');
    expect(() => readFileSync(tmp.out('locked.pptx'))).toThrow();
  });

  it("names each text's family as a viewer knows it: the PDF's own when common, else its metric twin", async () => {
    const doc = new mupdf.PDFDocument();
    let bytes: Uint8Array;
    try {
      const fonts = {
        F1: doc.addSimpleFont(new mupdf.Font('DejaVuSans', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf')),
        F2: doc.addSimpleFont(new mupdf.Font('Helvetica')),
        F3: doc.addSimpleFont(new mupdf.Font('Times-Bold')),
      };
      const content = ['BT /F1 12 Tf 72 760 Td (Set in DejaVu Sans) Tj ET', 'BT /F2 12 Tf 72 700 Td (Set in Helvetica) Tj ET', 'BT /F3 12 Tf 72 640 Td (Set in Times Bold) Tj ET'];
      doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, content.join('\n')));
      bytes = savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
    const input = tmp.file('fonts.pdf', bytes);
    await pdfToPpt({ path: input }, tmp.out('fonts.pptx'));
    const slide = readZip(tmp.out('fonts.pptx')).get('ppt/slides/slide1.xml')!.toString('utf8');
    const faceOf = (text: string): string | undefined => {
      const run = slide.split('<a:r>').find((r) => r.includes(`<a:t>${text}</a:t>`));
      return run && /<a:latin typeface="([^"]+)"/.exec(run)?.[1];
    };
    // A CamelCase PostScript name split at every capital ("Deja Vu Sans") is a family no viewer has.
    expect(faceOf('Set in DejaVu Sans')).toBe('DejaVu Sans');
    expect(faceOf('Set in Helvetica')).toBe('Arial');
    expect(faceOf('Set in Times Bold')).toBe('Times New Roman');
  });
});

/** The pictures of slide 1 but the page drawing behind everything: each one's place (points) and its media's pixels. */
async function placedPictures(zip: Map<string, Buffer>): Promise<{ place: number[]; pixel: (fx: number, fy: number) => number[] }[]> {
  const slide = zip.get('ppt/slides/slide1.xml')!.toString('utf8');
  const rels = zip.get('ppt/slides/_rels/slide1.xml.rels')!.toString('utf8');
  const pictures = [...slide.matchAll(/<p:pic>[\s\S]*?<\/p:pic>/g)].map((m) => m[0]).filter((pic) => !pic.includes('descr="Page drawing"'));
  return Promise.all(pictures.map(async (pic) => {
    const id = /r:embed="([^"]+)"/.exec(pic)![1]!;
    const target = new RegExp(`Id="${id}"[^>]*Target="\\.\\./media/([^"]+)"`).exec(rels)![1]!;
    const { data, info } = await sharp(zip.get(`ppt/media/${target}`)!).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const m = /<a:off x="(\d+)" y="(\d+)"\/>\s*<a:ext cx="(\d+)" cy="(\d+)"/.exec(pic)!;
    return {
      place: m.slice(1).map((v) => Math.round(Number(v) / EMU_PER_POINT)),
      pixel: (fx: number, fy: number) => {
        const at = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
        return [data[at]!, data[at + 1]!, data[at + 2]!];
      },
    };
  }));
}

describe('pdfToPpt pictures that their own pixels do not show as drawn', () => {
  const near = (rgb: number[], want: number[]): boolean => rgb.every((v, i) => Math.abs(v - want[i]!) <= 3);

  it('shows a 1-bit stencil mask drawn over a picture as seen: the picture where the mask leaves it, its colour where it paints', async () => {
    const input = tmp.file('mask-over-image.pdf', stencilMaskPdf({ overImage: true }));
    await pdfToPpt({ path: input }, tmp.out('mask.pptx'));
    const pictures = await placedPictures(readZip(tmp.out('mask.pptx')));
    expect(pictures.map((p) => p.place)).toEqual([[72, 142, 200, 100]]);
    // The top row of cells: unpainted (the green picture), painted (blue).
    expect(near(pictures[0]!.pixel(1 / 8, 1 / 8), [0, 255, 0])).toBe(true);
    expect(near(pictures[0]!.pixel(3 / 8, 1 / 8), [0, 0, 255])).toBe(true);
  });

  it('keeps a picture turned on the page as it stands there, not as its pixels are stored', async () => {
    const input = tmp.file('turned.pdf', turnedImagePdf());
    await pdfToPpt({ path: input }, tmp.out('turned.pptx'));
    const pictures = await placedPictures(readZip(tmp.out('turned.pptx')));
    expect(pictures.map((p) => p.place)).toEqual([[260, 262, 40, 80]]);
    // The red corner at the bottom left, where the page shows it.
    expect(near(pictures[0]!.pixel(0.1, 0.95), [255, 0, 0])).toBe(true);
    expect(near(pictures[0]!.pixel(0.1, 0.05), [0, 0, 255])).toBe(true);
  });
});

describe('pdfToPpt text boxes in LibreOffice', () => {
  const pool = new OfficePool({ instances: 1 });
  afterAll(() => pool.close());

  /** Each line's text and the baseline of its first glyph, page 1. */
  function baselines(path: string): Map<string, number> {
    const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
    const lines = new Map<string, number>();
    try {
      let text = '';
      let base: number | undefined;
      doc.loadPage(0).toStructuredText('').walk({
        beginLine() {
          text = '';
          base = undefined;
        },
        onChar(c, origin) {
          text += c;
          base ??= origin[1];
        },
        endLine() {
          if (base !== undefined) lines.set(text.trim(), base);
        },
      });
    } finally {
      doc.destroy();
    }
    return lines;
  }

  it('puts the first baseline of every box where the PDF had it, whatever the PDF font\'s ascender', async () => {
    const doc = new mupdf.PDFDocument();
    let bytes: Uint8Array;
    try {
      const fonts = {
        F1: doc.addSimpleFont(new mupdf.Font('Times-Roman')),
        F2: doc.addSimpleFont(new mupdf.Font('Helvetica')),
        F3: doc.addSimpleFont(new mupdf.Font('DejaVuSans', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf')),
        F4: doc.addSimpleFont(new mupdf.Font('Courier')),
      };
      const para = (font: string, size: number, y: number, leading: number, lines: string[]): string[] =>
        lines.map((line, i) => `BT /${font} ${size} Tf 72 ${y - i * leading} Td (${line}) Tj ET`);
      const content = [
        ...para('F1', 12, 780, 14, ['Times paragraph line one', 'Times paragraph line two', 'Times paragraph line three']),
        ...para('F2', 10, 700, 0, ['Helvetica on its own']),
        ...para('F3', 11, 650, 13.5, ['DejaVu paragraph line one', 'DejaVu paragraph line two']),
        ...para('F1', 20, 560, 0, ['Times heading alone']),
        ...para('F4', 10, 500, 12, ['Courier listing line one', 'Courier listing line two']),
      ];
      doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, content.join('\n')));
      bytes = savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
    const input = tmp.file('baselines.pdf', bytes);
    await pdfToPpt({ path: input }, tmp.out('baselines.pptx'));
    await pool.convertToPdf(tmp.out('baselines.pptx'), tmp.out('baselines-lo.pdf'), { sourceExtension: 'pptx' });
    const before = baselines(input);
    const after = baselines(tmp.out('baselines-lo.pdf'));
    expect(before.size).toBe(9);
    for (const [text, y] of before) {
      expect(after.has(text), text).toBe(true);
      // MuPDF's box top came from each PDF font's ascender: lines landed 1 to 4 pt off.
      expect(Math.abs(after.get(text)! - y), text).toBeLessThan(0.6);
    }
  }, 120_000);
});

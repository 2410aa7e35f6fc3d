import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorContent, type EditorBox, type ImageEdit, type NewImage, type NewTextBlock } from '@pagewright/contracts';
import { annotatePdf } from './index.js';
import { pageImageUses } from './edit-content.js';
import { mupdf } from './mupdf.js';
import { greyPages, ssim, type GreyImage } from './pdf/ssim.js';
import { photoPixels } from '../test/page-tools-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { errorOf, useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-edit-content-');
const { out } = tmp;

/**
 * A 612 x 792 page with a line of text, a photo drawn twice (the same XObject: a logo repeated)
 * and another photo once. Displayed boxes (top-left origin): photo A at (50,100) 100x80 and
 * (350,100) 100x80, photo B at (50,400) 200x150.
 */
async function imagesPage(): Promise<string> {
  const doc = new mupdf.PDFDocument();
  try {
    const jpeg = async (w: number, h: number, seed: number) => {
      const image = new mupdf.Image(await sharp(photoPixels(w, h, 3, seed), { raw: { width: w, height: h, channels: 3 } }).jpeg().toBuffer());
      try {
        return doc.addImage(image);
      } finally {
        image.destroy();
      }
    };
    const a = await jpeg(64, 48, 1);
    const b = await jpeg(80, 60, 2);
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const ops = [
      'q 100 0 0 80 50 612 cm /ImA Do Q',
      'q 100 0 0 80 350 612 cm /ImA Do Q',
      'q 2 0 0 2 0 0 cm q 100 0 0 75 25 121 cm /ImB Do Q Q',
      'BT /F1 14 Tf 50 80 Td (The footer line stays as it was) Tj ET',
    ];
    const page = doc.addPage([0, 0, 612, 792], 0, { Font: { F1: font }, XObject: { ImA: a, ImB: b } }, ops.join('\n'));
    doc.insertPage(-1, page);
    const path = out('images.pdf');
    writeFileSync(path, doc.saveToBuffer('compress').asUint8Array());
    return path;
  } finally {
    doc.destroy();
  }
}

/** Where MuPDF's renderer draws each image of page 1, as displayed (top-left origin), in drawing order. */
function drawnImages(path: string): EditorBox[] {
  const doc = mupdf.Document.openDocument(path);
  const boxes: EditorBox[] = [];
  const page = doc.loadPage(0);
  const device = new mupdf.Device({
    fillImage(_image, ctm) {
      const [a, b, c, d, e, f] = ctm;
      const xs = [e, e + a, e + c, e + a + c];
      const ys = [f, f + b, f + d, f + b + d];
      boxes.push({ x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) });
    },
  });
  page.run(device, mupdf.Matrix.identity);
  device.close();
  device.destroy();
  page.destroy();
  doc.destroy();
  return boxes;
}

function imageCount(path: string): number {
  return execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).trim().split('\n').slice(2).filter((l) => /\bimage\b/.test(l)).length;
}

function grey(path: string): GreyImage {
  const doc = mupdf.Document.openDocument(path);
  try {
    return greyPages(doc, 72)[0]!;
  } finally {
    doc.destroy();
  }
}

/** SSIM of two renders at 72 dpi with `box` (points) blanked in both: the page outside it. */
function ssimOutside(a: GreyImage, b: GreyImage, box: EditorBox): number {
  const blank = (img: GreyImage) => {
    const copy = Uint8Array.from(img.grey);
    for (let y = Math.max(0, Math.floor(box.y) - 1); y < Math.min(img.height, Math.ceil(box.y + box.h) + 1); y++) {
      copy.fill(255, y * img.width + Math.max(0, Math.floor(box.x) - 1), y * img.width + Math.min(img.width, Math.ceil(box.x + box.w) + 1));
    }
    return { ...img, grey: copy };
  };
  return ssim(blank(a), blank(b));
}

const font = { family: 'Times', size: 16, color: '#1a237e', bold: true, italic: false, line_style: 'none', alignment: 'left' } as const;

async function edit(input: string, name: string, content: { text_blocks?: NewTextBlock[]; images?: NewImage[]; image_edits?: ImageEdit[] }) {
  const parsed = editorContent.parse({ mode: 'CONTENT_EDIT', ...content });
  const output = out(name);
  await annotatePdf({ path: input }, output, { annotations: [], textBlocks: parsed.text_blocks, images: parsed.images, imageEdits: parsed.image_edits });
  return output;
}

const near = (a: EditorBox, b: EditorBox) => {
  for (const key of ['x', 'y', 'w', 'h'] as const) expect(a[key]).toBeCloseTo(b[key], 0);
};

describe('edit mode: new text blocks and images, the page\'s images moved and removed', () => {
  let input: string;
  beforeAll(async () => {
    input = await imagesPage();
  });

  it('lists the images the page draws, each use of a twice-drawn image apart, at their displayed boxes', () => {
    const doc = mupdf.Document.openDocument(input) as mupdf.PDFDocument;
    const page = doc.loadPage(0);
    const uses = pageImageUses(page).map((u) => ({ use: u.use, name: u.name, box: u.box }));
    page.destroy();
    doc.destroy();
    expect(uses.map((u) => u.name)).toEqual(['ImA', 'ImA', 'ImB']);
    near(uses[0]!.box, { x: 50, y: 100, w: 100, h: 80 });
    near(uses[1]!.box, { x: 350, y: 100, w: 100, h: 80 });
    near(uses[2]!.box, { x: 50, y: 400, w: 200, h: 150 });
    expect(drawnImages(input)).toHaveLength(3);
  });

  it.runIf(toolsAvailable('edit mode: new text block in pdftotext', 'pdftotext'))('writes a new text block as page text: pdftotext -bbox finds its words at its box, and no annotation is added', async () => {
    const output = await edit(input, 'text-block.pdf', { text_blocks: [{ page: 1, rect: { x: 300, y: 300, w: 250, h: 60 }, text: 'Approved by finance', font }] });
    const html = execFileSync('pdftotext', ['-bbox', output, '-'], { encoding: 'utf8' });
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Approved<\/word>/.exec(html);
    expect(word, html).not.toBeNull();
    // Its left edge at the box's inner margin, its line in the box's first line.
    expect(Number(word![1])).toBeCloseTo(302, 0);
    expect(Number(word![2])).toBeGreaterThanOrEqual(299);
    expect(Number(word![3])).toBeLessThanOrEqual(300 + 16 * 1.3);
    expect(html).toContain('>finance</word>');
    const doc = mupdf.Document.openDocument(output) as mupdf.PDFDocument;
    const page = doc.loadPage(0);
    // Set in the standard face of its family and style.
    const faces: string[] = [];
    page.getObject().get('Resources').get('Font').forEach((f) => faces.push(f.get('BaseFont').asName()));
    expect(faces).toContain('Times-Bold');
    expect(page.getAnnotations()).toHaveLength(0);
    page.destroy();
    doc.destroy();
  });

  it.runIf(toolsAvailable('edit mode: text block beyond WinAnsi', 'pdftotext'))('writes a text block in Chinese, Greek and Cyrillic as page text pdftotext reads back, not as question marks', async () => {
    const blocks: NewTextBlock[] = [
      { page: 1, rect: { x: 300, y: 300, w: 250, h: 40 }, text: '财务部已批准', font },
      { page: 1, rect: { x: 300, y: 360, w: 250, h: 40 }, text: 'Εγκρίθηκε από το λογιστήριο', font },
      { page: 1, rect: { x: 300, y: 420, w: 250, h: 40 }, text: 'Одобрено бухгалтерией', font },
    ];
    const output = await edit(input, 'text-block-scripts.pdf', { text_blocks: blocks });
    const text = execFileSync('pdftotext', [output, '-'], { encoding: 'utf8' });
    expect(text).toContain('财务部已批准');
    expect(text).toContain('Εγκρίθηκε από το λογιστήριο');
    expect(text).toContain('Одобрено бухгалтерией');
    expect(text).not.toContain('??');
  });

  it.runIf(toolsAvailable('edit mode: new picture in pdfimages', 'pdfimages'))('draws a new picture as an image XObject of the page: pdfimages lists one more image, drawn at its box', async () => {
    const png = await sharp(photoPixels(40, 20, 3, 5), { raw: { width: 40, height: 20, channels: 3 } }).png().toBuffer();
    const rect = { x: 320, y: 600, w: 120, h: 60 };
    const output = await edit(input, 'new-image.pdf', { images: [{ page: 1, rect, image: `data:image/png;base64,${png.toString('base64')}` }] });
    expect(imageCount(input)).toBe(3);
    expect(imageCount(output)).toBe(4);
    near(drawnImages(output).at(-1)!, rect);
  });

  it.runIf(toolsAvailable('edit mode: moved image', 'pdfimages'))('moves and resizes one use of an image drawn twice: MuPDF draws that use at its new box, the other where it was', async () => {
    const to = { x: 300, y: 250, w: 200, h: 160 };
    const output = await edit(input, 'moved.pdf', { image_edits: [{ page: 1, use: 1, box: { x: 350, y: 100, w: 100, h: 80 }, to }] });
    const boxes = drawnImages(output);
    expect(boxes).toHaveLength(3);
    near(boxes[0]!, { x: 50, y: 100, w: 100, h: 80 });
    near(boxes[1]!, to);
    near(boxes[2]!, { x: 50, y: 400, w: 200, h: 150 });
    expect(imageCount(output)).toBe(3);
  });

  it.runIf(toolsAvailable('edit mode: deleted image', 'pdfimages'))('removes an image: pdfimages lists one fewer and the page outside its box is unchanged (SSIM >= 0.99)', async () => {
    const box = { x: 50, y: 400, w: 200, h: 150 };
    const output = await edit(input, 'deleted.pdf', { image_edits: [{ page: 1, use: 2, box, to: null }] });
    expect(imageCount(output)).toBe(2);
    const before = grey(input);
    const after = grey(output);
    const outside = ssimOutside(before, after, box);
    const whole = ssim(before, after);
    console.log(`edit mode, deleted image: SSIM outside its box ${outside.toFixed(4)}, whole page ${whole.toFixed(4)} (72 dpi)`);
    expect(outside).toBeGreaterThanOrEqual(0.99);
    // The box itself did change: the picture is gone from it.
    expect(whole).toBeLessThan(outside);
    expect(execFileSync('pdftotext', [output, '-'], { encoding: 'utf8' })).toContain('The footer line stays as it was');
  });

  it.runIf(toolsAvailable('edit mode: turned page', 'pdftotext'))('on a page turned 90 degrees, moves an image to the box given as displayed and writes a text block upright where it was placed', async () => {
    const doc = new mupdf.PDFDocument();
    const path = out('turned.pdf');
    try {
      const image = new mupdf.Image(await sharp(photoPixels(30, 30, 3, 9), { raw: { width: 30, height: 30, channels: 3 } }).png().toBuffer());
      const ref = doc.addImage(image);
      image.destroy();
      doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 90, { XObject: { Im: ref } }, 'q 100 0 0 100 100 100 cm /Im Do Q'));
      writeFileSync(path, doc.saveToBuffer('compress').asUint8Array());
    } finally {
      doc.destroy();
    }
    const [shown] = drawnImages(path);
    const to = { x: 500, y: 300, w: 150, h: 150 };
    const output = await edit(path, 'turned-edited.pdf', {
      image_edits: [{ page: 1, use: 0, box: shown!, to }],
      text_blocks: [{ page: 1, rect: { x: 60, y: 60, w: 300, h: 40 }, text: 'Upright words', font: { ...font, bold: false } }],
    });
    near(drawnImages(output)[0]!, to);
    const html = execFileSync('pdftotext', ['-bbox', output, '-'], { encoding: 'utf8' });
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">Upright<\/word>/.exec(html);
    expect(word, html).not.toBeNull();
    const [x0, y0, x1, y1] = word!.slice(1).map(Number);
    // Read left to right at the box's place on the page as displayed (792 wide, 612 high): wider than high.
    expect(x0).toBeCloseTo(62, 0);
    expect(y0).toBeGreaterThanOrEqual(59);
    expect(x1! - x0!).toBeGreaterThan(y1! - y0!);
  });

  it('refuses an image edit for an image the page does not draw there (INVALID_PARAMS), leaving no output', async () => {
    const err = await errorOf(edit(input, 'none.pdf', { image_edits: [{ page: 1, use: 0, box: { x: 400, y: 600, w: 50, h: 50 }, to: null }] }));
    expect(err.code).toBe('INVALID_PARAMS');
    const past = await errorOf(edit(input, 'past.pdf', { image_edits: [{ page: 1, use: 7, box: { x: 500, y: 700, w: 10, h: 10 }, to: null }] }));
    expect(past.code).toBe('INVALID_PARAMS');
  });
});

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractImages } from './index.js';
import { mupdf, type PDFDocument, type PDFObject } from './mupdf.js';
import { tempDir, writePdf } from '../test/fixtures.js';
import { decodePng, expectCode, listDir, progressRecorder, readZip, run } from '../test/organize-fixtures.js';
import { toolsAvailable } from '../test/tools.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tempDir()));
afterAll(() => cleanup());

function imageDict(doc: PDFDocument, width: number, height: number, extra: Record<string, unknown>): PDFObject {
  const dict = doc.newDictionary();
  dict.put('Type', doc.newName('XObject'));
  dict.put('Subtype', doc.newName('Image'));
  dict.put('Width', width);
  dict.put('Height', height);
  dict.put('BitsPerComponent', 8);
  for (const [key, value] of Object.entries(extra)) dict.put(key, value);
  return dict;
}

const MASKED_COLOR = [255, 0, 0, 0, 255, 0, 0, 0, 255, 200, 100, 50];
const MASK_ALPHA = [0, 6, 128, 255];
const INLINE_RGB = [255, 0, 0, 32, 69, 73, 32, 10, 255, 255, 255, 255];

/**
 * Four pages: a JPEG painted twice and an RGB image with a soft mask (page 1); the JPEG again,
 * a CMYK image, an indexed gray image, the JPEG under Flate (page 2); a stencil mask, two
 * inline images and a form holding an image (page 3); an image that is listed but not painted
 * (page 4). Returns the JPEG bytes.
 */
function imagesPdf(path: string): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 16, 8], false);
    const samples = pix.getPixels();
    for (let i = 0; i < samples.length; i++) samples[i] = (i * 7) % 256;
    const jpeg = Buffer.from(pix.asJPEG(90, false));
    pix.destroy();
    const gray = doc.newName('DeviceGray');
    const jpg = doc.addRawStream(jpeg, imageDict(doc, 16, 8, { ColorSpace: doc.newName('DeviceRGB'), Filter: doc.newName('DCTDecode') }));
    const chainFilters = doc.newArray();
    chainFilters.push(doc.newName('FlateDecode'));
    chainFilters.push(doc.newName('DCTDecode'));
    const chain = doc.addRawStream(deflateSync(jpeg), imageDict(doc, 16, 8, { ColorSpace: doc.newName('DeviceRGB'), Filter: chainFilters }));
    const smask = doc.addStream(Buffer.from(MASK_ALPHA), imageDict(doc, 4, 1, { ColorSpace: gray }));
    const masked = doc.addStream(Buffer.from(MASKED_COLOR), imageDict(doc, 4, 1, { ColorSpace: doc.newName('DeviceRGB'), SMask: smask }));
    const cmyk = doc.addStream(Buffer.from([0, 255, 0, 0, 0, 0, 0, 255]), imageDict(doc, 2, 1, { ColorSpace: doc.newName('DeviceCMYK') }));
    const indexedCs = doc.newArray();
    indexedCs.push(doc.newName('Indexed'));
    indexedCs.push(gray);
    indexedCs.push(1);
    indexedCs.push(doc.newByteString([0, 255]));
    const indexed = doc.addStream(Buffer.from([0, 1, 1, 0]), imageDict(doc, 2, 2, { ColorSpace: indexedCs }));
    const stencil = doc.addStream(Buffer.from([0x0f, 0xf0]), imageDict(doc, 8, 2, { ImageMask: true, BitsPerComponent: 1 }));
    const inner = doc.addStream(Buffer.from([10, 20, 30, 40]), imageDict(doc, 2, 2, { ColorSpace: gray }));
    const unused = doc.addStream(Buffer.from([1, 2, 3]), imageDict(doc, 3, 1, { ColorSpace: gray }));
    const formDict = doc.newDictionary();
    formDict.put('Type', doc.newName('XObject'));
    formDict.put('Subtype', doc.newName('Form'));
    formDict.put('BBox', [0, 0, 1, 1]);
    const formRes = doc.newDictionary();
    const formXo = doc.newDictionary();
    formXo.put('Inner', inner);
    formRes.put('XObject', formXo);
    formDict.put('Resources', formRes);
    const form = doc.addStream('q 1 0 0 1 0 0 cm /Inner Do Q', formDict);
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));

    const draw = (name: string, y: number): string => `q 50 0 0 25 20 ${y} cm /${name} Do Q\n`;
    const page = (resources: Record<string, unknown>, content: string | Buffer): void => {
      doc.insertPage(-1, doc.addPage([0, 0, 300, 400], 0, resources, content));
    };
    page({ XObject: { Jpg: jpg, Masked: masked } }, `${draw('Jpg', 10)}${draw('Jpg', 50)}(a string /Fake2 Do) Tj q 50 0 0 25 20 90 cm % a comment /Fake Do\n/Masked Do Q`);
    page({ XObject: { Jpg: jpg, Cmyk: cmyk, Idx: indexed, Chain: chain } }, draw('Jpg', 10) + draw('Cmyk', 50) + draw('Idx', 90) + draw('Chain', 130));
    page({ XObject: { Stencil: stencil, Fm: form } }, Buffer.concat([
      Buffer.from(`0 g ${draw('Stencil', 10)}q 50 0 0 25 20 50 cm BI /W 2 /H 2 /CS /RGB /BPC 8 ID `, 'latin1'),
      Buffer.from(INLINE_RGB),
      Buffer.from('\nEI Q\nq 50 0 0 25 20 90 cm BI /W 2 /H 1 /CS /G /BPC 8 /F /AHx ID 00ff> EI Q\n', 'latin1'),
      Buffer.from(draw('Fm', 130), 'latin1'),
    ]));
    page({ Font: { F1: font }, XObject: { Unused: unused } }, 'BT /F1 12 Tf 20 300 Td (No image drawn here) Tj ET');
    const buffer = doc.saveToBuffer('compress');
    writeFileSync(path, buffer.asUint8Array());
    buffer.destroy();
    return jpeg;
  } finally {
    doc.destroy();
  }
}

describe.skipIf(!toolsAvailable('extractImages', 'unzip'))('extractImages', () => {
  it('extracts every image once, named by first page and position, JPEGs as stored and the rest as PNG', async () => {
    const input = join(dir, 'images.pdf');
    const jpeg = imagesPdf(input);
    const out = join(dir, 'images.zip');
    const progress = progressRecorder();
    expect(await extractImages({ path: input }, out, progress.onProgress)).toEqual({ images: 10 });
    expect(progress.values.at(-1)).toBe(100);
    const zip = readZip(out);
    expect([...zip.keys()]).toEqual([
      'page-1-1.jpg', 'page-1-2.png',
      'page-2-1.png', 'page-2-2.png', 'page-2-3.jpg',
      'page-3-1.png', 'page-3-2.png', 'page-3-3.png', 'page-3-4.png',
      'page-4-1.png',
    ]);
    expect(zip.get('page-1-1.jpg')).toEqual(jpeg);
    expect(zip.get('page-2-3.jpg')).toEqual(jpeg);

    const masked = decodePng(zip.get('page-1-2.png')!);
    expect(masked).toMatchObject({ width: 4, height: 1, channels: 4 });
    // Straight alpha from the soft mask; colours exact even where the alpha is low.
    expect([...masked.pixels]).toEqual([0, 1, 2, 3].flatMap((i) => [...MASKED_COLOR.slice(i * 3, i * 3 + 3), MASK_ALPHA[i]!]));

    const cmyk = decodePng(zip.get('page-2-1.png')!);
    expect(cmyk).toMatchObject({ width: 2, height: 1, channels: 3 });
    const [r1, g1, b1, r2, g2, b2] = cmyk.pixels as unknown as number[];
    expect(r1).toBeGreaterThan(200); // magenta
    expect(g1).toBeLessThan(60);
    expect(b1).toBeGreaterThan(100);
    expect(Math.max(r2!, g2!, b2!)).toBeLessThan(60); // black
    expect(decodePng(zip.get('page-2-2.png')!)).toEqual({ width: 2, height: 2, channels: 1, pixels: Uint8Array.from([0, 255, 255, 0]) });

    // The stencil paints where its bits are 0: black there, white elsewhere.
    const stencil = decodePng(zip.get('page-3-1.png')!);
    expect(stencil).toMatchObject({ width: 8, height: 2, channels: 1 });
    expect([...stencil.pixels]).toEqual([0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0]);
    expect(decodePng(zip.get('page-3-2.png')!)).toEqual({ width: 2, height: 2, channels: 3, pixels: Uint8Array.from(INLINE_RGB) });
    expect(decodePng(zip.get('page-3-3.png')!)).toEqual({ width: 2, height: 1, channels: 1, pixels: Uint8Array.from([0, 255]) });
    expect(decodePng(zip.get('page-3-4.png')!).pixels).toEqual(Uint8Array.from([10, 20, 30, 40]));
    expect(decodePng(zip.get('page-4-1.png')!).pixels).toEqual(Uint8Array.from([1, 2, 3]));
  });

  it('agrees with poppler on the images painted', async () => {
    const input = join(dir, 'images2.pdf');
    imagesPdf(input);
    if (!toolsAvailable('extractImages agrees with poppler on the images painted', 'pdfimages')) return;
    const list = run('pdfimages', ['-list', input]);
    if (list.status !== 0) return;
    // pdfimages lists every painting (the JPEG three times) and soft masks separately.
    const rows = list.stdout.split('\n').slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/));
    const firstPage = new Map<string, string>();
    for (const row of rows) {
      if (row[2] !== 'image' && row[2] !== 'stencil') continue;
      const key = row[10] === '[inline]' ? `inline-${row[1]}` : row[10]!;
      if (!firstPage.has(key)) firstPage.set(key, row[0]!);
    }
    const out = join(dir, 'images2.zip');
    await extractImages({ path: input }, out);
    const ours = [...readZip(out).keys()].map((name) => /^page-(\d+)-/.exec(name)![1]!);
    // Poppler does not list the image that no page paints (page 4).
    expect(ours.sort()).toEqual([...firstPage.values(), '4'].sort());
  });

  it('fails with 2405 for a PDF without images and leaves no zip', async () => {
    const input = writePdf(dir, 'text-only.pdf', { pages: ['Just text'] });
    const outDir = join(dir, 'no-images');
    mkdirSync(outDir);
    await expectCode(extractImages({ path: input }, join(outDir, 'out.zip')), 2405);
    expect(listDir(outDir)).toEqual([]);
  });

  it('opens an encrypted input with its password', async () => {
    const input = join(dir, 'images-plain.pdf');
    imagesPdf(input);
    const doc = mupdf.Document.openDocument(readFileSync(input), 'application/pdf').asPDF()!;
    const locked = join(dir, 'images-locked.pdf');
    const buffer = doc.saveToBuffer('encrypt=aes-256,user-password=imgpass,owner-password=imgpass');
    writeFileSync(locked, buffer.asUint8Array());
    buffer.destroy();
    doc.destroy();
    await expectCode(extractImages({ path: locked }, join(dir, 'locked.zip')), 3122);
    expect(await extractImages({ path: locked, password: 'imgpass' }, join(dir, 'locked.zip'))).toEqual({ images: 10 });
  });
});

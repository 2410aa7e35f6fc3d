import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signPdf } from './index.js';
import { mupdf } from './mupdf.js';
import { extractText, imagesOf, openPdf, renderRgb, writeDoc, type DocSpec } from '../test/page-tools-fixtures.js';
import { cli, errorOf, useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-sign-');
const { out } = tmp;
let png: string;
let jpg: string;
let gif: string;
let bmp: string;
beforeAll(async () => {
  // 60x30: left half opaque red, right half transparent, a blue stripe along the top (shows orientation).
  const rgba = new Uint8Array(60 * 30 * 4);
  for (let y = 0; y < 30; y++) {
    for (let x = 0; x < 60; x++) {
      const at = (y * 60 + x) * 4;
      if (y < 6) rgba.set([0, 0, 255, 255], at);
      else if (x < 30) rgba.set([255, 0, 0, 255], at);
    }
  }
  png = join(tmp.dir, 'sig.png');
  writeFileSync(png, await sharp(rgba, { raw: { width: 60, height: 30, channels: 4 } }).png().toBuffer());
  jpg = join(tmp.dir, 'sig.jpg');
  writeFileSync(jpg, await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 0, g: 160, b: 0 } } }).jpeg().toBuffer());
  gif = join(tmp.dir, 'sig.gif');
  writeFileSync(gif, await sharp(rgba, { raw: { width: 60, height: 30, channels: 4 } }).gif().toBuffer());
  bmp = join(tmp.dir, 'sig.bmp');
  writeFileSync(bmp, bmpFile(4, 2, [255, 0, 255]));
});

/** An uncompressed 24-bit BMP of one colour. */
function bmpFile(width: number, height: number, [r, g, b]: number[]): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const data = Buffer.alloc(rowSize * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([b!, g!, r!], y * rowSize + x * 3);
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + data.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(data.length, 34);
  return Buffer.concat([header, data]);
}


const near = (actual: number[], expected: number[], tolerance = 8): boolean => actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
const GREY = [217, 217, 217];
const RED = [255, 0, 0];
const BLUE = [0, 0, 255];

const pages: DocSpec = {
  pages: ([0, 90, 180, 270] as const).map((rotate) => ({ rotate, background: true, texts: [{ text: `Page rotated ${rotate}`, x: 30, y: 450 }] })),
};

describe('signPdf', () => {
  let path: string;
  beforeAll(async () => {
    path = await writeDoc(tmp.dir, 'doc.pdf', pages);
  });

  it('stamps a PNG upright into the displayed box on every rotation, transparency kept, as page content', async () => {
    const box = { x: 50, y: 40, w: 120, h: 60 };
    const progress: number[] = [];
    const result = await signPdf({ path }, out('signed.pdf'), { placements: [1, 2, 3, 4].map((page) => ({ image: png, page, ...box })) }, (p) => progress.push(p));
    expect(result).toEqual({ pages: 4, certificate: false });
    expect(progress.at(-1)).toBe(100);
    for (let i = 0; i < 4; i++) {
      const page = renderRgb(out('signed.pdf'), i, 72);
      // Top stripe blue, lower left red, lower right transparent (the grey page shows), outside untouched.
      expect(near(page.at(box.x + 30, box.y + 3), BLUE), `page ${i + 1} top`).toBe(true);
      expect(near(page.at(box.x + 20, box.y + 40), RED), `page ${i + 1} left`).toBe(true);
      expect(near(page.at(box.x + 100, box.y + 40), GREY), `page ${i + 1} right`).toBe(true);
      expect(near(page.at(box.x - 10, box.y + 40), GREY), `page ${i + 1} outside`).toBe(true);
    }
    // One image XObject (with its soft mask) for four placements, no annotation, text kept.
    const images = imagesOf(out('signed.pdf'));
    expect(images.filter((i) => i.smask)).toHaveLength(1);
    const doc = openPdf(out('signed.pdf'));
    try {
      for (let i = 0; i < 4; i++) {
        const page = doc.loadPage(i) as mupdf.PDFPage;
        expect(page.getAnnotations()).toEqual([]);
        expect(page.getObject().get('Contents').isArray()).toBe(true);
        page.destroy();
      }
    } finally {
      doc.destroy();
    }
    expect(extractText(out('signed.pdf'))).toContain('Page rotated 270');
  });

  it('accepts JPG, GIF and BMP files, several on one page', async () => {
    const result = await signPdf({ path }, out('kinds.pdf'), {
      placements: [
        { image: jpg, page: 1, x: 20, y: 100, w: 40, h: 20 },
        { image: gif, page: 1, x: 100, y: 100, w: 60, h: 30 },
        { image: bmp, page: 2, x: 20, y: 100, w: 40, h: 20 },
      ],
    });
    expect(result.pages).toBe(2);
    const first = renderRgb(out('kinds.pdf'), 0, 72);
    expect(near(first.at(40, 110), [0, 160, 0], 12)).toBe(true);
    expect(near(first.at(110, 120), RED)).toBe(true);
    expect(near(first.at(150, 120), GREY)).toBe(true); // GIF transparency
    expect(near(renderRgb(out('kinds.pdf'), 1, 72).at(40, 110), [255, 0, 255])).toBe(true);
    expect(imagesOf(out('kinds.pdf')).find((i) => i.filter === '/DCTDecode')).toBeDefined();
  });

  it('rejects files that are no signature image (3102), pages out of range, bad boxes; leaves nothing', async () => {
    const text = join(tmp.dir, 'not-an-image.png');
    writeFileSync(text, 'hello, this is text');
    const broken = join(tmp.dir, 'broken.png');
    writeFileSync(broken, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]));
    const sub = join(tmp.dir, 'errors');
    mkdirSync(sub);
    const target = join(sub, 'x.pdf');
    const place = { page: 1, x: 0, y: 0, w: 10, h: 10 };
    expect((await errorOf(signPdf({ path }, target, { placements: [{ image: text, ...place }] }))).code).toBe(3102);
    expect((await errorOf(signPdf({ path }, target, { placements: [{ image: broken, ...place }] }))).code).toBe(3102);
    expect((await errorOf(signPdf({ path }, target, { placements: [{ image: png, ...place, page: 5 }] }))).code).toBe('PAGE_RANGE_INVALID');
    expect((await errorOf(signPdf({ path }, target, { placements: [{ image: png, ...place, page: 0 }] }))).code).toBe('PAGE_RANGE_INVALID');
    expect((await errorOf(signPdf({ path }, target, { placements: [{ image: png, ...place, w: -1 }] }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(signPdf({ path }, target, { placements: [] }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(signPdf({ path }, target, { placements: [{ image: join(tmp.dir, 'missing.png'), ...place }] }))).code).toBe('INVALID_PARAMS');
    // A TIFF is an image, but no signature image type.
    const tiff = join(tmp.dir, 'sig.tiff');
    writeFileSync(tiff, await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).tiff().toBuffer());
    expect((await errorOf(signPdf({ path }, target, { placements: [{ image: tiff, ...place }] }))).code).toBe(3102);
    expect(readdirSync(sub)).toEqual([]);
  });

  it('opens an encrypted input with its password and writes it unencrypted', async () => {
    const locked = await writeDoc(tmp.dir, 'locked.pdf', { ...pages, encrypt: { user: 'pw', owner: 'ow' } });
    expect((await errorOf(signPdf({ path: locked, password: 'bad' }, out('x.pdf'), { placements: [{ image: png, page: 1, x: 0, y: 0, w: 10, h: 10 }] }))).code).toBe('INCORRECT_PASSWORD');
    await signPdf({ path: locked, password: 'pw' }, out('unlocked.pdf'), { placements: [{ image: png, page: 1, x: 50, y: 40, w: 120, h: 60 }] });
    const doc = openPdf(out('unlocked.pdf'));
    expect(doc.needsPassword()).toBe(false);
    doc.destroy();
    expect(near(renderRgb(out('unlocked.pdf'), 0, 72).at(70, 80), RED)).toBe(true);
  });
});

describe('pagewright sign-pdf', () => {
  it('places one image at several places, or pairs images with places', async () => {
    const path = await writeDoc(tmp.dir, 'cli.pdf', pages);
    const one = await cli('sign-pdf', '--image', png, '--place', '1,50,40,120,60', '--place', '3,10,10,60,30', path, '-o', out('cli-one.pdf'));
    expect(one.status).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual({ pages: 2, output: out('cli-one.pdf') });
    const paired = await cli('sign-pdf', '--image', png, '--image', jpg, '--place', '1,50,40,120,60', '--place', '2,10,10,40,20', path, '-o', out('cli-paired.pdf'));
    expect(paired.status).toBe(0);
    expect(near(renderRgb(out('cli-paired.pdf'), 1, 72).at(30, 20), [0, 160, 0], 12)).toBe(true);
    const wrongType = await cli('sign-pdf', '--image', path, '--place', '1,0,0,10,10', path, '-o', out('cli-bad.pdf'));
    expect(wrongType.status).toBe(1);
    expect(wrongType.stderr).toMatch(/^error 3102:/);
  });

  it('rejects bad usage with exit code 2', async () => {
    expect((await cli('sign-pdf', '--place', '1,0,0,10,10', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    expect((await cli('sign-pdf', '--image', 'a.png', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    expect((await cli('sign-pdf', '--image', 'a.png', '--image', 'b.png', '--place', '1,0,0,10,10', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    const help = await cli('sign-pdf', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: pagewright sign-pdf/);
  });
});

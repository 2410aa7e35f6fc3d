import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildPdf } from '../../test/fixtures.js';
import { errorOf, useTempDir } from '../../test/harness.js';
import { readZip } from '../../test/organize-fixtures.js';
import { decodeBmp } from '../image/bmp.js';
import { pdfToImages } from './pdf-to-images.js';

const tmp = useTempDir('pagewright-pdf-to-images-');

/** Pixel size of a page of `points` at `dpi`: MuPDF covers a partial pixel. */
const px = (points: number, dpi: number): number => Math.ceil((points * dpi) / 72 - 1e-9);

describe('pdfToImages', () => {
  it('writes one JPEG for a one-page document, at the default 150 dpi', async () => {
    const input = tmp.file('one.pdf', buildPdf({ pages: ['Hello'], size: [300, 400] }));
    const result = await pdfToImages({ path: input }, tmp.out('one.jpg'), { format: 'jpg' });
    expect(result.extension).toBe('jpg');
    const meta = await sharp(readFileSync(tmp.out('one.jpg'))).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([px(300, 150), px(400, 150)]);
  });

  it('zips one image per page as <name>-<n>.<ext>, each at the chosen dpi', async () => {
    const input = tmp.file('three.pdf', buildPdf({ pages: ['A', 'B', 'C'], size: [200, 100] }));
    const progress: number[] = [];
    const result = await pdfToImages({ path: input }, tmp.out('pages.zip'), { format: 'png', dpi: 96 }, (p) => progress.push(p));
    expect(result).toEqual({ extension: 'zip', pages: 3 });
    const entries = readZip(tmp.out('pages.zip'));
    expect([...entries.keys()]).toEqual(['pages-1.png', 'pages-2.png', 'pages-3.png']);
    for (const data of entries.values()) {
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', px(200, 96), px(100, 96)]);
    }
    expect(progress.at(-1)).toBe(100);
  });

  it('encodes GIF and TIFF with sharp and BMP with its own encoder, text drawn dark on white', async () => {
    const input = tmp.file('fmt.pdf', buildPdf({ pages: ['Hello'], size: [144, 72] }));
    for (const format of ['gif', 'tiff'] as const) {
      await pdfToImages({ path: input }, tmp.out(`fmt.${format}`), { format, dpi: 72 });
      const meta = await sharp(readFileSync(tmp.out(`fmt.${format}`))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 144, 72]);
    }
    await pdfToImages({ path: input }, tmp.out('fmt.bmp'), { format: 'bmp', dpi: 300 });
    const bmp = readFileSync(tmp.out('fmt.bmp'));
    expect(bmp.subarray(0, 2).toString('latin1')).toBe('BM');
    const image = decodeBmp(bmp);
    expect([image.width, image.height, image.channels]).toEqual([600, 300, 3]);
    // The corner is white paper; somewhere in the text's line there are dark pixels.
    expect([...image.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    let darkest = 255;
    for (let i = 0; i < image.data.length; i += 3) darkest = Math.min(darkest, image.data[i]!);
    expect(darkest).toBeLessThan(64);
  });

  it('opens an encrypted input with its password', async () => {
    const input = tmp.file('locked.pdf', buildPdf({ pages: ['Secret'], encrypt: { user: 'u', owner: 'o' } }));
    expect((await errorOf(pdfToImages({ path: input }, tmp.out('locked.png'), { format: 'png' }))).code).toBe(3122);
    expect((await errorOf(pdfToImages({ path: input, password: 'x' }, tmp.out('locked.png'), { format: 'png' }))).code).toBe('INCORRECT_PASSWORD');
    await pdfToImages({ path: input, password: 'u' }, tmp.out('locked.png'), { format: 'png', dpi: 36 });
    expect((await sharp(readFileSync(tmp.out('locked.png'))).metadata()).width).toBe(px(300, 36));
  });

  it('refuses a dpi above 600 or below 36 and an unknown format, leaving nothing behind', async () => {
    const input = tmp.file('dpi.pdf', buildPdf({ pages: ['x', 'y'] }));
    const before = readdirSync(tmp.dir).length;
    expect((await errorOf(pdfToImages({ path: input }, tmp.out('dpi.zip'), { format: 'png', dpi: 601 }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(pdfToImages({ path: input }, tmp.out('dpi.zip'), { format: 'png', dpi: 20 }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(pdfToImages({ path: input }, tmp.out('dpi.zip'), { format: 'webp' as 'png' }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(pdfToImages({ path: tmp.file('bad.pdf', Buffer.from('not a pdf')) }, tmp.out('bad.zip'), { format: 'png' }))).code).toBe('FILE_TYPE_ERROR');
    expect(readdirSync(tmp.dir).length).toBe(before + 1);
  });
});

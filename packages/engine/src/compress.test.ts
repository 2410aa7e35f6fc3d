import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compressPdf } from './index.js';
import { ssim } from './pdf/ssim.js';
import { readBack, writePdf } from '../test/fixtures.js';
import { extractText, imagesOf, openPdf, renderGrey, renderRgb, writeDoc, type DocSpec } from '../test/page-tools-fixtures.js';
import { cli, errorOf, useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-compress-');
const { out } = tmp;

/** A page with text, a link, an outline and a 1500x1000 photo shown 4.5 x 3 inches (333 dpi). */
const photoDoc: DocSpec = {
  pages: [
    {
      texts: [{ text: 'Quarterly report', x: 30, y: 460, size: 20 }],
      images: [{ image: { kind: 'photo-jpeg', width: 1500, height: 1000 }, x: 38, y: 150, w: 324, h: 216 }],
      link: { rect: [30, 455, 200, 480], uri: 'https://example.com/report' },
    },
    { texts: [{ text: 'Second page text', x: 30, y: 460 }] },
  ],
  outline: ['Start', 'Second'],
};

describe('compressPdf', () => {
  let photo: string;
  beforeAll(async () => {
    photo = await writeDoc(tmp.dir, 'photo.pdf', photoDoc);
  });

  it('downsamples a high-resolution photo, keeps text, link and bookmarks, and looks the same', async () => {
    const progress: number[] = [];
    const result = await compressPdf({ path: photo }, out('photo-medium.pdf'), { level: 'medium' }, (p) => progress.push(p));
    const outputSize = statSync(out('photo-medium.pdf')).size;
    expect(result).toEqual({ inputSize: statSync(photo).size, outputSize, unchanged: false });
    expect(outputSize).toBeLessThan(statSync(photo).size * 0.5);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const [image] = imagesOf(out('photo-medium.pdf'));
    // Drawn 4.5 inches wide: about 150 dpi means about 675 pixels.
    expect(image!.width).toBeGreaterThan(600);
    expect(image!.width).toBeLessThan(700);
    expect(image!.width / image!.height).toBeCloseTo(1.5, 1);
    expect(image!.filter).toBe('/DCTDecode');

    expect(extractText(out('photo-medium.pdf'))).toMatch(/Quarterly report[\s\S]*Second page text/);
    const back = readBack(readFileSync(out('photo-medium.pdf')));
    expect(back.pageCount).toBe(2);
    expect(back.links.map((l) => l.uri)).toEqual(['https://example.com/report']);
    expect(back.outline.map((o) => [o.title, o.page])).toEqual([['Start', 0], ['Second', 1]]);

    const before = renderGrey(photo);
    const after = renderGrey(out('photo-medium.pdf'));
    for (let i = 0; i < before.length; i++) expect(ssim(before[i]!, after[i]!)).toBeGreaterThan(0.95);
  });

  it('orders the levels: high is the smallest, low the largest, all smaller than the input', async () => {
    const sizes: Record<string, number> = {};
    for (const level of ['high', 'medium', 'low'] as const) {
      sizes[level] = (await compressPdf({ path: photo }, out(`photo-${level}.pdf`), { level })).outputSize;
    }
    expect(sizes.high).toBeLessThan(sizes.medium!);
    expect(sizes.medium).toBeLessThan(sizes.low!);
    expect(sizes.low).toBeLessThan(statSync(photo).size);
    const widths = (['high', 'low'] as const).map((level) => imagesOf(out(`photo-${level}.pdf`))[0]!.width);
    expect(widths[0]).toBeLessThan(500); // about 100 dpi
    expect(widths[1]).toBeGreaterThan(900); // about 220 dpi
  });

  it('copies the input unchanged when nothing can be saved', async () => {
    const small = writePdf(tmp.dir, 'small.pdf', { pages: ['Just text'], saveOptions: 'garbage=compact,compress,objstms' });
    const result = await compressPdf({ path: small }, out('small-out.pdf'), { level: 'high' });
    expect(result.unchanged).toBe(true);
    expect(result.outputSize).toBe(result.inputSize);
    expect(readFileSync(out('small-out.pdf'))).toEqual(readFileSync(small));
  });

  it('keeps transparency: a PNG with alpha keeps its soft mask, the page shows through', async () => {
    const path = await writeDoc(tmp.dir, 'alpha.pdf', {
      pages: [{ background: true, images: [{ image: { kind: 'alpha-png', width: 1200, height: 800 }, x: 50, y: 100, w: 300, h: 200 }] }],
    });
    const result = await compressPdf({ path }, out('alpha-out.pdf'), { level: 'high' });
    expect(result.unchanged).toBe(false);
    const images = imagesOf(out('alpha-out.pdf'));
    const base = images.find((i) => i.smask)!;
    expect(base).toBeDefined();
    expect(base.width).toBeLessThan(500);
    // Right half of the image is transparent: the grey background shows; the left half is the photo.
    const page = renderRgb(out('alpha-out.pdf'), 0, 72);
    const isBackground = ([r, g, b]: number[]): boolean => [r, g, b].every((c) => Math.abs(c! - 217) <= 2);
    expect(isBackground(page.at(300, 500 - 200))).toBe(true);
    expect(isBackground(page.at(100, 500 - 200))).toBe(false);
  });

  it('re-encodes grey and CMYK photos correctly (grey stays one channel, CMYK becomes RGB)', async () => {
    const path = await writeDoc(tmp.dir, 'grey-cmyk.pdf', {
      pages: [{
        images: [
          { image: { kind: 'photo-flate', width: 900, height: 600, grey: true }, x: 20, y: 280, w: 216, h: 144 },
          { image: { kind: 'cmyk-flate', width: 900, height: 600 }, x: 20, y: 40, w: 216, h: 144 },
        ],
      }],
    });
    await compressPdf({ path }, out('grey-cmyk-out.pdf'), { level: 'medium' });
    const images = imagesOf(out('grey-cmyk-out.pdf'));
    expect(images.map((i) => [i.filter, i.colorSpace]).sort()).toEqual([['/DCTDecode', '/DeviceGray'], ['/DCTDecode', '/DeviceRGB']]);
    const [before] = renderGrey(path);
    const [after] = renderGrey(out('grey-cmyk-out.pdf'));
    expect(ssim(before!, after!)).toBeGreaterThan(0.9);
  });

  it('reaches a target size with the mildest setting that fits, or returns the smallest', async () => {
    const medium = statSync(out('photo-medium.pdf')).size;
    const fit = await compressPdf({ path: photo }, out('photo-target.pdf'), { targetSize: medium + 100 });
    expect(fit.outputSize).toBeLessThanOrEqual(medium + 100);
    expect(fit.outputSize).toBe(statSync(out('photo-target.pdf')).size);
    // The mildest setting that fits is no stronger than medium: the image keeps at least medium's pixels.
    expect(imagesOf(out('photo-target.pdf'))[0]!.width).toBeGreaterThanOrEqual(imagesOf(out('photo-medium.pdf'))[0]!.width);

    const tiny = await compressPdf({ path: photo }, out('photo-tiny.pdf'), { targetSize: 1000 });
    expect(tiny.outputSize).toBeGreaterThan(1000);
    expect(tiny.outputSize).toBeLessThan(statSync(out('photo-high.pdf')).size);
    expect(tiny.unchanged).toBe(false);
  });

  it('opens an encrypted input with its password and writes it unencrypted', async () => {
    const locked = await writeDoc(tmp.dir, 'locked.pdf', { ...photoDoc, encrypt: { user: 'secret', owner: 'owner' } });
    expect((await errorOf(compressPdf({ path: locked }, out('x.pdf'), { level: 'medium' }))).code).toBe(3122);
    expect((await errorOf(compressPdf({ path: locked, password: 'nope' }, out('x.pdf'), { level: 'medium' }))).code).toBe('INCORRECT_PASSWORD');
    const result = await compressPdf({ path: locked, password: 'secret' }, out('unlocked.pdf'), { level: 'medium' });
    expect(result.unchanged).toBe(false);
    const doc = openPdf(out('unlocked.pdf'));
    try {
      expect(doc.needsPassword()).toBe(false);
      expect(doc.getMetaData('encryption')).toBe('None');
    } finally {
      doc.destroy();
    }
    expect(extractText(out('unlocked.pdf'))).toContain('Quarterly report');
  });

  it('fails with catalogue errors and leaves nothing behind', async () => {
    const notPdf = join(tmp.dir, 'not.pdf');
    writeFileSync(notPdf, 'hello');
    const sub = join(tmp.dir, 'errors');
    mkdirSync(sub);
    expect((await errorOf(compressPdf({ path: notPdf }, join(sub, 'a.pdf'), { level: 'medium' }))).code).toBe('FILE_TYPE_ERROR');
    expect((await errorOf(compressPdf({ path: join(tmp.dir, 'missing.pdf') }, join(sub, 'a.pdf'), { level: 'medium' }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(compressPdf({ path: photo }, join(sub, 'a.pdf'), { level: 'extreme' as 'high' }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(compressPdf({ path: photo }, join(sub, 'a.pdf'), { targetSize: 0 }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(compressPdf({ path: photo }, join(tmp.dir, 'no-such-dir', 'a.pdf'), { level: 'medium' }))).code).toBe('UNKNOWN');
    expect(readdirSync(sub)).toEqual([]);
  });
});

describe('pagewright compress-pdf', () => {
  it('compresses with --level and --target-size and prints the sizes', async () => {
    const photo = await writeDoc(tmp.dir, 'cli-photo.pdf', photoDoc);
    const level = await cli('compress-pdf', '--level', 'medium', photo, '-o', out('cli-medium.pdf'));
    expect(level.status).toBe(0);
    const printed = JSON.parse(level.stdout) as { inputSize: number; outputSize: number; unchanged: boolean; output: string };
    expect(printed).toEqual({ inputSize: statSync(photo).size, outputSize: statSync(out('cli-medium.pdf')).size, unchanged: false, output: out('cli-medium.pdf') });
    const target = await cli('compress-pdf', '--target-size', String(printed.outputSize), photo, '-o', out('cli-target.pdf'));
    expect(target.status).toBe(0);
    expect(statSync(out('cli-target.pdf')).size).toBeLessThanOrEqual(printed.outputSize);
  });

  it('rejects bad usage with exit code 2 and shows help', async () => {
    expect((await cli('compress-pdf', '--level', 'huge', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    expect((await cli('compress-pdf', '--level', 'high', '--target-size', '10', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    expect((await cli('compress-pdf', '--target-size', '1k', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    expect((await cli('compress-pdf', 'a.pdf')).status).toBe(2);
    const help = await cli('compress-pdf', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: pagewright compress-pdf/);
  });

  it('reports a wrong password with exit code 1', async () => {
    const locked = await writeDoc(tmp.dir, 'cli-locked.pdf', { pages: [{ texts: [{ text: 'x', x: 10, y: 10 }] }], encrypt: { user: 'pw', owner: 'ow' } });
    const result = await cli('compress-pdf', locked, '-o', out('cli-locked-out.pdf'), '--password', 'bad');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error INCORRECT_PASSWORD/);
    expect((await cli('compress-pdf', locked, '-o', out('cli-locked-out.pdf'), '--password', 'pw')).status).toBe(0);
  });
});

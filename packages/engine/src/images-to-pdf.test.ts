import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CatalogueError } from '@pagewright/contracts';
import { InputError, imagesToPdf } from './index.js';
import {
  bmpFile,
  imageRects,
  jpegFile,
  pageImages,
  pageSizes,
  pixelAt,
  pngFile,
  renderPage,
  rgbFrame,
  tiffFile,
  withExifOrientation,
} from '../test/image-fixtures.js';
import { cli, useTempDir } from '../test/harness.js';

const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const WHITE: [number, number, number] = [255, 255, 255];
const GREEN: [number, number, number] = [0, 160, 0];

const tmp = useTempDir('pagewright-images-');
const { file } = tmp;
const fit = { pageSize: 'fit', orientation: 'auto', margin: 0 } as const;

function expectClose(actual: number[], expected: number[], tolerance = 0.05): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((value, i) => expect(Math.abs(value - expected[i]!), `value ${i}: ${value} vs ${expected[i]}`).toBeLessThanOrEqual(tolerance));
}

async function codeOf(promise: Promise<unknown>): Promise<unknown> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(CatalogueError);
  return (err as CatalogueError).code;
}

describe('imagesToPdf', () => {
  it('makes one page per image in order, JPEG streams copied byte for byte, sizes at the declared resolution', async () => {
    const jpeg = file('a.jpg', jpegFile(rgbFrame(300, 150, RED, [], 150)));
    const png = file('b.png', pngFile(rgbFrame(144, 72, BLUE))); // no pHYs: 72 dpi
    const bmp = file('c.bmp', bmpFile(rgbFrame(100, 50, GREEN, [], 200)));
    const out = join(tmp.dir, 'three.pdf');
    const progress: number[] = [];
    const result = await imagesToPdf([jpeg, png, bmp], out, fit, (p) => progress.push(p));
    const bytes = readFileSync(out);
    expect(result.pages).toBe(3);
    const sizes = pageSizes(bytes);
    expect(sizes).toHaveLength(3);
    expectClose(sizes[0]!, [144, 72]); // 300 x 150 px at 150 dpi
    expectClose(sizes[1]!, [144, 72]);
    expectClose(sizes[2]!, [36, 18]); // 100 x 50 px at 200 dpi
    const images = pageImages(bytes);
    expect(images[0]).toHaveLength(1);
    expect(images[0]![0]!.filter).toBe('DCTDecode');
    expect(Buffer.compare(Buffer.from(images[0]![0]!.raw), readFileSync(jpeg))).toBe(0);
    expect(images[1]![0]!.filter).toBe('FlateDecode');
    expect(images[2]![0]!.filter).toBe('FlateDecode');
    // The lossless ones keep their pixels exactly.
    expect(pixelAt(renderPage(bytes, 1), 70, 36)).toEqual(BLUE);
    expect(pixelAt(renderPage(bytes, 2, 200), 50, 25)).toEqual(GREEN);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(spawnSync('qpdf', ['--check', out]).status).toBe(0);
  });

  it('keeps alpha as a soft mask: transparent parts show the white page', async () => {
    const alpha = new Uint8Array(40 * 20);
    for (let y = 0; y < 20; y++) for (let x = 0; x < 40; x++) alpha[y * 40 + x] = x < 20 ? 255 : 0;
    const png = file('alpha.png', pngFile(rgbFrame(40, 20, RED), alpha));
    const out = join(tmp.dir, 'alpha.pdf');
    await imagesToPdf([png], out, fit);
    const bytes = readFileSync(out);
    expect(pageImages(bytes)[0]![0]!.smask).toBe(true);
    const render = renderPage(bytes, 0);
    expect(pixelAt(render, 5, 10)).toEqual(RED);
    expect(pixelAt(render, 35, 10)).toEqual(WHITE);
  });

  it('gives every frame of a multi-page TIFF its own page, at each frame resolution', async () => {
    const tiff = file('multi.tif', tiffFile([
      rgbFrame(200, 100, RED, [], 100),
      rgbFrame(50, 150, BLUE, [], 50),
      rgbFrame(30, 30, GREEN, [[0, 0, 10, 10, WHITE]], 72),
    ]));
    const single = file('one.png', pngFile(rgbFrame(10, 10, RED)));
    const out = join(tmp.dir, 'tiff.pdf');
    const result = await imagesToPdf([single, tiff], out, fit);
    const bytes = readFileSync(out);
    expect(result.pages).toBe(4);
    const sizes = pageSizes(bytes);
    expectClose(sizes[1]!, [144, 72]);
    expectClose(sizes[2]!, [72, 216]);
    expectClose(sizes[3]!, [30, 30]);
    expect(pixelAt(renderPage(bytes, 1), 70, 36)).toEqual(RED);
    expect(pixelAt(renderPage(bytes, 2), 36, 100)).toEqual(BLUE);
    const last = renderPage(bytes, 3);
    expect(pixelAt(last, 5, 5)).toEqual(WHITE);
    expect(pixelAt(last, 20, 20)).toEqual(GREEN);
  });

  it('applies every EXIF orientation of a JPEG without touching its stream', async () => {
    // Stored 200 x 100 with a red block at the stored top-left corner. Where the block shows:
    const corner: Record<number, 'TL' | 'TR' | 'BL' | 'BR'> = { 1: 'TL', 2: 'TR', 3: 'BR', 4: 'BL', 5: 'TL', 6: 'TR', 7: 'BR', 8: 'BL' };
    const stored = jpegFile(rgbFrame(200, 100, WHITE, [[0, 0, 40, 40, RED]], 72), 95);
    const paths = Object.keys(corner).map((o) => file(`exif-${o}.jpg`, withExifOrientation(stored, Number(o))));
    const out = join(tmp.dir, 'exif.pdf');
    await imagesToPdf(paths, out, fit);
    const bytes = readFileSync(out);
    const sizes = pageSizes(bytes);
    const images = pageImages(bytes);
    const isRed = ([r, g, b]: number[]): boolean => r! > 200 && g! < 60 && b! < 60;
    for (let o = 1; o <= 8; o++) {
      const [w, h] = o >= 5 ? [100, 200] : [200, 100];
      expectClose(sizes[o - 1]!, [w, h]);
      const render = renderPage(bytes, o - 1);
      const at = { TL: [15, 15], TR: [w - 15, 15], BL: [15, h - 15], BR: [w - 15, h - 15] } as const;
      for (const [name, [x, y]] of Object.entries(at)) {
        expect(isRed(pixelAt(render, x, y)), `orientation ${o}, corner ${name}`).toBe(name === corner[o]);
      }
      expect(Buffer.compare(Buffer.from(images[o - 1]![0]!.raw), readFileSync(paths[o - 1]!))).toBe(0);
    }
  });

  it('fits images on A4 and letter: orientation, margins, centring, no enlargement', async () => {
    const wide = file('wide.png', pngFile(rgbFrame(2000, 1000, RED))); // 2000 x 1000 pt at 72 dpi
    const small = file('small.png', pngFile(rgbFrame(100, 200, BLUE)));
    const out = join(tmp.dir, 'a4.pdf');
    await imagesToPdf([wide, small], out, { pageSize: 'A4', orientation: 'auto', margin: 36 });
    const bytes = readFileSync(out);
    const sizes = pageSizes(bytes);
    expectClose(sizes[0]!, [841.89, 595.28], 0.01); // landscape for the wide image
    expectClose(sizes[1]!, [595.28, 841.89], 0.01);
    // Wide: scaled to the width inside the margins (769.89 pt), centred vertically.
    const [x0, y0, x1, y1] = imageRects(bytes, 0)[0]!;
    expectClose([x0, x1, x1 - x0, y1 - y0], [36, 841.89 - 36, 769.89, 384.945], 0.02);
    expectClose([y0, 595.28 - y1], [(595.28 - 384.945) / 2, (595.28 - 384.945) / 2], 0.02);
    // Small: natural size, centred.
    expectClose(imageRects(bytes, 1)[0]!, [(595.28 - 100) / 2, (841.89 - 200) / 2, (595.28 + 100) / 2, (841.89 + 200) / 2], 0.02);

    const forced = join(tmp.dir, 'letter.pdf');
    await imagesToPdf([wide], forced, { pageSize: 'letter', orientation: 'portrait', margin: 0 });
    const letter = readFileSync(forced);
    expectClose(pageSizes(letter)[0]!, [612, 792]);
    expectClose(imageRects(letter, 0)[0]!, [0, 396 - 153, 612, 396 + 153], 0.02);

    const margins = join(tmp.dir, 'fit-margin.pdf');
    await imagesToPdf([small], margins, { pageSize: 'fit', orientation: 'landscape', margin: 20 });
    expectClose(pageSizes(readFileSync(margins))[0]!, [140, 240]);
  });

  it('rejects what is not an image with 3102 and an undecodable image with FILE_DAMAGED, naming the input, writing nothing', async () => {
    const good = file('good.png', pngFile(rgbFrame(10, 10, RED)));
    const text = file('notes.jpg', Buffer.from('just some text, not a picture'));
    const pdf = file('doc.png', Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n'));
    const whole = pngFile(rgbFrame(64, 64, RED, [[5, 5, 20, 20, BLUE]]));
    const truncated = file('cut.png', whole.subarray(0, Math.floor(whole.length / 2)));
    const out = join(tmp.dir, 'bad.pdf');
    for (const [path, code] of [[text, 3102], [pdf, 3102], [truncated, 'FILE_DAMAGED'], [join(tmp.dir, 'missing.png'), 'INVALID_PARAMS']] as const) {
      const err = await imagesToPdf([good, path], out, fit).then(() => null, (e: unknown) => e);
      expect(err, path).toBeInstanceOf(InputError);
      expect((err as InputError).code, path).toBe(code);
      expect((err as InputError).inputIndex).toBe(1);
    }
    expect(await codeOf(imagesToPdf([], out, fit))).toBe('INVALID_PARAMS');
    expect(await codeOf(imagesToPdf([good], out, { ...fit, margin: -1 }))).toBe('INVALID_PARAMS');
    expect(await codeOf(imagesToPdf([good], out, { ...fit, margin: 145 }))).toBe('INVALID_PARAMS');
    expect(await codeOf(imagesToPdf([good], out, { ...fit, pageSize: 'A3' as never }))).toBe('INVALID_PARAMS');
    expect(readdirSync(tmp.dir).filter((name) => name.includes('bad.pdf'))).toEqual([]);
  });
});

describe('pagewright jpg-to-pdf', () => {
  it('converts with the documented options and prints the page count', async () => {
    const a = file('cli-a.jpg', jpegFile(rgbFrame(100, 50, RED)));
    const b = file('cli-b.png', pngFile(rgbFrame(50, 100, BLUE)));
    const out = join(tmp.dir, 'cli.pdf');
    const run = await cli('jpg-to-pdf', a, b, '-o', out, '--page-size', 'A4', '--orientation', 'auto', '--margin', '20');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ pages: 2, output: out });
    const sizes = pageSizes(readFileSync(out));
    expectClose(sizes[0]!, [841.89, 595.28], 0.01);
    expectClose(sizes[1]!, [595.28, 841.89], 0.01);
    expect((await cli('jpg-to-pdf', '--help')).stdout).toMatch(/^Usage: pagewright jpg-to-pdf/);
  });

  it('answers usage errors with exit code 2 and processing errors with 1', async () => {
    const a = file('cli-c.jpg', jpegFile(rgbFrame(10, 10, RED)));
    expect((await cli('jpg-to-pdf', a)).status).toBe(2);
    expect((await cli('jpg-to-pdf', '-o', join(tmp.dir, 'x.pdf'))).status).toBe(2);
    expect((await cli('jpg-to-pdf', a, '-o', join(tmp.dir, 'x.pdf'), '--page-size', 'A3')).status).toBe(2);
    expect((await cli('jpg-to-pdf', a, '-o', join(tmp.dir, 'x.pdf'), '--margin', 'wide')).status).toBe(2);
    const text = file('cli-text.jpg', Buffer.from('no image here'));
    const bad = await cli('jpg-to-pdf', text, '-o', join(tmp.dir, 'x.pdf'));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^error 3102: /);
  });
});

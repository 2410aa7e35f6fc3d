/**
 * The one image probe: types by magic bytes, truncated files, the 20 MB limit, the
 * decompression-bomb guard (a tiny file declaring a huge image is refused before decoding),
 * sharp's metadata under the same limit, and the declared resolution read for PDFs.
 */
import { truncateSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS, imageSizeLimit } from '@pagewright/contracts';
import { probeImage, processImage } from '../index.js';
import { imageMetadata, probeImageHeader, readDeclaredFacts, readImageHeader, sniffImage } from './probe.js';
import { errorOf, useTempDir } from '../../test/harness.js';
import { pngChunk } from '../png.js';

const tmp = useTempDir('pagewright-image-header-');

/**
 * A valid-looking PNG declaring `width` x `height` RGB pixels whose data is a few rows of
 * zeros: tiny on disk, huge once decoded (a decompression bomb).
 */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  // Four rows of zeros compress to a few hundred bytes; a real bomb would hold them all.
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 4), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A GIF of `frames` frames, each one black pixel at the origin of a `width` x `height` screen. */
function tinyFramesGif(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  screen[10] = 0x80; // a global colour table of 2 entries
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  // Graphic control (10 ms), descriptor of a 1 x 1 image, LZW data: clear, index 0, end.
  const frame = Buffer.from([0x21, 0xf9, 4, 0, 1, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]);
  return Buffer.concat([screen, palette, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

describe('decompression bomb', () => {
  it('refuses a PNG declaring 100000 x 100000 pixels from its header, fast and without a memory spike', async () => {
    const path = tmp.file('bomb.png', pngBomb(100_000, 100_000));
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const probed = await errorOf(probeImage(path));
    const processed = await errorOf(processImage(path, tmp.out('bomb-out.png'), { mode: 'resize', resizePercentage: 1 }));
    const elapsed = performance.now() - started;
    const grown = process.memoryUsage().rss - rssBefore;
    expect(probed.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(processed.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(elapsed).toBeLessThan(1000);
    // Decoding would need 30 GB; a few MB of noise is the test runner's own.
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  it('counts every frame of an animation against the limit when all frames are kept', async () => {
    // 60 frames of one pixel each on a 2000 x 1000 screen: every frame decodes to the whole
    // screen, 120 megapixels in all, from a file of a few hundred bytes.
    const frames = 60;
    const path = tmp.file('many.gif', tinyFramesGif(2000, 1000, frames));
    expect(2000 * 1000 * frames).toBeGreaterThan(IMAGE_MAX_PIXELS);
    expect(await probeImage(path)).toMatchObject({ format: 'gif', width: 2000, height: 1000, frames });
    expect((await errorOf(processImage(path, tmp.out('many-out.gif'), { mode: 'rotate', angle: 90 }))).code).toBe('IMAGE_TOO_MANY_PIXELS');
    // The first frame alone is fine.
    expect(await processImage(path, tmp.out('many-first.png'), { mode: 'converter', targetFormat: 'png', frames: 'first' })).toMatchObject({ width: 2000, height: 1000, frames: 1 });
  });

  it('refuses JPEG, GIF, BMP and WebP headers declaring too many pixels', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } }).jpeg().toBuffer();
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(60_000, sof + 5);
    jpeg.writeUInt16BE(60_000, sof + 7);
    const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } }).gif().toBuffer();
    gif.writeUInt16LE(65_000, 6);
    gif.writeUInt16LE(65_000, 8);
    const bmp = Buffer.alloc(64); // header, a palette of 2 colours, RLE data: end of bitmap
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(62, 10);
    bmp[63] = 1;
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(50_000, 18);
    bmp.writeInt32LE(50_000, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(8, 28);
    bmp.writeUInt32LE(1, 30); // RLE8: a few bytes may fill any size
    bmp.writeUInt32LE(2, 46);
    const webp = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } }).webp({ lossless: true }).toBuffer();
    const vp8l = webp.indexOf('VP8L');
    webp.writeUInt32LE(16383 | (16383 << 14), vp8l + 9); // 16384 x 16384
    // A 1 x 1 screen with a frame of 60000 x 60000: decoders grow the canvas to the frame.
    const frameBomb = tinyFramesGif(1, 1, 1);
    frameBomb.writeUInt16LE(60_000, 13 + 6 + 8 + 5);
    frameBomb.writeUInt16LE(60_000, 13 + 6 + 8 + 7);
    for (const [name, bytes] of [['bomb.jpg', jpeg], ['bomb.gif', gif], ['frame-bomb.gif', frameBomb], ['bomb.bmp', bmp], ['bomb.webp', webp]] as const) {
      expect((await errorOf(probeImage(tmp.file(name, bytes)))).code, name).toBe('IMAGE_TOO_MANY_PIXELS');
      expect(() => probeImageHeader(bytes), name).toThrow(expect.objectContaining({ code: 'IMAGE_TOO_MANY_PIXELS' }));
      // The header alone (no guard) still reads: the guard is the probe's, not the reader's.
      expect(readImageHeader(bytes).width * readImageHeader(bytes).height, name).toBeGreaterThan(IMAGE_MAX_PIXELS);
    }
  });

  it('reads sharp\'s metadata under the same pixel limit', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    expect(await imageMetadata(png)).toMatchObject({ format: 'png', width: 30, height: 20, channels: 4 });
    const grey = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } }).toColourspace('b-w').jpeg().toBuffer();
    expect((await imageMetadata(grey)).channels).toBe(1);
    expect((await errorOf(imageMetadata(pngBomb(100_000, 100_000)))).code).toBe('IMAGE_TOO_MANY_PIXELS');
  });
});

describe('types and damage', () => {
  it('knows types by their magic bytes, whatever the extension', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } }).png().toBuffer();
    expect(await probeImage(tmp.file('looks-like.jpg', png))).toMatchObject({ format: 'png', width: 8, height: 8 });
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    // "BM" and a few bytes make a BMP for MuPDF to try; the header reader wants a known info header.
    expect(() => readImageHeader(Buffer.from('BM is how this text starts, and it goes on'))).toThrow(expect.objectContaining({ code: 3102 }));
    expect(sniffImage(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBe('gif');
    expect(sniffImage(new Uint8Array([0x49, 0x49, 0x2a, 0x00]))).toBe('tiff');
    expect(sniffImage(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    const ico = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);
    expect((await errorOf(probeImage(tmp.file('icon.ico', ico)))).code).toBe(3102);
    expect((await errorOf(probeImage(tmp.file('empty.png', Buffer.alloc(0))))).code).toBe(3102);
  });

  it('finds truncated files of every type from their structure', async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 200, b: 30 } } });
    const files: Array<[string, Buffer]> = [
      ['png', await base.clone().png().toBuffer()],
      ['jpg', await base.clone().jpeg().toBuffer()],
      ['gif', await base.clone().gif().toBuffer()],
      ['tiff', await base.clone().tiff().toBuffer()],
      ['webp', await base.clone().webp().toBuffer()],
    ];
    for (const [format, bytes] of files) {
      expect(readImageHeader(bytes)).toMatchObject({ format, width: 64, height: 48, frames: 1 });
      for (const keep of [0.5, 0.9]) {
        const cut = bytes.subarray(0, Math.floor(bytes.length * keep));
        expect(() => readImageHeader(cut), `${format} cut to ${keep}`).toThrow(expect.objectContaining({ code: 'FILE_DAMAGED' }));
      }
    }
  });

  it('reads the declared resolution, EXIF orientation and alpha leniently', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: 'red' } }).png().withMetadata({ density: 300 }).toBuffer();
    expect(readDeclaredFacts(png)).toEqual({ dpi: { x: 300, y: 300 }, frameDpi: [], orientation: 1, alpha: true });
    const jpeg = await sharp({ create: { width: 8, height: 4, channels: 3, background: 'red' } }).jpeg().withMetadata({ density: 150, orientation: 6 }).toBuffer();
    expect(readDeclaredFacts(jpeg)).toMatchObject({ dpi: { x: 150, y: 150 }, orientation: 6, alpha: false });
    expect(readImageHeader(jpeg)).toMatchObject({ width: 8, height: 4, orientation: 6 });
    // Cut short or not an image: the defaults, never an error (MuPDF decides).
    expect(readDeclaredFacts(png.subarray(0, 20))).toEqual({ dpi: undefined, frameDpi: [], orientation: 1, alpha: false });
    expect(readDeclaredFacts(Buffer.from('plain text'))).toEqual({ dpi: undefined, frameDpi: [], orientation: 1, alpha: false });
  });

  it('refuses files above 20 MB before reading them', async () => {
    const path = tmp.out('huge.png');
    writeFileSync(path, await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).png().toBuffer());
    truncateSync(path, imageSizeLimit + 1); // sparse: nothing is written
    expect((await errorOf(probeImage(path))).code).toBe('IMAGE_TOO_LARGE');
    expect((await errorOf(processImage(path, tmp.out('huge-out.png'), { mode: 'compress' }))).code).toBe('IMAGE_TOO_LARGE');
  });
});

import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './imageSize.js';

const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 20, b: 20 } } });

/** A 24-bit BMP of `width` x `height` (bottom-up, or top-down with a negative height). */
function bmp(width: number, height: number, topDown = false): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + row * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(topDown ? -height : height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  return file;
}

/** A PNG declaring `width` x `height` whose data is a few rows: tiny on disk, huge decoded. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

describe('readImageSize (the engine image probe)', () => {
  it('reads PNG, JPEG, GIF and BMP files', async () => {
    expect(readImageSize(await image(300, 80).png().toBuffer())).toEqual({ type: 'png', width: 300, height: 80 });
    expect(readImageSize(await image(300, 50).jpeg().toBuffer())).toEqual({ type: 'jpeg', width: 300, height: 50 });
    expect(readImageSize(await image(16, 32).gif().toBuffer())).toEqual({ type: 'gif', width: 16, height: 32 });
    expect(readImageSize(bmp(40, 20, true))).toEqual({ type: 'bmp', width: 40, height: 20 });
    expect(readImageSize(bmp(7, 3))).toEqual({ type: 'bmp', width: 7, height: 3 });
  });

  it('answers null for text, for images that are no signature type (WebP, TIFF), and for files cut short', async () => {
    expect(readImageSize(Buffer.from('plain text, not an image'))).toBeNull();
    expect(readImageSize(Buffer.from('BM is how this text starts, and it goes on'))).toBeNull();
    expect(readImageSize(await image(10, 10).webp().toBuffer())).toBeNull();
    expect(readImageSize(await image(10, 10).tiff().toBuffer())).toBeNull();
    const png = await image(64, 48).png().toBuffer();
    expect(readImageSize(png.subarray(0, png.length >> 1))).toBeNull();
  });

  it('refuses a header declaring more pixels than any image tool decodes', () => {
    expect(() => readImageSize(pngBomb(100_000, 100_000))).toThrow(expect.objectContaining({ code: 'IMAGE_TOO_MANY_PIXELS' }));
  });
});

import { describe, expect, it } from 'vitest';
import { readImageSize } from './imageSize.js';

describe('readImageSize', () => {
  it('reads a PNG header', () => {
    const png = Buffer.alloc(24);
    png.writeUInt32BE(0x89504e47, 0);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(300, 16);
    png.writeUInt32BE(80, 20);
    expect(readImageSize(png)).toEqual({ type: 'png', width: 300, height: 80 });
  });

  it('reads a JPEG start-of-frame after an APP0 segment', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x32, 0x01, 0x2c, 0x03]);
    expect(readImageSize(jpeg)).toEqual({ type: 'jpeg', width: 300, height: 50 });
  });

  it('reads GIF and BMP headers', () => {
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x10, 0x00, 0x20, 0x00])]);
    expect(readImageSize(gif)).toEqual({ type: 'gif', width: 16, height: 32 });
    const bmp = Buffer.alloc(26);
    bmp.write('BM', 0, 'latin1');
    bmp.writeInt32LE(40, 18);
    bmp.writeInt32LE(-20, 22);
    expect(readImageSize(bmp)).toEqual({ type: 'bmp', width: 40, height: 20 });
  });

  it('answers null for text and for WebP', () => {
    expect(readImageSize(Buffer.from('plain text, not an image'))).toBeNull();
    expect(readImageSize(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBeNull();
  });
});

/**
 * The BMP decoder against MuPDF's on BMPs written by Ghostscript (1, 4 and 8-bit palettes,
 * grey, 24-bit) and on hand-made RLE4/RLE8 and 16-bit bit-field files; the encoder read back
 * by MuPDF.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mupdf } from '../mupdf.js';
import { decodeBmp, encodeBmp, type RawImage } from './bmp.js';
import { useTempDir } from '../../test/harness.js';

const tmp = useTempDir('pagewright-bmp-');

/** A 144 x 96 pt page of coloured bars (primaries, grey, black on white). */
function barsPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const bars = ['1 0 0 rg 0 0 24 96 re f', '0 1 0 rg 24 0 24 96 re f', '0 0 1 rg 48 0 24 96 re f', '0.5 g 72 0 24 96 re f', '0 g 96 48 24 48 re f'].join('\n');
    doc.insertPage(-1, doc.addPage([0, 0, 144, 96], 0, {}, bars));
    const buffer = doc.saveToBuffer('');
    try {
      return Buffer.from(buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
  } finally {
    doc.destroy();
  }
}

/** MuPDF's decoding of a BMP, as packed RGB. */
function mupdfRgb(bytes: Uint8Array): RawImage {
  const image = new mupdf.Image(bytes);
  try {
    // MuPDF gives BMPs an alpha channel (opaque here): keep it, read the colour only.
    const pixmap = image.toPixmap().convertToColorSpace(mupdf.ColorSpace.DeviceRGB, true);
    try {
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      const n = pixmap.getNumberOfComponents();
      const stride = pixmap.getStride();
      const raw = pixmap.getPixels();
      const data = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = raw[y * stride + x * n + c]!;
      return { width, height, channels: 3, data };
    } finally {
      pixmap.destroy();
    }
  } finally {
    image.destroy();
  }
}

function rgbOf(image: RawImage): Buffer {
  if (image.channels === 3) return image.data;
  const out = Buffer.alloc(image.width * image.height * 3);
  for (let i = 0; i < image.width * image.height; i++) out.set(image.data.subarray(i * image.channels, i * image.channels + 3), i * 3);
  return out;
}

describe('decodeBmp', () => {
  it('decodes what Ghostscript writes at every depth exactly as MuPDF does', () => {
    const pdf = tmp.file('bars.pdf', barsPdf());
    for (const device of ['bmpmono', 'bmpgray', 'bmp16', 'bmp256', 'bmp16m']) {
      const out = tmp.out(`${device}.bmp`);
      const gs = spawnSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', `-sDEVICE=${device}`, '-r50', `-sOutputFile=${out}`, pdf], { encoding: 'utf8' });
      expect(gs.status, gs.stderr).toBe(0);
      const bytes = readFileSync(out);
      const ours = decodeBmp(bytes);
      const theirs = mupdfRgb(bytes);
      expect([ours.width, ours.height], device).toEqual([theirs.width, theirs.height]);
      expect([ours.width, ours.height]).toEqual([100, 67]);
      expect(Buffer.compare(rgbOf(ours), theirs.data), device).toBe(0);
    }
  });

  it('decodes RLE8 and RLE4 runs, absolute runs, deltas and line ends', () => {
    const palette = [[0, 0, 0], [255, 0, 0], [0, 255, 0], [0, 0, 255]];
    // 6 x 3 pixels, bottom-up: row 0 (bottom) = 1 1 1 2 3 2; row 1 = delta then 3; row 2 = 2 x 6.
    const rle8 = [3, 1, 0, 3, 2, 3, 2, 0 /* pad */, 0, 0, 0, 2, 4, 0, 2, 3, 0, 0, 6, 2, 0, 1];
    const rle4 = [3, 0x11, 0, 3, 0x23, 0x20, 0, 0, 0, 2, 4, 0, 2, 0x33, 0, 0, 6, 0x22, 0, 1];
    for (const [bits, data] of [[8, rle8], [4, rle4]] as const) {
      const header = Buffer.alloc(54 + palette.length * 4);
      header.write('BM', 0, 'latin1');
      header.writeUInt32LE(header.length + data.length, 2);
      header.writeUInt32LE(header.length, 10);
      header.writeUInt32LE(40, 14);
      header.writeInt32LE(6, 18);
      header.writeInt32LE(3, 22);
      header.writeUInt16LE(1, 26);
      header.writeUInt16LE(bits, 28);
      header.writeUInt32LE(bits === 8 ? 1 : 2, 30);
      header.writeUInt32LE(palette.length, 46);
      palette.forEach(([r, g, b], i) => header.set([b!, g!, r!, 0], 54 + i * 4));
      const image = decodeBmp(Buffer.concat([header, Buffer.from(data)]));
      const index = (x: number, y: number): number => palette.findIndex((p) => p.every((v, c) => v === image.data[(y * 6 + x) * 3 + c]));
      const rows = [0, 1, 2].map((y) => [0, 1, 2, 3, 4, 5].map((x) => index(x, y)));
      expect(rows, `RLE${bits}`).toEqual([
        [2, 2, 2, 2, 2, 2],
        [0, 0, 0, 0, 3, 3],
        [1, 1, 1, 2, 3, 2],
      ]);
    }
  });

  it('decodes 16-bit 5-6-5 bit fields and 32-bit alpha', () => {
    const header = Buffer.alloc(66);
    header.write('BM', 0, 'latin1');
    header.writeUInt32LE(66, 10);
    header.writeUInt32LE(40, 14);
    header.writeInt32LE(2, 18);
    header.writeInt32LE(-1, 22); // top-down
    header.writeUInt16LE(1, 26);
    header.writeUInt16LE(16, 28);
    header.writeUInt32LE(3, 30);
    header.writeUInt32LE(0xf800, 54);
    header.writeUInt32LE(0x07e0, 58);
    header.writeUInt32LE(0x001f, 62);
    const pixels = Buffer.alloc(4);
    pixels.writeUInt16LE(0xf800, 0); // red
    pixels.writeUInt16LE(0x07e0, 2); // green
    const image = decodeBmp(Buffer.concat([header, pixels]));
    expect([image.width, image.height, image.channels]).toEqual([2, 1, 3]);
    expect([...image.data]).toEqual([255, 0, 0, 0, 255, 0]);
  });

  it('refuses unsupported variants with 3102 and cut files with FILE_DAMAGED', () => {
    const bmp = encodeBmp({ width: 20, height: 10, channels: 3, data: Buffer.alloc(600, 90) });
    expect(() => decodeBmp(bmp.subarray(0, 200))).toThrow(expect.objectContaining({ code: 'FILE_DAMAGED' }));
    const jpegInside = Buffer.from(bmp);
    jpegInside.writeUInt32LE(4, 30); // BI_JPEG
    expect(() => decodeBmp(jpegInside)).toThrow(expect.objectContaining({ code: 3102 }));
  });
});

describe('encodeBmp', () => {
  it('writes 24-bit and 32-bit-with-alpha files MuPDF reads back pixel for pixel', () => {
    const width = 7; // rows need padding
    const height = 3;
    const rgb = Buffer.alloc(width * height * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37) % 256;
    const bmp24 = encodeBmp({ width, height, channels: 3, data: rgb }, 300);
    expect(bmp24.readUInt16LE(28)).toBe(24);
    expect(Buffer.compare(mupdfRgb(bmp24).data, rgb)).toBe(0);
    expect(Buffer.compare(decodeBmp(bmp24).data, rgb)).toBe(0);
    expect(bmp24.readInt32LE(38)).toBe(Math.round(300 / 0.0254));

    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, i % 2 ? 255 : 128], i * 4);
    const bmp32 = encodeBmp({ width, height, channels: 4, data: rgba });
    expect(bmp32.readUInt16LE(28)).toBe(32);
    const back = decodeBmp(bmp32);
    expect(back.channels).toBe(4);
    expect(Buffer.compare(back.data, rgba)).toBe(0);
    const image = new mupdf.Image(bmp32);
    try {
      const pixmap = image.toPixmap();
      expect([pixmap.getWidth(), pixmap.getHeight(), pixmap.getNumberOfComponents()]).toEqual([width, height, 4]);
      // Pixel 0 is half transparent, pixel 1 opaque (MuPDF keeps the alpha as stored).
      expect([pixmap.getPixels()[3], pixmap.getPixels()[7]]).toEqual([128, 255]);
      pixmap.destroy();
    } finally {
      image.destroy();
    }
  });
});

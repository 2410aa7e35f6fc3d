/**
 * processImage and probeImage on fixtures made here (sharp, MuPDF and the shared test
 * encoders); every output is decoded again (sharp for JPEG/PNG/GIF/TIFF/WebP, MuPDF for BMP
 * and PDF, the PNG entries of an ICO one by one) and checked for format, size, frames and
 * pixels.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageOutputExtension, probeImage, processImage, type ImageProcessOptions } from '../index.js';
import { mupdf } from '../mupdf.js';
import { readIco } from './ico.js';
import { jpegFile, rgbFrame, tiffFile, withExifOrientation, type RgbFrame } from '../../test/image-fixtures.js';
import { errorOf, useTempDir } from '../../test/harness.js';

type Rgb = [number, number, number];
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];
const WHITE: Rgb = [255, 255, 255];

const tmp = useTempDir('pagewright-image-');

/** A frame in four quadrants: red top-left, green top-right, blue bottom-left, white bottom-right. */
function quadrants(width: number, height: number): RgbFrame {
  const w = width >> 1;
  const h = height >> 1;
  return rgbFrame(width, height, WHITE, [[0, 0, w, h, RED], [w, 0, width - w, h, GREEN], [0, h, w, height - h, BLUE]]);
}

async function png(frame: RgbFrame): Promise<Buffer> {
  return sharp(frame.rgb, { raw: { width: frame.width, height: frame.height, channels: 3 } }).png().toBuffer();
}

/** An animated GIF whose frames are filled with the given colours. */
async function animatedGif(width: number, height: number, colours: Rgb[], delay = 100): Promise<Buffer> {
  const data = Buffer.concat(colours.map((c) => rgbFrame(width, height, c).rgb));
  return sharp(data, { raw: { width, height: height * colours.length, channels: 3, pageHeight: height } }).gif({ delay: colours.map(() => delay), loop: 0 }).toBuffer();
}

interface Decoded {
  format: string;
  width: number;
  /** Of one frame. */
  height: number;
  frames: number;
  channels: number;
  data: Buffer;
}

/** Decodes an output with a decoder that is not ours: sharp, or MuPDF for BMP. */
async function decoded(path: string): Promise<Decoded> {
  const bytes = readFileSync(path);
  if (bytes.subarray(0, 2).toString('latin1') === 'BM') {
    const image = new mupdf.Image(bytes);
    try {
      const pixmap = image.toPixmap();
      try {
        const width = pixmap.getWidth();
        const height = pixmap.getHeight();
        const n = pixmap.getNumberOfComponents(); // MuPDF's n counts the alpha channel
        const stride = pixmap.getStride();
        const raw = pixmap.getPixels();
        const data = Buffer.alloc(width * height * n);
        for (let y = 0; y < height; y++) data.set(raw.subarray(y * stride, y * stride + width * n), y * width * n);
        return { format: 'bmp', width, height, frames: 1, channels: n, data };
      } finally {
        pixmap.destroy();
      }
    } finally {
      image.destroy();
    }
  }
  const meta = await sharp(bytes).metadata();
  const pages = meta.pages ?? 1;
  const { data, info } = await sharp(bytes, { pages: -1 }).raw().toBuffer({ resolveWithObject: true });
  return { format: meta.format, width: info.width, height: info.height / pages, frames: pages, channels: info.channels, data };
}

function pixel(image: Decoded, x: number, y: number, frame = 0): Rgb {
  const at = ((frame * image.height + y) * image.width + x) * image.channels;
  if (image.channels <= 2) return [image.data[at]!, image.data[at]!, image.data[at]!];
  return [image.data[at]!, image.data[at + 1]!, image.data[at + 2]!];
}

function expectColour(actual: Rgb, expected: Rgb, tolerance = 24): void {
  actual.forEach((v, i) => expect(Math.abs(v - expected[i]!), `${actual.join(',')} vs ${expected.join(',')}`).toBeLessThanOrEqual(tolerance));
}

/** The colours at the centres of the four quadrants: TL, TR, BL, BR. */
function quadrantColours(image: Decoded, frame = 0): Rgb[] {
  const { width: w, height: h } = image;
  return [pixel(image, w >> 2, h >> 2, frame), pixel(image, (3 * w) >> 2, h >> 2, frame), pixel(image, w >> 2, (3 * h) >> 2, frame), pixel(image, (3 * w) >> 2, (3 * h) >> 2, frame)];
}

function expectQuadrants(image: Decoded, expected: Rgb[], frame = 0, tolerance = 24): void {
  quadrantColours(image, frame).forEach((c, i) => expectColour(c, expected[i]!, tolerance));
}

async function run(input: string, options: ImageProcessOptions, name: string): Promise<{ facts: Awaited<ReturnType<typeof processImage>>; out: string; image: Decoded }> {
  const out = tmp.out(name);
  const facts = await processImage(input, out, options);
  return { facts, out, image: await decoded(out) };
}

describe('probeImage', () => {
  it('reads format, size and frames from the headers of every input type', async () => {
    const frame = quadrants(64, 48);
    const cases: Array<[string, Uint8Array, string, number]> = [
      ['p.png', await png(frame), 'png', 1],
      ['p.jpg', jpegFile(frame), 'jpg', 1],
      ['p.webp', await sharp(await png(frame)).webp().toBuffer(), 'webp', 1],
      ['p.tif', tiffFile([frame, frame, frame]), 'tiff', 3],
      ['p.gif', await animatedGif(64, 48, [RED, GREEN]), 'gif', 2],
      ['p.bmp', bmp24(frame), 'bmp', 1],
    ];
    for (const [name, bytes, format, frames] of cases) {
      const facts = await probeImage(tmp.file(name, bytes));
      expect(facts, name).toEqual({ format, width: 64, height: 48, frames, bytes: bytes.length });
    }
  });

  it('reads an animated WebP frame count from its ANMF chunks', async () => {
    const webp = await sharp(await animatedGif(40, 30, [RED, GREEN, BLUE]), { pages: -1 }).webp().toBuffer();
    expect(await probeImage(tmp.file('anim.webp', webp))).toMatchObject({ format: 'webp', width: 40, height: 30, frames: 3 });
  });
});

describe('processImage converter', () => {
  it('writes every target format, decodable, with the same size and pixels', async () => {
    const input = tmp.file('q.png', await png(quadrants(80, 60)));
    const expected = [RED, GREEN, BLUE, WHITE];
    for (const format of ['jpg', 'png', 'bmp', 'gif', 'tiff', 'webp'] as const) {
      const { facts, image } = await run(input, { mode: 'converter', targetFormat: format }, `q.${format}`);
      expect(facts.format).toBe(format);
      expect(image.format).toBe(format === 'jpg' ? 'jpeg' : format);
      expect([image.width, image.height, image.frames]).toEqual([80, 60, 1]);
      expect([facts.width, facts.height, facts.frames]).toEqual([80, 60, 1]);
      expectQuadrants(image, expected);
    }
  });

  it('converts grey, grey with alpha, RGBA, palette, 16-bit and CMYK inputs to every format', async () => {
    const base = (channels: 3 | 4): Sharp => sharp({ create: { width: 48, height: 32, channels, background: { r: 30, g: 120, b: 220, alpha: 0.5 } } });
    const inputs: Array<[string, Buffer]> = [
      ['grey.png', await base(3).toColourspace('b-w').png().toBuffer()],
      ['grey-alpha.png', await base(4).toColourspace('b-w').png().toBuffer()],
      ['rgba.png', await base(4).png().toBuffer()],
      ['palette.png', await base(3).png({ palette: true }).toBuffer()],
      ['deep.png', await base(3).toColourspace('rgb16').png().toBuffer()],
      ['cmyk.jpg', await base(3).toColourspace('cmyk').jpeg().toBuffer()],
      ['alpha.webp', await base(4).webp({ lossless: true }).toBuffer()],
    ];
    for (const [name, bytes] of inputs) {
      const input = tmp.file(name, bytes);
      for (const format of ['jpg', 'png', 'bmp', 'gif', 'tiff', 'webp', 'ico', 'pdf'] as const) {
        const facts = await processImage(input, tmp.out(`${name}.${format}`), { mode: 'converter', targetFormat: format });
        expect([facts.format, facts.width, facts.height], `${name} -> ${format}`).toEqual(format === 'ico' ? ['ico', 16, 16] : [format, 48, 32]);
        if (format !== 'ico' && format !== 'pdf') {
          const image = await decoded(tmp.out(`${name}.${format}`));
          expect([image.width, image.height], `${name} -> ${format}`).toEqual([48, 32]);
        }
      }
      const small = await processImage(input, tmp.out(`${name}-small`), { mode: 'compress', keepMetadata: true });
      expect([small.width, small.height], `${name} compress`).toEqual([48, 32]);
      expect(small.bytes).toBeLessThanOrEqual(bytes.length);
      const turned = await processImage(input, tmp.out(`${name}-turned`), { mode: 'rotate', angle: 270, flipVertical: true });
      expect([turned.width, turned.height], `${name} rotate`).toEqual([32, 48]);
    }
  });

  it('writes an ICO with one PNG entry per size, each decodable at its size', async () => {
    const input = tmp.file('icon.png', await png(quadrants(100, 100)));
    const out = tmp.out('icon.ico');
    const facts = await processImage(input, out, { mode: 'converter', targetFormat: 'ico', icoSizes: [256, 16, 32, 48] });
    const entries = readIco(readFileSync(out))!;
    expect(entries.map((e) => [e.width, e.height, e.bitCount])).toEqual([[16, 16, 32], [32, 32, 32], [48, 48, 32], [256, 256, 32]]);
    for (const entry of entries) {
      const meta = await sharp(entry.data).metadata();
      expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', entry.width, entry.height, 4]);
    }
    const big = entries.at(-1)!;
    const { data } = await sharp(big.data).raw().toBuffer({ resolveWithObject: true });
    expectColour([data[(64 * 256 + 64) * 4]!, data[(64 * 256 + 64) * 4 + 1]!, data[(64 * 256 + 64) * 4 + 2]!], RED);
    expect(facts).toMatchObject({ format: 'ico', width: 256, height: 256, frames: 4 });
  });

  it('keeps a non-square image whole in a square icon, transparent around it', async () => {
    const input = tmp.file('wide.png', await png(rgbFrame(100, 50, RED)));
    const out = tmp.out('wide.ico');
    await processImage(input, out, { mode: 'converter', targetFormat: 'ico', icoSizes: [32] });
    const { data } = await sharp(readIco(readFileSync(out))![0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[(2 * 32 + 16) * 4 + 3]).toBe(0); // above the band
    expect(data[(16 * 32 + 16) * 4 + 3]).toBe(255);
  });

  it('makes a PDF page per frame; a JPEG goes in without recompression', async () => {
    const jpeg = jpegFile(quadrants(120, 90));
    const input = tmp.file('photo.jpg', jpeg);
    const out = tmp.out('photo.pdf');
    const facts = await processImage(input, out, { mode: 'converter', targetFormat: 'pdf' });
    expect(facts).toMatchObject({ format: 'pdf', width: 120, height: 90, frames: 1 });
    const doc = mupdf.PDFDocument.openDocument(readFileSync(out), 'application/pdf') as InstanceType<typeof mupdf.PDFDocument>;
    try {
      expect(doc.countPages()).toBe(1);
      const image = doc.findPage(0).get('Resources').get('XObject').get('Im0');
      expect(image.get('Filter').asName()).toBe('DCTDecode');
      const raw = image.readRawStream();
      expect(Buffer.compare(Buffer.from(raw.asUint8Array()), jpeg)).toBe(0);
      raw.destroy();
    } finally {
      doc.destroy();
    }
    expect(spawnSync('qpdf', ['--check', out]).status).toBe(0);

    const gif = tmp.file('anim.gif', await animatedGif(30, 20, [RED, GREEN, BLUE]));
    const pdf = tmp.out('anim.pdf');
    expect(await processImage(gif, pdf, { mode: 'converter', targetFormat: 'pdf' })).toMatchObject({ frames: 3, width: 30, height: 20 });
    const info = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' }).stdout;
    expect(info).toMatch(/Pages:\s+3/);
    expect(info).toMatch(/Page size:\s+30 x 20 pts/);
  });

  it('keeps every frame of an animated GIF, or only the first', async () => {
    const input = tmp.file('three.gif', await animatedGif(40, 30, [RED, GREEN, BLUE], 150));
    for (const format of ['gif', 'webp', 'tiff'] as const) {
      const { image, facts } = await run(input, { mode: 'converter', targetFormat: format }, `three-all.${format}`);
      expect([image.frames, facts.frames], format).toEqual([3, 3]);
      expectColour(pixel(image, 5, 5, 0), RED);
      expectColour(pixel(image, 5, 5, 1), GREEN);
      expectColour(pixel(image, 5, 5, 2), BLUE);
      const first = await run(input, { mode: 'converter', targetFormat: format, frames: 'first' }, `three-first.${format}`);
      expect(first.image.frames).toBe(1);
      expectColour(pixel(first.image, 5, 5), RED);
    }
    const meta = await sharp(tmp.out('three-all.gif')).metadata();
    expect(meta.delay).toEqual([150, 150, 150]);
    // And back from the animated WebP, every frame with its timing.
    const webp = await run(tmp.out('three-all.webp'), { mode: 'converter', targetFormat: 'gif' }, 'three-again.gif');
    expect(webp.image.frames).toBe(3);
    expectColour(pixel(webp.image, 5, 5, 2), BLUE);
    expect((await sharp(tmp.out('three-again.gif')).metadata()).delay).toEqual([150, 150, 150]);
    // Single-frame formats take the first frame.
    const { image } = await run(input, { mode: 'converter', targetFormat: 'png' }, 'three.png');
    expect([image.frames, image.width, image.height]).toEqual([1, 40, 30]);
    expectColour(pixel(image, 5, 5), RED);
  });

  it('keeps every page of a multi-page TIFF, also pages of different sizes', async () => {
    const input = tmp.file('pages.tif', tiffFile([rgbFrame(40, 30, RED), rgbFrame(40, 30, GREEN)]));
    const { image } = await run(input, { mode: 'converter', targetFormat: 'tiff' }, 'pages-out.tif');
    expect([image.frames, image.width, image.height]).toEqual([2, 40, 30]);
    expectColour(pixel(image, 3, 3, 1), GREEN);
    const mixed = tmp.file('mixed.tif', tiffFile([rgbFrame(40, 30, RED), rgbFrame(20, 50, BLUE)]));
    const out = await run(mixed, { mode: 'converter', targetFormat: 'gif' }, 'mixed.gif');
    expect([out.image.frames, out.image.width, out.image.height]).toEqual([2, 40, 50]);
    expectColour(pixel(out.image, 3, 3, 0), RED);
    expectColour(pixel(out.image, 3, 45, 1), BLUE);
    const pdf = tmp.out('mixed.pdf');
    expect(await processImage(mixed, pdf, { mode: 'converter', targetFormat: 'pdf' })).toMatchObject({ frames: 2 });
  });

  it('keeps the resolution, so a scan keeps its printed size', async () => {
    const input = tmp.file('scan.tif', tiffFile([rgbFrame(60, 40, WHITE, [], 300)]));
    for (const format of ['png', 'jpg', 'tiff', 'bmp'] as const) {
      const out = tmp.out(`scan.${format}`);
      await processImage(input, out, { mode: 'converter', targetFormat: format });
      const bytes = readFileSync(out);
      const density = format === 'bmp' ? Math.round(bytes.readInt32LE(38) * 0.0254) : (await sharp(bytes).metadata()).density;
      expect(density, format).toBe(300);
    }
    // A resize by a percentage keeps the printed size: the resolution follows the pixels.
    await processImage(input, tmp.out('scan-half.png'), { mode: 'resize', resizePercentage: 50 });
    expect((await sharp(tmp.out('scan-half.png')).metadata()).density).toBe(150);
  });

  it('applies EXIF orientation before writing', async () => {
    // Stored 80 x 40 with red on the left; orientation 6 shows it turned clockwise: 40 x 80, red on top.
    const stored = rgbFrame(80, 40, BLUE, [[0, 0, 40, 40, RED]]);
    const input = tmp.file('turned.jpg', withExifOrientation(jpegFile(stored), 6));
    expect(await probeImage(input)).toMatchObject({ width: 40, height: 80 });
    const { image } = await run(input, { mode: 'converter', targetFormat: 'png' }, 'turned.png');
    expect([image.width, image.height]).toEqual([40, 80]);
    expectColour(pixel(image, 20, 10), RED);
    expectColour(pixel(image, 20, 70), BLUE);
  });
});

describe('processImage resize, crop, rotate', () => {
  it('resizes by a percentage, by both sides, and by one side keeping the aspect', async () => {
    const input = tmp.file('r.png', await png(quadrants(200, 100)));
    const cases: Array<[ImageProcessOptions, [number, number]]> = [
      [{ mode: 'resize', resizePercentage: 50 }, [100, 50]],
      [{ mode: 'resize', resizePercentage: 150 }, [300, 150]],
      [{ mode: 'resize', width: 70, height: 90 }, [70, 90]],
      [{ mode: 'resize', width: 50 }, [50, 25]],
      [{ mode: 'resize', height: 40 }, [80, 40]],
    ];
    for (const [options, size] of cases) {
      const { image, facts } = await run(input, options, 'r-out.png');
      expect([image.width, image.height], JSON.stringify(options)).toEqual(size);
      expect([facts.width, facts.height]).toEqual(size);
      expectQuadrants(image, [RED, GREEN, BLUE, WHITE]);
    }
  });

  it('resizes every frame of an animation', async () => {
    const input = tmp.file('anim-r.gif', await animatedGif(60, 40, [RED, BLUE]));
    const { image } = await run(input, { mode: 'resize', resizePercentage: 50 }, 'anim-r-out.gif');
    expect([image.format, image.width, image.height, image.frames]).toEqual(['gif', 30, 20, 2]);
    expectColour(pixel(image, 15, 10, 1), BLUE);
  });

  it('crops the box from the image as displayed, in every frame', async () => {
    const input = tmp.file('c.png', await png(quadrants(200, 160)));
    const { image } = await run(input, { mode: 'crop', crop: { x: 60, y: 50, width: 80, height: 60 } }, 'c-out.png');
    expect([image.width, image.height]).toEqual([80, 60]);
    // The box is centred on the quadrant corner: its own quadrants are the colours.
    expectQuadrants(image, [RED, GREEN, BLUE, WHITE]);
    const gif = tmp.file('c.gif', await animatedGif(120, 100, [RED, GREEN]));
    const out = await run(gif, { mode: 'crop', crop: { x: 10, y: 20, width: 60, height: 50 } }, 'c-out.gif');
    expect([out.image.width, out.image.height, out.image.frames]).toEqual([60, 50, 2]);
    expectColour(pixel(out.image, 30, 25, 1), GREEN);
  });

  it('refuses a crop box smaller than 50 pixels or outside the image', async () => {
    const input = tmp.file('c2.png', await png(quadrants(100, 100)));
    for (const crop of [{ x: 0, y: 0, width: 49, height: 60 }, { x: 0, y: 0, width: 60, height: 49 }, { x: 60, y: 0, width: 50, height: 50 }, { x: 0, y: 51, width: 50, height: 50 }, { x: -1, y: 0, width: 50, height: 50 }, { x: 0.5, y: 0, width: 50, height: 50 }]) {
      expect((await errorOf(processImage(input, tmp.out('c2-out.png'), { mode: 'crop', crop }))).code, JSON.stringify(crop)).toBe('INVALID_PARAMS');
    }
    expect(readdirSync(tmp.dir).filter((n) => n.startsWith('.c2-out') || n === 'c2-out.png')).toEqual([]);
  });

  it('rotates clockwise, then flips', async () => {
    const input = tmp.file('rot.png', await png(quadrants(100, 60)));
    // Quadrants as TL, TR, BL, BR after each operation.
    const cases: Array<[ImageProcessOptions, [number, number], Rgb[]]> = [
      [{ mode: 'rotate', angle: 90 }, [60, 100], [BLUE, RED, WHITE, GREEN]],
      [{ mode: 'rotate', angle: 180 }, [100, 60], [WHITE, BLUE, GREEN, RED]],
      [{ mode: 'rotate', angle: 270 }, [60, 100], [GREEN, WHITE, RED, BLUE]],
      [{ mode: 'rotate', angle: 0, flipHorizontal: true }, [100, 60], [GREEN, RED, WHITE, BLUE]],
      [{ mode: 'rotate', angle: 0, flipVertical: true }, [100, 60], [BLUE, WHITE, RED, GREEN]],
      // Turn first (BLUE RED / WHITE GREEN), then mirror left-right.
      [{ mode: 'rotate', angle: 90, flipHorizontal: true }, [60, 100], [RED, BLUE, GREEN, WHITE]],
      [{ mode: 'rotate', angle: 90, flipVertical: true }, [60, 100], [WHITE, GREEN, BLUE, RED]],
    ];
    for (const [options, size, colours] of cases) {
      const { image } = await run(input, options, 'rot-out.png');
      expect([image.width, image.height], JSON.stringify(options)).toEqual(size);
      expectQuadrants(image, colours);
    }
  });

  it('rotates every frame of an animation by a quarter turn, keeping the timing', async () => {
    const frames = [quadrants(40, 20), rgbFrame(40, 20, GREEN)];
    const data = Buffer.concat(frames.map((f) => f.rgb));
    const gif = await sharp(data, { raw: { width: 40, height: 40, channels: 3, pageHeight: 20 } }).gif({ delay: [70, 80], loop: 2 }).toBuffer();
    const input = tmp.file('rot.gif', gif);
    const { image } = await run(input, { mode: 'rotate', angle: 90 }, 'rot-out.gif');
    expect([image.width, image.height, image.frames]).toEqual([20, 40, 2]);
    expectQuadrants(image, [BLUE, RED, WHITE, GREEN], 0);
    expectColour(pixel(image, 10, 20, 1), GREEN);
    const meta = await sharp(tmp.out('rot-out.gif')).metadata();
    expect([meta.delay, meta.loop]).toEqual([[70, 80], 2]);
  });

  it('keeps the input format for BMP: decoded by us, written by us, read back by MuPDF', async () => {
    const input = tmp.file('b.bmp', bmp24(quadrants(60, 40)));
    const { image, facts } = await run(input, { mode: 'rotate', angle: 180 }, 'b-out.bmp');
    expect(facts).toMatchObject({ format: 'bmp', width: 60, height: 40 });
    expect(image.format).toBe('bmp');
    expectQuadrants(image, [WHITE, BLUE, GREEN, RED], 0, 0);
  });
});

/** A 24-bit BMP with top-down rows (negative height): the other row order than test/image-fixtures' bmpFile. */
function bmp24(frame: RgbFrame): Buffer {
  const rowSize = Math.ceil((frame.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + rowSize * frame.height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(frame.width, 18);
  out.writeInt32LE(-frame.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const src = (y * frame.width + x) * 3;
      const at = 54 + y * rowSize + x * 3;
      out[at] = frame.rgb[src + 2]!;
      out[at + 1] = frame.rgb[src + 1]!;
      out[at + 2] = frame.rgb[src]!;
    }
  }
  return out;
}

/** The Compression tag (259) of a little- or big-endian TIFF's first directory. */
function tiffCompression(bytes: Buffer): number | undefined {
  const le = bytes[0] === 0x49;
  const u16 = (at: number): number => (le ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const ifd = le ? bytes.readUInt32LE(4) : bytes.readUInt32BE(4);
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) === 259) return u16(entry + 8);
  }
  return undefined;
}

describe('processImage compress', () => {
  /** A photograph-like image: smooth gradients with noise, which JPEG handles well. */
  async function photo(width: number, height: number): Promise<Buffer> {
    const rgb = Buffer.alloc(width * height * 3);
    let seed = 7;
    const noise = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed % 7) - 3;
    };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 3;
        rgb[at] = Math.max(0, Math.min(255, (x * 255) / width + noise()));
        rgb[at + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise()));
        rgb[at + 2] = Math.max(0, Math.min(255, 128 + 60 * Math.sin(x / 9) + noise()));
      }
    }
    return Buffer.from(rgb);
  }

  it('re-encodes a JPEG smaller with mozjpeg, applies EXIF orientation and strips metadata', async () => {
    const raw = await photo(320, 200);
    const jpeg = await sharp(raw, { raw: { width: 320, height: 200, channels: 3 } }).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).withExifMerge({ IFD0: { Copyright: 'Someone' } }).toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const input = tmp.file('photo.jpg', jpeg);
    const { image, facts } = await run(input, { mode: 'compress' }, 'photo-small.jpg');
    expect(facts.bytes).toBeLessThan(jpeg.length * 0.6);
    expect(facts.bytes).toBe(readFileSync(tmp.out('photo-small.jpg')).length);
    expect([image.format, image.width, image.height]).toEqual(['jpeg', 200, 320]); // turned by the orientation
    const meta = await sharp(tmp.out('photo-small.jpg')).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // mozjpeg writes progressive JPEGs.
    expect(meta.isProgressive).toBe(true);

    const kept = await run(input, { mode: 'compress', keepMetadata: true }, 'photo-kept.jpg');
    const keptMeta = await sharp(tmp.out('photo-kept.jpg')).metadata();
    expect(keptMeta.exif?.toString('latin1')).toContain('Someone');
    expect([kept.image.width, kept.image.height]).toEqual([200, 320]);
    expect(keptMeta.orientation ?? 1).toBe(1);
  });

  it('stronger levels give smaller files', async () => {
    const raw = await photo(300, 300);
    const input = tmp.file('levels.jpg', await sharp(raw, { raw: { width: 300, height: 300, channels: 3 } }).jpeg({ quality: 98 }).toBuffer());
    const sizes = [];
    for (const level of ['low', 'medium', 'high'] as const) sizes.push((await processImage(input, tmp.out(`levels-${level}.jpg`), { mode: 'compress', level })).bytes);
    expect(sizes[0]).toBeGreaterThan(sizes[1]!);
    expect(sizes[1]).toBeGreaterThan(sizes[2]!);
  });

  it('palette-quantises a PNG with few colours losslessly-looking, and never writes a larger file', async () => {
    const input = tmp.file('flat.png', await sharp((await png(quadrants(300, 200))), {}).png({ compressionLevel: 0 }).toBuffer());
    const { image, facts } = await run(input, { mode: 'compress' }, 'flat-small.png');
    expect(facts.bytes).toBeLessThan(readFileSync(input).length / 10);
    expect((await sharp(tmp.out('flat-small.png')).metadata()).isPalette).toBe(true);
    expectQuadrants(image, [RED, GREEN, BLUE, WHITE], 0, 0);

    // Already minimal: the output is the input's bytes.
    const tiny = tmp.file('tiny.png', readFileSync(tmp.out('flat-small.png')));
    await processImage(tiny, tmp.out('tiny-out.png'), { mode: 'compress', level: 'low' });
    expect(Buffer.compare(readFileSync(tmp.out('tiny-out.png')), readFileSync(tiny))).toBe(0);
  });

  it('compresses WebP and GIF, keeping animation frames', async () => {
    const raw = await photo(200, 150);
    const webp = tmp.file('w.webp', await sharp(raw, { raw: { width: 200, height: 150, channels: 3 } }).webp({ quality: 100 }).toBuffer());
    const w = await run(webp, { mode: 'compress' }, 'w-small.webp');
    expect(w.facts.bytes).toBeLessThan(readFileSync(webp).length);
    expect([w.image.format, w.image.width, w.image.height]).toEqual(['webp', 200, 150]);
    const gif = tmp.file('g.gif', await animatedGif(50, 40, [RED, GREEN, BLUE, RED]));
    const g = await run(gif, { mode: 'compress', level: 'high' }, 'g-small.gif');
    expect(g.facts.bytes).toBeLessThanOrEqual(readFileSync(gif).length);
    expect([g.image.format, g.image.frames]).toEqual(['gif', 4]);
    expectColour(pixel(g.image, 25, 20, 2), BLUE);
  });

  it('writes a bilevel TIFF as CCITT G4', async () => {
    const frame = rgbFrame(200, 100, WHITE, [[20, 20, 60, 40, [0, 0, 0]]]);
    const tiff = tmp.file('bw.tif', await sharp(frame.rgb, { raw: { width: 200, height: 100, channels: 3 } }).toColourspace('b-w').tiff({ compression: 'none', bitdepth: 1 }).toBuffer());
    const { image, facts } = await run(tiff, { mode: 'compress' }, 'bw-small.tif');
    expect(facts.bytes).toBeLessThan(readFileSync(tiff).length);
    expect(tiffCompression(readFileSync(tmp.out('bw-small.tif')))).toBe(4); // CCITT Group 4
    expect(pixel(image, 40, 40)).toEqual([0, 0, 0]);
    expect(pixel(image, 150, 50)).toEqual([255, 255, 255]);
  });
});

describe('processImage errors', () => {
  it('refuses non-images with 3102, damaged images with FILE_DAMAGED, and leaves nothing behind', async () => {
    const cases: Array<[string, Uint8Array, string | number]> = [
      ['doc.pdf', Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n'), 3102],
      ['notes.txt', Buffer.from('BMP is a format. '.repeat(10)), 3102],
      ['cut.png', (await png(quadrants(80, 60))).subarray(0, 60), 'FILE_DAMAGED'],
      ['cut.jpg', jpegFile(quadrants(80, 60)).subarray(0, 300), 'FILE_DAMAGED'],
      ['cut.gif', (await animatedGif(80, 60, [RED, GREEN])).subarray(0, 60), 'FILE_DAMAGED'],
    ];
    for (const [name, bytes, code] of cases) {
      const input = tmp.file(name, bytes);
      expect((await errorOf(processImage(input, tmp.out(`${name}.out.png`), { mode: 'converter', targetFormat: 'png' }))).code, name).toBe(code);
      expect((await errorOf(probeImage(input))).code, name).toBe(code);
    }
    // Damage past the headers is the decoder's to find: a PNG whose compressed data is garbage.
    const good = await png(rgbFrame(80, 60, RED));
    const idat = good.indexOf('IDAT');
    const garbled = Buffer.from(good);
    for (let i = idat + 8; i < idat + 40; i++) garbled[i] = 0x55;
    const input = tmp.file('garbled.png', garbled);
    expect((await errorOf(processImage(input, tmp.out('garbled.out.png'), { mode: 'converter', targetFormat: 'bmp' }))).code).toBe('FILE_DAMAGED');
    expect(readdirSync(tmp.dir).filter((n) => n.includes('.out.') || n.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses bad options with INVALID_PARAMS before reading the file', async () => {
    const input = tmp.file('opt.png', await png(quadrants(60, 60)));
    const bad: unknown[] = [
      { mode: 'blur' },
      { mode: 'converter', targetFormat: 'svg' },
      { mode: 'converter', targetFormat: 'ico', icoSizes: [24] },
      { mode: 'converter', targetFormat: 'ico', icoSizes: [] },
      { mode: 'resize' },
      { mode: 'resize', resizePercentage: 0 },
      { mode: 'resize', resizePercentage: 1001 },
      { mode: 'resize', resizePercentage: 50, width: 10 },
      { mode: 'resize', width: 0 },
      { mode: 'resize', width: 20_001 },
      { mode: 'rotate', angle: 45 },
      { mode: 'compress', level: 'extreme' },
      { mode: 'crop' },
      { mode: 'converter', frames: 'some' },
    ];
    for (const options of bad) {
      expect((await errorOf(processImage(input, tmp.out('opt-out.png'), options as ImageProcessOptions))).code, JSON.stringify(options)).toBe('INVALID_PARAMS');
    }
    expect((await errorOf(processImage(tmp.out('missing.png'), tmp.out('opt-out.png'), { mode: 'compress' }))).code).toBe('INVALID_PARAMS');
  });

  it('refuses a result above the pixel limit, and a side the target format cannot hold', async () => {
    const input = tmp.file('big.png', await png(rgbFrame(4000, 3000, RED)));
    expect((await errorOf(processImage(input, tmp.out('big-out.png'), { mode: 'resize', resizePercentage: 1000 }))).code).toBe('IMAGE_TOO_MANY_PIXELS');
    const wide = tmp.file('wide.png', await png(rgbFrame(17_000, 2, RED)));
    expect((await errorOf(processImage(wide, tmp.out('wide-out.webp'), { mode: 'converter', targetFormat: 'webp' }))).code).toBe('INVALID_PARAMS');
    expect(readdirSync(tmp.dir).filter((n) => n.includes('big-out') || n.includes('wide-out'))).toEqual([]);
  });

  it('reports progress up to 100, never backwards', async () => {
    const input = tmp.file('prog.png', await png(quadrants(60, 60)));
    const seen: number[] = [];
    await processImage(input, tmp.out('prog-out.webp'), { mode: 'converter', targetFormat: 'webp' }, (p) => seen.push(p));
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

describe('imageOutputExtension', () => {
  it('is the target format for converter, else the input extension', () => {
    expect(imageOutputExtension('gif', { mode: 'converter', targetFormat: 'png' })).toBe('png');
    expect(imageOutputExtension('gif', { mode: 'converter' })).toBe('png');
    expect(imageOutputExtension('.JPEG', { mode: 'compress' })).toBe('jpeg');
    expect(imageOutputExtension('tif', { mode: 'rotate', angle: 90 })).toBe('tif');
  });
});

/**
 * The image tools over every real-world corpus image (<repo>/../shared/corpus/images, when
 * present): converted to each output format, resized, compressed, cropped and rotated. Every
 * output is decoded again (sharp, MuPDF for BMP and PDF, the ICO entries one by one) and
 * checked for format, size and frame count, and against the original's look (mean grey of an
 * 8 x 8 thumbnail).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageTargetFormats } from '@pagewright/contracts';
import { probeImage, processImage, type ImageFacts } from './index.js';
import { mupdf } from './mupdf.js';
import { decodeBmp } from './image/bmp.js';
import { readIco } from './image/ico.js';
import { useTempDir } from '../test/harness.js';
import { corpusAvailable } from '../test/tools.js';

const imagesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus', 'images');
const corpusPresent = corpusAvailable(imagesDir, 'image tools on the corpus images');

interface Decoded {
  format: string;
  width: number;
  height: number;
  frames: number;
  /** 8 x 8 grey thumbnail of the first frame, on white. */
  thumb: Buffer;
}

async function thumbOf(input: Buffer | { data: Buffer; width: number; height: number; channels: 3 | 4 }): Promise<Buffer> {
  const pipeline = Buffer.isBuffer(input) ? sharp(input, { pages: 1 }) : sharp(input.data, { raw: { width: input.width, height: input.height, channels: input.channels } });
  return pipeline.flatten({ background: '#ffffff' }).resize(8, 8, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
}

/** Decodes an output with a decoder other than the engine's writer. */
async function decode(path: string, format: string): Promise<Decoded> {
  const bytes = readFileSync(path);
  if (format === 'pdf') {
    // The page shows the image at its resolution: its pixel size is that of the image drawn.
    const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
    try {
      const page = doc.loadPage(0);
      let size: [number, number] = [0, 0];
      const device = new mupdf.Device({
        fillImage(image) {
          size = [image.getWidth(), image.getHeight()];
        },
      });
      page.run(device, mupdf.Matrix.identity);
      device.close();
      device.destroy();
      const pixmap = page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, false);
      const [width, height, stride] = [pixmap.getWidth(), pixmap.getHeight(), pixmap.getStride()];
      const data = Buffer.from(pixmap.getPixels());
      pixmap.destroy();
      page.destroy();
      const packed = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++) data.copy(packed, y * width * 3, y * stride, y * stride + width * 3);
      return { format, width: size[0], height: size[1], frames: doc.countPages(), thumb: await thumbOf({ data: packed, width, height, channels: 3 }) };
    } finally {
      doc.destroy();
    }
  }
  if (format === 'ico') {
    const entries = readIco(bytes)!;
    const largest = entries.at(-1)!;
    const meta = await sharp(largest.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', largest.width, largest.height]);
    return { format, width: largest.width, height: largest.height, frames: entries.length, thumb: await thumbOf(Buffer.from(largest.data)) };
  }
  if (format === 'bmp') {
    // MuPDF reads BMP independently of our decoder; both must agree on the size.
    const image = new mupdf.Image(bytes);
    const [width, height] = [image.getWidth(), image.getHeight()];
    image.destroy();
    const ours = decodeBmp(bytes);
    expect([ours.width, ours.height]).toEqual([width, height]);
    return { format, width, height, frames: 1, thumb: await thumbOf({ data: ours.data, width, height, channels: ours.channels as 3 | 4 }) };
  }
  const meta = await sharp(bytes).metadata();
  const { info } = await sharp(bytes, { pages: -1 }).raw().toBuffer({ resolveWithObject: true });
  const frames = meta.pages ?? 1;
  return { format: meta.format === 'jpeg' ? 'jpg' : meta.format, width: info.width, height: info.height / frames, frames, thumb: await thumbOf(bytes) };
}

/** Mean absolute difference of two 8 x 8 grey thumbnails (0..255). */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe.skipIf(!corpusPresent)('image tools on the corpus images', () => {
  const tmp = useTempDir('pagewright-corpus-images-');
  const names = corpusPresent ? readdirSync(imagesDir).sort() : [];

  it.each(names)('%s', async (name) => {
    const path = join(imagesDir, name);
    const facts = await probeImage(path);
    expect(facts.bytes).toBe(statSync(path).size);
    const original = await decode(path, facts.format);
    expect([original.width, original.height, original.frames]).toEqual([facts.width, facts.height, facts.frames]);
    const { width, height, frames } = facts;
    const check = async (out: string, result: ImageFacts, expected: { format: string; width: number; height: number; frames: number }, label: string, tolerance = 24): Promise<Decoded> => {
      const decoded = await decode(out, expected.format);
      expect([decoded.format, decoded.width, decoded.height, decoded.frames], label).toEqual([expected.format, expected.width, expected.height, expected.frames]);
      expect(result.bytes, label).toBe(statSync(out).size);
      expect(result.format, label).toBe(expected.format);
      expect(difference(decoded.thumb, original.thumb), label).toBeLessThan(tolerance);
      return decoded;
    };

    for (const format of imageTargetFormats) {
      const out = tmp.out(`${name}.${format}`);
      const result = await processImage(path, out, { mode: 'converter', targetFormat: format, icoSizes: [16, 48] });
      const multi = format === 'gif' || format === 'webp' || format === 'tiff' || format === 'pdf';
      if (format === 'ico') {
        // The image is fitted into the square: only the size and entry count are the original's business.
        const decoded = await decode(out, 'ico');
        expect([decoded.width, decoded.height, decoded.frames]).toEqual([48, 48, 2]);
      } else {
        await check(out, result, { format, width, height, frames: multi ? frames : 1 }, `${name} -> ${format}`, format === 'gif' ? 40 : 24);
      }
    }

    const half = (side: number): number => Math.max(1, Math.round(side / 2));
    const resized = tmp.out(`${name}-resized`);
    await check(resized, await processImage(path, resized, { mode: 'resize', resizePercentage: 50 }), { format: facts.format, width: half(width), height: half(height), frames }, `${name} resize`);

    const compressed = tmp.out(`${name}-compressed`);
    const small = await processImage(path, compressed, { mode: 'compress' });
    expect(small.bytes).toBeLessThanOrEqual(facts.bytes);
    await check(compressed, small, { format: facts.format, width, height, frames }, `${name} compress`);

    const rotated = tmp.out(`${name}-rotated`);
    await check(rotated, await processImage(path, rotated, { mode: 'rotate', angle: 90, flipHorizontal: true }), { format: facts.format, width: height, height: width, frames }, `${name} rotate`, 255);
    const turned = tmp.out(`${name}-turned`);
    // A half turn twice is the original again.
    await processImage(path, turned, { mode: 'rotate', angle: 180 });
    await processImage(turned, `${turned}-back`, { mode: 'rotate', angle: 180 });
    await check(`${turned}-back`, { ...facts, format: facts.format, bytes: statSync(`${turned}-back`).size }, { format: facts.format, width, height, frames }, `${name} rotate back`);

    const cropped = tmp.out(`${name}-cropped`);
    if (width >= 60 && height >= 60) {
      const box = { x: 5, y: 5, width: Math.max(50, width - 10), height: Math.max(50, height - 10) };
      await check(cropped, await processImage(path, cropped, { mode: 'crop', crop: box }), { format: facts.format, width: box.width, height: box.height, frames }, `${name} crop`);
    } else {
      await expect(processImage(path, cropped, { mode: 'crop', crop: { x: 0, y: 0, width: 50, height: 50 } })).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    }
  });
});

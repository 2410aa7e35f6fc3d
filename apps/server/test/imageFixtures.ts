/**
 * Images the image-tool tests make for themselves (with sharp, or byte by byte where sharp
 * would refuse to write them), and readers that check results by decoding them.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A `width` × `height` RGB image whose left half is red and right half blue, as `format`. */
export async function twoColourImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' = 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) raw[i] = 255;
      else raw[i + 2] = 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

/**
 * A photo-like JPEG saved at quality 100: smooth gradients with fine noise, the kind of file
 * a re-encode at mozjpeg settings makes much smaller.
 */
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 5) - 2;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, Math.round((x / width) * 255) + noise()));
      raw[i + 1] = Math.max(0, Math.min(255, Math.round((y / height) * 255) + noise()));
      raw[i + 2] = Math.max(0, Math.min(255, 128 + noise()));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
}

/** An animated GIF of `frames` frames, each `width` × `height` in its own grey. */
export async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * frames * 3);
  for (let f = 0; f < frames; f++) raw.fill(Math.round((255 * f) / Math.max(1, frames - 1)), f * width * height * 3, (f + 1) * width * height * 3);
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } }).gif().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header declaring `width` × `height` RGB pixels, with a
 * few bytes of image data. Decoding it would need width × height × 3 bytes.
 */
export function bombPng(width = 100_000, height = 100_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Format, size and frame count of an image, decoded by sharp (not taken from the engine). */
export async function decodedFacts(bytes: Buffer): Promise<{ format: string; width: number; height: number; frames: number }> {
  const meta = await sharp(bytes, { animated: true }).metadata();
  const frames = meta.pages ?? 1;
  return {
    format: meta.format,
    width: meta.width,
    height: (meta.pageHeight ?? meta.height) || 0,
    frames,
  };
}

/** The RGB of one pixel, decoded by sharp. */
export async function pixelAt(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

/** The square sizes an ICO file holds, read from its directory (a width byte of 0 means 256). */
export function icoSizesOf(bytes: Buffer): number[] {
  if (bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) throw new Error('not an ICO file');
  const count = bytes.readUInt16LE(4);
  const sizes = [];
  for (let i = 0; i < count; i++) {
    const entry = 6 + i * 16;
    const w = bytes[entry] || 256;
    const h = bytes[entry + 1] || 256;
    if (w !== h) throw new Error(`ICO entry ${i} is ${w}×${h}`);
    sizes.push(w);
  }
  return sizes.sort((a, b) => a - b);
}

/**
 * A small PNG encoder for 8-bit gray, gray+alpha, RGB and RGBA pixels. MuPDF's own encoder
 * takes premultiplied pixmaps, which loses colour precision where the alpha is low; images
 * that get their alpha from a soft mask are encoded here from straight (unpremultiplied) data.
 */
import { deflateSync } from 'node:zlib';

const COLOR_TYPE: Record<number, number> = { 1: 0, 2: 4, 3: 2, 4: 6 };

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, body and CRC (tests use it to write crafted headers). */
export function pngChunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * Encodes `pixels` (rows of `width * channels` bytes, `stride` bytes apart) as a PNG. Each row
 * gets the filter (none, sub, up, average, Paeth) with the smallest sum of residuals.
 */
export function encodePng(width: number, height: number, channels: 1 | 2 | 3 | 4, pixels: Uint8Array, stride = width * channels): Uint8Array {
  const rowBytes = width * channels;
  const filtered = Buffer.alloc((rowBytes + 1) * height);
  const candidate = new Uint8Array(rowBytes);
  const best = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const prev = (y - 1) * stride;
    let bestType = 0;
    let bestSum = Infinity;
    for (let type = 0; type <= 4; type++) {
      let sum = 0;
      for (let i = 0; i < rowBytes; i++) {
        const x = pixels[row + i]!;
        const a = i >= channels ? pixels[row + i - channels]! : 0;
        const b = y > 0 ? pixels[prev + i]! : 0;
        const c = y > 0 && i >= channels ? pixels[prev + i - channels]! : 0;
        let predictor = 0;
        if (type === 1) predictor = a;
        else if (type === 2) predictor = b;
        else if (type === 3) predictor = (a + b) >> 1;
        else if (type === 4) {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        }
        const value = (x - predictor) & 0xff;
        candidate[i] = value;
        sum += value < 128 ? value : 256 - value;
        if (sum >= bestSum) break;
      }
      if (sum < bestSum) {
        bestSum = sum;
        bestType = type;
        best.set(candidate);
      }
    }
    const out = y * (rowBytes + 1);
    filtered[out] = bestType;
    filtered.set(best, out + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = COLOR_TYPE[channels]!;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(filtered)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * Windows icon files (.ico) with PNG-compressed entries, which every reader since Windows
 * Vista and every browser takes, and which sharp cannot write. One entry per size.
 */

export interface IcoEntry {
  /** Pixels per side (1..256; icons are square). */
  size: number;
  /** A PNG of `size` x `size` pixels (32-bit RGBA). */
  png: Uint8Array;
}

const HEADER = 6;
const DIRECTORY_ENTRY = 16;

/** Packs the PNGs into one .ico, entries in the order given. */
export function encodeIco(entries: IcoEntry[]): Buffer {
  const header = Buffer.alloc(HEADER + DIRECTORY_ENTRY * entries.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon (2 would be a cursor)
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach((entry, i) => {
    const at = HEADER + i * DIRECTORY_ENTRY;
    // A side of 256 is written as 0: the field is one byte.
    header.writeUInt8(entry.size >= 256 ? 0 : entry.size, at);
    header.writeUInt8(entry.size >= 256 ? 0 : entry.size, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(entry.png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += entry.png.length;
  });
  return Buffer.concat([header, ...entries.map((entry) => Buffer.from(entry.png))]);
}

export interface IcoDirectoryEntry {
  /** Width and height as the directory states them (0 means 256). */
  width: number;
  height: number;
  bitCount: number;
  /** The entry's image data (PNG or a BMP without file header). */
  data: Uint8Array;
}

/** The entries of an .ico file; undefined when the bytes are not one. */
export function readIco(bytes: Uint8Array): IcoDirectoryEntry[] | undefined {
  if (bytes.length < HEADER) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint16(0, true) !== 0 || view.getUint16(2, true) !== 1) return undefined;
  const count = view.getUint16(4, true);
  if (count === 0 || HEADER + count * DIRECTORY_ENTRY > bytes.length) return undefined;
  const entries: IcoDirectoryEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = HEADER + i * DIRECTORY_ENTRY;
    const size = view.getUint32(at + 8, true);
    const offset = view.getUint32(at + 12, true);
    if (offset + size > bytes.length) return undefined;
    entries.push({
      width: view.getUint8(at) || 256,
      height: view.getUint8(at + 1) || 256,
      bitCount: view.getUint16(at + 6, true),
      data: bytes.subarray(offset, offset + size),
    });
  }
  return entries;
}

/**
 * Helpers of the organize/protect tests: catalogue-error expectations, poppler and qpdf as
 * independent readers, and small changes to fixture PDFs (boxes, rotation, metadata).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { CatalogueError } from '@pagewright/contracts';
import { mupdf, type PDFDocument } from '../src/mupdf.js';
import { toolsAvailable } from './tools.js';

/** Awaits `promise`, expecting it to reject with a CatalogueError of `code`. */
export async function expectCode(promise: Promise<unknown>, code: string | number): Promise<CatalogueError> {
  const err = await promise.then(
    () => { throw new Error(`expected CatalogueError ${code}, got success`); },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CatalogueError);
  expect((err as CatalogueError).code).toBe(code);
  return err as CatalogueError;
}

export function listDir(path: string): string[] {
  return readdirSync(path).sort();
}

export function run(command: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The text of each page as poppler's pdftotext reads it (trimmed, form feeds split). */
export function pdftotextPages(path: string, password?: string): string[] {
  const args = ['-layout', ...(password ? ['-upw', password] : []), path, '-'];
  const { stdout, status, stderr } = run('pdftotext', args);
  if (status !== 0) throw new Error(`pdftotext failed: ${stderr}`);
  return stdout.split('\f').slice(0, -1).map((page) => page.trim().replace(/\s+/g, ' '));
}

export interface PopplerPage {
  mediaBox: number[];
  cropBox: number[];
  rotate: number;
  /** Size of the crop box in points, before rotation (as pdfinfo prints it). */
  width: number;
  height: number;
}

/** Width and height of a page as displayed (rotation applied). */
export function displayedSize(page: PopplerPage): [number, number] {
  return page.rotate % 180 === 0 ? [page.width, page.height] : [page.height, page.width];
}

/** Boxes and rotation of every page, as poppler's pdfinfo reports them. */
export function pdfinfoPages(path: string): PopplerPage[] {
  const { stdout, status, stderr } = run('pdfinfo', ['-box', '-f', '1', '-l', '100000', path]);
  if (status !== 0) throw new Error(`pdfinfo failed: ${stderr}`);
  const pages = new Map<number, Partial<PopplerPage>>();
  const page = (n: number): Partial<PopplerPage> => {
    if (!pages.has(n)) pages.set(n, {});
    return pages.get(n)!;
  };
  const numbers = (text: string): number[] => text.trim().split(/\s+/).map(Number);
  for (const line of stdout.split('\n')) {
    let m = /^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+)/.exec(line);
    if (m) Object.assign(page(Number(m[1])), { width: Number(m[2]), height: Number(m[3]) });
    m = /^Page\s+(\d+)\s+rot:\s+(\d+)/.exec(line);
    if (m) page(Number(m[1])).rotate = Number(m[2]);
    m = /^Page\s+(\d+)\s+MediaBox:\s+(.*)$/.exec(line);
    if (m) page(Number(m[1])).mediaBox = numbers(m[2]!);
    m = /^Page\s+(\d+)\s+CropBox:\s+(.*)$/.exec(line);
    if (m) page(Number(m[1])).cropBox = numbers(m[2]!);
  }
  return [...pages.keys()].sort((a, b) => a - b).map((n) => page(n) as PopplerPage);
}

/** `qpdf --check` passes without warnings (skipped without qpdf, a failure under CI). */
export function expectQpdfClean(path: string, password?: string): void {
  if (!toolsAvailable('qpdf --check of the result', 'qpdf')) return;
  const check = run('qpdf', [...(password ? [`--password=${password}`] : []), '--check', path]);
  expect(check.stdout + check.stderr).not.toMatch(/WARNING/);
  expect(check.status).toBe(0);
}

/** Opens `path` with MuPDF, lets `change` edit it, saves it back (uncompressed objects). */
export function modifyPdf(path: string, change: (doc: PDFDocument) => void, options = 'compress'): void {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf').asPDF()!;
  try {
    change(doc);
    const buffer = doc.saveToBuffer(options);
    try {
      writeFileSync(path, Buffer.from(buffer.asUint8Array()));
    } finally {
      buffer.destroy();
    }
  } finally {
    doc.destroy();
  }
}

/** The /Rotate of each page (own or inherited) as MuPDF reads it. */
export function pageRotations(path: string): number[] {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf').asPDF()!;
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => {
      const rotate = doc.findPage(i).getInheritable('Rotate');
      return rotate.isNumber() ? rotate.asNumber() : 0;
    });
  } finally {
    doc.destroy();
  }
}

/** The document information entry `key` (e.g. Title) as MuPDF reads it. */
export function infoEntry(path: string, key: string): string | undefined {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    return doc.getMetaData(`info:${key}`);
  } finally {
    doc.destroy();
  }
}

/** A progress listener that records the values and checks they only grow. */
export function progressRecorder(): { values: number[]; onProgress: (p: number) => void } {
  const values: number[] = [];
  return {
    values,
    onProgress: (p) => {
      if (values.length > 0) expect(p).toBeGreaterThan(values.at(-1)!);
      values.push(p);
    },
  };
}

/** The entries of a zip file, read with Info-ZIP's unzip, in archive order. */
export function readZip(path: string): Map<string, Buffer> {
  const list = spawnSync('unzip', ['-Z1', path], { encoding: 'utf8' });
  if (list.status !== 0) throw new Error(`unzip -Z1 failed: ${list.stderr}`);
  const entries = new Map<string, Buffer>();
  for (const name of list.stdout.split('\n').filter(Boolean)) {
    // unzip reads entry names as wildcard patterns: escape them so '[Content_Types].xml' matches itself.
    const pattern = name.replace(/[[\]*?\\]/g, '\\$&');
    const data = spawnSync('unzip', ['-p', path, pattern], { maxBuffer: 1 << 30 });
    if (data.status !== 0) throw new Error(`unzip -p failed for ${name}`);
    entries.set(name, data.stdout);
  }
  return entries;
}

export interface DecodedPng {
  width: number;
  height: number;
  /** 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA (8-bit PNGs only). */
  channels: number;
  pixels: Uint8Array;
}

/** A minimal PNG decoder (8-bit, non-interlaced, colour types 0, 2, 4, 6), independent of the engine's encoder. */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + length);
    pos += 12 + length;
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect(body[8]).toBe(8);
      expect(body[12]).toBe(0);
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[body[9]!]!;
    } else if (type === 'IDAT') idat.push(body);
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      pixels[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

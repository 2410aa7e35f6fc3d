/**
 * PDF to ASCII DXF (R12, AC1009: the version every CAD program and LibreOffice Draw read) at
 * true scale: 1 drawing unit = 1 mm ($INSUNITS 4; a point is 25.4/72 mm), y pointing up so the
 * drawing is upright. Vector paths become LINE (two points) or POLYLINE entities with curves
 * flattened; text becomes TEXT entities, one per span, at its baseline. Pages are laid out one
 * below the other, 10 mm apart, each framed by a rectangle on layer PAGE. Fills are drawn as
 * their outlines (R12 has no hatch); raster images are left out.
 */
import { CatalogueError } from '@pagewright/contracts';
import { writeFileAtomic } from '../files.js';
import type { PdfInput } from '../merge.js';
import { openInput } from '../pdf/single.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { pageFailure, readPage, readVectorPaths, type PositionalPage, type VectorPath } from './positional.js';

export const MM_PER_POINT = 25.4 / 72;
/** Vertical space between pages in the drawing, mm. */
export const PAGE_GAP_MM = 10;
/** DXF TEXT height is the capital height; about 0.7 of the font size in common fonts. */
const CAP_HEIGHT = 0.7;

/** AutoCAD colour index of the basic colours; 7 is black on white paper (white on black). */
const ACI: Array<[number, [number, number, number]]> = [
  [1, [255, 0, 0]],
  [2, [255, 255, 0]],
  [3, [0, 255, 0]],
  [4, [0, 255, 255]],
  [5, [0, 0, 255]],
  [6, [255, 0, 255]],
  [8, [128, 128, 128]],
  [7, [0, 0, 0]],
  // White art on a white page: ACI 7 too, drawn in the background's contrast colour.
  [7, [255, 255, 255]],
];

export function aciOf(hex: string): number {
  const rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let best = 7;
  let bestDistance = Infinity;
  for (const [index, [r, g, b]] of ACI) {
    const d = (rgb[0]! - r) ** 2 + (rgb[1]! - g) ** 2 + (rgb[2]! - b) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = index;
    }
  }
  return best;
}

/**
 * DXF text: no line breaks; characters outside Windows-1252 as \U+XXXX (read by AutoCAD and
 * LibreOffice); the file is written in Windows-1252 ($DWGCODEPAGE ANSI_1252).
 */
export function dxfText(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    const code = ch.codePointAt(0)!;
    if (code < 32) continue;
    if (code < 0x7f || (code >= 0xa0 && code <= 0xff)) out += ch;
    else out += `\\U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

const f = (v: number): string => (Math.round(v * 10000) / 10000).toString();

class DxfWriter {
  readonly lines: string[] = [];
  pair(code: number, value: string | number): void {
    this.lines.push(String(code), typeof value === 'number' ? f(value) : value);
  }
}

interface Placed {
  page: PositionalPage;
  paths: VectorPath[];
  /** Offset of the page's bottom edge in the drawing, mm. */
  bottom: number;
}

function writeEntities(w: DxfWriter, placed: Placed): void {
  const { page, paths, bottom } = placed;
  const X = (x: number): number => x * MM_PER_POINT;
  const Y = (y: number): number => bottom + (page.height - y) * MM_PER_POINT;
  // The page frame.
  w.pair(0, 'POLYLINE');
  w.pair(8, 'PAGE');
  w.pair(66, '1');
  w.pair(10, 0);
  w.pair(20, 0);
  w.pair(30, 0);
  w.pair(70, '1');
  for (const [x, y] of [[0, 0], [page.width, 0], [page.width, page.height], [0, page.height]] as const) {
    w.pair(0, 'VERTEX');
    w.pair(8, 'PAGE');
    w.pair(10, X(x));
    w.pair(20, Y(y));
    w.pair(30, 0);
  }
  w.pair(0, 'SEQEND');
  w.pair(8, 'PAGE');
  for (const path of paths) {
    const color = aciOf(path.stroke ?? path.fill ?? '000000');
    if (path.points.length === 2 && !path.closed) {
      const [[x1, y1], [x2, y2]] = path.points as [[number, number], [number, number]];
      w.pair(0, 'LINE');
      w.pair(8, 'VECTOR');
      w.pair(62, String(color));
      w.pair(10, X(x1));
      w.pair(20, Y(y1));
      w.pair(30, 0);
      w.pair(11, X(x2));
      w.pair(21, Y(y2));
      w.pair(31, 0);
      continue;
    }
    w.pair(0, 'POLYLINE');
    w.pair(8, 'VECTOR');
    w.pair(62, String(color));
    w.pair(66, '1');
    w.pair(10, 0);
    w.pair(20, 0);
    w.pair(30, 0);
    w.pair(70, path.closed ? '1' : '0');
    for (const [x, y] of path.points) {
      w.pair(0, 'VERTEX');
      w.pair(8, 'VECTOR');
      w.pair(10, X(x));
      w.pair(20, Y(y));
      w.pair(30, 0);
    }
    w.pair(0, 'SEQEND');
    w.pair(8, 'VECTOR');
  }
  for (const block of page.blocks) {
    for (const line of block.lines) {
      // y is flipped, so a direction (dx, dy) in the page is the angle of (dx, -dy) in the drawing.
      const angle = (Math.atan2(-line.dir[1], line.dir[0]) * 180) / Math.PI;
      for (const span of line.spans) {
        const text = dxfText(span.text.trimEnd());
        if (text.trim() === '') continue;
        w.pair(0, 'TEXT');
        w.pair(8, 'TEXT');
        if (span.color !== '000000') w.pair(62, String(aciOf(span.color)));
        w.pair(10, X(span.x));
        w.pair(20, Y(span.y));
        w.pair(30, 0);
        w.pair(40, span.size * CAP_HEIGHT * MM_PER_POINT);
        w.pair(1, text);
        if (Math.abs(angle) > 0.01) w.pair(50, angle);
      }
    }
  }
}

function header(w: DxfWriter, extents: { width: number; height: number }): void {
  w.pair(0, 'SECTION');
  w.pair(2, 'HEADER');
  w.pair(9, '$ACADVER');
  w.pair(1, 'AC1009');
  w.pair(9, '$DWGCODEPAGE');
  w.pair(3, 'ANSI_1252');
  w.pair(9, '$INSUNITS');
  w.pair(70, '4');
  w.pair(9, '$MEASUREMENT');
  w.pair(70, '1');
  w.pair(9, '$EXTMIN');
  w.pair(10, 0);
  w.pair(20, 0);
  w.pair(30, 0);
  w.pair(9, '$EXTMAX');
  w.pair(10, extents.width);
  w.pair(20, extents.height);
  w.pair(30, 0);
  w.pair(9, '$LIMMIN');
  w.pair(10, 0);
  w.pair(20, 0);
  w.pair(9, '$LIMMAX');
  w.pair(10, extents.width);
  w.pair(20, extents.height);
  w.pair(0, 'ENDSEC');
  w.pair(0, 'SECTION');
  w.pair(2, 'TABLES');
  w.pair(0, 'TABLE');
  w.pair(2, 'LTYPE');
  w.pair(70, '1');
  w.pair(0, 'LTYPE');
  w.pair(2, 'CONTINUOUS');
  w.pair(70, '0');
  w.pair(3, 'Solid line');
  w.pair(72, '65');
  w.pair(73, '0');
  w.pair(40, 0);
  w.pair(0, 'ENDTAB');
  w.pair(0, 'TABLE');
  w.pair(2, 'LAYER');
  w.pair(70, '3');
  for (const [name, color] of [['PAGE', 8], ['VECTOR', 7], ['TEXT', 7]] as const) {
    w.pair(0, 'LAYER');
    w.pair(2, name);
    w.pair(70, '0');
    w.pair(62, String(color));
    w.pair(6, 'CONTINUOUS');
  }
  w.pair(0, 'ENDTAB');
  w.pair(0, 'TABLE');
  w.pair(2, 'STYLE');
  w.pair(70, '1');
  w.pair(0, 'STYLE');
  w.pair(2, 'STANDARD');
  w.pair(70, '0');
  w.pair(40, 0);
  w.pair(41, 1);
  w.pair(50, 0);
  w.pair(71, '0');
  w.pair(42, 2.5);
  w.pair(3, 'txt');
  w.pair(4, '');
  w.pair(0, 'ENDTAB');
  w.pair(0, 'ENDSEC');
}

/**
 * Writes the DXF. Open errors as in every PDF tool; a page MuPDF cannot interpret ->
 * FILE_DAMAGED. Returns the drawing's extents in mm.
 */
export async function pdfToDxf(input: PdfInput, outputPath: string, onProgress?: ProgressFn): Promise<{ width: number; height: number }> {
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  const pages: Array<{ page: PositionalPage; paths: VectorPath[] }> = [];
  try {
    for (let i = 0; i < pageCount; i++) {
      try {
        const page = doc.loadPage(i);
        try {
          pages.push({ page: readPage(page, false), paths: readVectorPaths(page) });
        } finally {
          page.destroy();
        }
      } catch (err) {
        throw pageFailure(i + 1, err);
      }
      report(((i + 1) / pageCount) * 80);
    }
  } finally {
    doc.destroy();
  }
  // Page 1 on top: each later page below the previous one.
  const width = Math.max(...pages.map((p) => p.page.width)) * MM_PER_POINT;
  const heights = pages.map((p) => p.page.height * MM_PER_POINT);
  const height = heights.reduce((a, b) => a + b, 0) + PAGE_GAP_MM * (pages.length - 1);
  const w = new DxfWriter();
  header(w, { width, height });
  w.pair(0, 'SECTION');
  w.pair(2, 'ENTITIES');
  let top = height;
  for (const [i, p] of pages.entries()) {
    const bottom = top - heights[i]!;
    writeEntities(w, { ...p, bottom });
    top = bottom - PAGE_GAP_MM;
  }
  w.pair(0, 'ENDSEC');
  w.pair(0, 'EOF');
  report(90);
  let bytes: Buffer;
  try {
    bytes = Buffer.from(`${w.lines.join('\r\n')}\r\n`, 'latin1');
  } catch (err) {
    throw new CatalogueError('UNKNOWN', `cannot encode the drawing: ${String(err)}`);
  }
  await writeFileAtomic(outputPath, bytes);
  report(100);
  return { width, height };
}

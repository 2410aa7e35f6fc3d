/**
 * Rotate and crop pages in place: only the page dictionaries change, so the outline, links,
 * annotations, form fields, structure tree and metadata stay exactly as they were.
 */
import { cropMinBox } from '@pagewright/contracts';
import type { PdfInput } from './merge.js';
import type { PDFObject } from './mupdf.js';
import type { ProgressFn } from './progress.js';
import { addTurn, pageRotation } from './pdf/assemble.js';
import { checkAngle, pagesOrAll } from './pdf/pagenumbers.js';
import { rewritePdf } from './pdf/rewrite.js';
import { saveOptions } from './pdf/save.js';
import { documentFail } from './pdf/single.js';

/** US Letter, MuPDF's (and most viewers') guess for a page without a usable /MediaBox. */
const DEFAULT_MEDIA_BOX: Box = [0, 0, 612, 792];

type Box = [number, number, number, number];

/**
 * Turns the given 1-based pages (absent or empty: every page) clockwise by `angle`, added to
 * their existing /Rotate. Other pages are untouched. An angle other than 90, 180, 270 ->
 * INVALID_PARAMS; a page outside the document -> PAGE_RANGE_INVALID.
 */
export async function rotatePdf(
  input: PdfInput,
  outputPath: string,
  options: { angle: 90 | 180 | 270; pages?: number[] },
  onProgress?: ProgressFn,
): Promise<{ pages: number }> {
  const angle = checkAngle((options as { angle?: unknown } | null)?.angle);
  return rewritePdf(input, outputPath, onProgress, ({ doc, pageCount }, report) => {
    const selected = pagesOrAll(options.pages, pageCount);
    let done = 0;
    for (const index of selected) {
      const page = doc.findPage(index);
      page.put('Rotate', addTurn(pageRotation(page), angle));
      report((++done / selected.size) * 100);
    }
    return saveOptions.plain;
  });
}

export interface CropMargins {
  l: number;
  r: number;
  t: number;
  b: number;
}

/**
 * Cuts `margins` (in points) from the left, right, top and bottom of the given pages (absent or
 * empty: every page) as they are displayed, that is after their /Rotate and within their
 * current crop box. Both /CropBox and /MediaBox are set to the remaining box, so viewers,
 * printers and converters that only read the media box agree. A negative or non-numeric margin
 * -> INVALID_PARAMS; a remaining box under `cropMinBox` (50 pt) wide or high on any selected
 * page -> INVALID_PARAMS (nothing is written); a page outside the document -> PAGE_RANGE_INVALID.
 */
export async function cropPdf(
  input: PdfInput,
  outputPath: string,
  options: { margins: CropMargins; pages?: number[] },
  onProgress?: ProgressFn,
): Promise<{ pages: number }> {
  const margins = checkMargins((options as { margins?: unknown } | null)?.margins);
  return rewritePdf(input, outputPath, onProgress, ({ doc, pageCount }, report) => {
    const selected = pagesOrAll(options.pages, pageCount);
    // Every box is computed before any page changes: one page too small fails them all.
    const boxes = [...selected].map((index) => {
      const page = doc.findPage(index);
      const box = croppedBox(page, margins);
      const unit = userUnit(page);
      const width = (box[2] - box[0]) * unit;
      const height = (box[3] - box[1]) * unit;
      if (!(width >= cropMinBox && height >= cropMinBox)) {
        throw documentFail('INVALID_PARAMS', `page ${index + 1} would be ${round(width)} x ${round(height)} pt, under the ${cropMinBox} pt minimum`);
      }
      return { page, box };
    });
    boxes.forEach(({ page, box }, i) => {
      page.put('MediaBox', box);
      page.put('CropBox', box);
      report(((i + 1) / boxes.length) * 100);
    });
    return saveOptions.plain;
  });
}

function checkMargins(value: unknown): CropMargins {
  const margins = (value ?? {}) as Record<string, unknown>;
  for (const side of ['l', 'r', 't', 'b']) {
    const margin = margins[side];
    if (typeof margin !== 'number' || !Number.isFinite(margin) || margin < 0) {
      throw documentFail('INVALID_PARAMS', `margin ${side} must be a number of points, 0 or more`);
    }
  }
  return margins as unknown as CropMargins;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/** A rectangle array as [x0, y0, x1, y1] with x0 <= x1 and y0 <= y1, or null when it is not one. */
function boxOf(obj: PDFObject): Box | null {
  if (!obj.isArray() || obj.length !== 4) return null;
  const v = [0, 1, 2, 3].map((i) => obj.get(i)).map((n) => (n.isNumber() ? n.asNumber() : NaN));
  if (!v.every(Number.isFinite)) return null;
  const [a, b, c, d] = v as Box;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

function userUnit(page: PDFObject): number {
  const unit = page.get('UserUnit');
  return unit.isNumber() && unit.asNumber() > 0 ? unit.asNumber() : 1;
}

/** The box a page shows (crop box within media box), with `margins` cut from its displayed sides. */
function croppedBox(page: PDFObject, margins: CropMargins): Box {
  const media = boxOf(page.getInheritable('MediaBox')) ?? DEFAULT_MEDIA_BOX;
  const crop = boxOf(page.getInheritable('CropBox'));
  let [x0, y0, x1, y1] = media;
  if (crop) {
    const inter: Box = [Math.max(x0, crop[0]), Math.max(y0, crop[1]), Math.min(x1, crop[2]), Math.min(y1, crop[3])];
    if (inter[2] > inter[0] && inter[3] > inter[1]) [x0, y0, x1, y1] = inter;
  }
  // Margins are in points; the box is in user units (UserUnit points each).
  const unit = userUnit(page);
  const l = margins.l / unit;
  const r = margins.r / unit;
  const t = margins.t / unit;
  const b = margins.b / unit;
  // Which edge of the unrotated box each displayed side is, for a clockwise /Rotate.
  switch (pageRotation(page)) {
    case 90:
      return [x0 + t, y0 + l, x1 - b, y1 - r];
    case 180:
      return [x0 + r, y0 + t, x1 - l, y1 - b];
    case 270:
      return [x0 + b, y0 + r, x1 - t, y1 - l];
    default:
      return [x0 + l, y0 + b, x1 - r, y1 - t];
  }
}

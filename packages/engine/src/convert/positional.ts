/**
 * What the positional outputs (html fixed layout, pptx, dxf, xlsx lines) need from a page: its
 * text as styled spans grouped into lines and blocks, its images, and its vector paths, all in
 * points from the page's top-left corner as displayed (crop box and /Rotate applied), y down.
 * Read from MuPDF's structured text (spans, colours) and from a device run (paths).
 */
import { CatalogueError } from '@pagewright/contracts';
import { reasonOf } from '../errors.js';
import { borrowedShade, mupdf, walkText } from '../mupdf.js';
import { regionDpi, renderWithoutText, uniteRegions } from '../reconstruct/extract.js';
import { fontStyle, portableFamily } from '../reconstruct/fonts.js';
import type { Rect } from '../reconstruct/layout.js';

export type Box = [number, number, number, number];

export interface TextSpan {
  text: string;
  /** Left end of the baseline. */
  x: number;
  y: number;
  /** Extent of the glyphs (x0, y0, x1, y1). */
  bbox: Box;
  /** Font name without the subset prefix ("ABCDEF+"). */
  font: string;
  family: 'serif' | 'sans-serif' | 'monospace';
  size: number;
  bold: boolean;
  italic: boolean;
  /** Six lower-case hex digits. */
  color: string;
  /**
   * The span starts after a gap of more than GAP_EMS font sizes on its line: a table cell or a
   * tab stop rather than the next word.
   */
  gap: boolean;
}

/** A horizontal gap wider than this many font sizes separates spans (cells) within a line. */
export const GAP_EMS = 0.9;

export interface TextLine {
  bbox: Box;
  /** Writing direction as a unit vector; (1, 0) for ordinary horizontal text. */
  dir: [number, number];
  spans: TextSpan[];
}

export interface TextBlock {
  bbox: Box;
  lines: TextLine[];
}

export interface PageImage {
  bbox: Box;
  data: Uint8Array;
  ext: 'jpg' | 'png';
  pixelWidth: number;
  pixelHeight: number;
}

export interface PositionalPage {
  width: number;
  height: number;
  blocks: TextBlock[];
  images: PageImage[];
}

/** A point of the page as displayed, from the coordinate space the page's device calls use. */
type Mat = [number, number, number, number, number, number];

export function applyMatrix(m: Mat, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** A device colour (grey, RGB or CMYK components 0..1) as six hex digits. */
export function hexColor(color: ArrayLike<number> | undefined): string {
  let rgb: [number, number, number];
  if (!color || color.length === 0) rgb = [0, 0, 0];
  else if (color.length === 1) rgb = [color[0]!, color[0]!, color[0]!];
  else if (color.length === 4) {
    const k = color[3]!;
    rgb = [(1 - color[0]!) * (1 - k), (1 - color[1]!) * (1 - k), (1 - color[2]!) * (1 - k)];
  } else rgb = [color[0]!, color[1]!, color[2]!];
  return rgb.map((v) => Math.round(Math.max(0, Math.min(1, v)) * 255).toString(16).padStart(2, '0')).join('');
}

/**
 * Colours this close are one run: text filled with a gradient or shaded glyph by glyph would
 * otherwise break into one span per letter.
 */
const COLOR_TOLERANCE = 16;

function similarColor(a: string, b: string): boolean {
  if (a === b) return true;
  for (let i = 0; i < 6; i += 2) {
    if (Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) > COLOR_TOLERANCE) return false;
  }
  return true;
}

function cleanFontName(name: string): string {
  return name.replace(/^[A-Z]{6}\+/, '');
}

const BOLD_NAME = /bold|black|heavy|semibold|demi/i;
const ITALIC_NAME = /italic|oblique/i;
const MONO_NAME = /courier|mono|consol/i;

/**
 * Text (spans of one font, size and colour), images and the page size. Images are encoded as
 * JPEG (quality 90) when they are opaque colour pictures, PNG otherwise (masks, alpha, grey line
 * art), so that a re-encoded picture stays close to the original without growing tenfold. A
 * stencil mask or a turned image is the region of the page it covers, rendered without text
 * (with the pictures it overlaps), after the other pictures.
 */
export function readPage(page: InstanceType<typeof mupdf.PDFPage>, withImages = true): PositionalPage {
  const bounds = page.getBounds();
  const ox = bounds[0];
  const oy = bounds[1];
  const width = bounds[2] - bounds[0];
  const height = bounds[3] - bounds[1];
  const blocks: TextBlock[] = [];
  const images: PageImage[] = [];
  // Regions of images drawn from the rendered page (stencil masks, turned images).
  const fromPage: { box: Rect; dpi: number }[] = [];
  const text = page.toStructuredText(withImages ? 'preserve-whitespace,preserve-images' : 'preserve-whitespace');
  try {
    let block: TextBlock | undefined;
    let line: TextLine | undefined;
    let span: TextSpan | undefined;
    let lastX1 = NaN;
    const shift = (b: ArrayLike<number>): Box => [b[0]! - ox, b[1]! - oy, b[2]! - ox, b[3]! - oy];
    walkText(text, {
      beginTextBlock(bbox) {
        block = { bbox: shift(bbox), lines: [] };
      },
      beginLine(bbox, _wmode, dir) {
        line = { bbox: shift(bbox), dir: [dir[0], dir[1]], spans: [] };
        span = undefined;
        lastX1 = NaN;
      },
      onChar(c, origin, font, size, quad, color) {
        // A glyph MuPDF cannot map to Unicode (U+FFFD) would print as a box.
        if (!line || c === '\uFFFD') return;
        const name = cleanFontName(font.getName());
        const hex = hexColor(color);
        const x0 = Math.min(quad[0], quad[2], quad[4], quad[6]) - ox;
        const x1 = Math.max(quad[0], quad[2], quad[4], quad[6]) - ox;
        const y0 = Math.min(quad[1], quad[3], quad[5], quad[7]) - oy;
        const y1 = Math.max(quad[1], quad[3], quad[5], quad[7]) - oy;
        const horizontal = Math.abs(line.dir[1]) < 0.01 && line.dir[0] > 0;
        const gap = horizontal && Number.isFinite(lastX1) && x0 - lastX1 > size * GAP_EMS;
        if (c.trim() !== '') lastX1 = x1;
        if (span && !gap && span.font === name && Math.abs(span.size - size) < 0.05 && similarColor(span.color, hex)) {
          span.text += c;
          span.bbox = [Math.min(span.bbox[0], x0), Math.min(span.bbox[1], y0), Math.max(span.bbox[2], x1), Math.max(span.bbox[3], y1)];
          // Right-to-left text comes in reading order, its first glyph rightmost: the baseline's
          // left end is the leftmost glyph's origin.
          if (horizontal && origin[0] - ox < span.x) span.x = origin[0] - ox;
          return;
        }
        const mono = font.isMono() || MONO_NAME.test(name);
        span = {
          text: c,
          x: origin[0] - ox,
          y: origin[1] - oy,
          bbox: [x0, y0, x1, y1],
          font: name,
          family: mono ? 'monospace' : font.isSerif() ? 'serif' : 'sans-serif',
          size,
          bold: font.isBold() || BOLD_NAME.test(name),
          italic: font.isItalic() || ITALIC_NAME.test(name),
          color: hex,
          gap,
        };
        line.spans.push(span);
      },
      endLine() {
        if (block && line && line.spans.some((s) => s.text.trim() !== '')) block.lines.push(line);
        line = undefined;
      },
      endTextBlock() {
        if (block && block.lines.length > 0) blocks.push(block);
        block = undefined;
      },
      onImageBlock(bbox, transform, image) {
        const box = shift(bbox);
        // A stencil mask has no colours of its own (its pixels only say where its colour is
        // painted), and a turned or mirrored image's pixels come back upright: both are drawn
        // from the page as they are seen.
        const [a, b, c, d] = transform as number[];
        const turned = Math.abs(b!) > 1e-3 || Math.abs(c!) > 1e-3 || a! < 0 || d! < 0;
        if (image.getImageMask() || turned) {
          const dpi = regionDpi(Math.max(image.getWidth(), image.getHeight()), Math.max(box[2] - box[0], box[3] - box[1]));
          fromPage.push({ box: { x0: box[0], y0: box[1], x1: box[2], y1: box[3] }, dpi });
          return;
        }
        const encoded = encodeImage(image);
        if (encoded) images.push({ bbox: box, ...encoded });
      },
    });
  } finally {
    text.destroy();
  }
  uniteRegions(fromPage, images, ({ bbox: [x0, y0, x1, y1] }) => ({ x0, y0, x1, y1 }));
  for (const { box, dpi } of fromPage) {
    const rendered = renderWithoutText(page, bounds, box, dpi);
    if (rendered) images.push({ bbox: [box.x0, box.y0, box.x1, box.y1], ...rendered });
  }
  return { width, height, blocks, images };
}

/** The image decoded and re-encoded for embedding; undefined when MuPDF cannot decode it. */
function encodeImage(image: InstanceType<typeof mupdf.Image>): Omit<PageImage, 'bbox'> | undefined {
  let pixmap: InstanceType<typeof mupdf.Pixmap> | undefined;
  let mask: InstanceType<typeof mupdf.Image> | null = null;
  try {
    pixmap = image.toPixmap();
    const cs = pixmap.getColorSpace();
    if (cs && !cs.isRGB() && !cs.isGray()) {
      const rgb = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, true);
      pixmap.destroy();
      pixmap = rgb;
    }
    const pixelWidth = pixmap.getWidth();
    const pixelHeight = pixmap.getHeight();
    mask = image.getMask();
    if (mask && pixmap.getAlpha() === 0) {
      // A soft mask (SMask) is a separate image: fold it in as alpha, or transparent parts of
      // the picture come out black.
      const masked = withMask(pixmap, mask);
      pixmap.destroy();
      pixmap = masked;
      return { data: pixmap.asPNG(), ext: 'png', pixelWidth, pixelHeight };
    }
    const opaqueColour = pixmap.getAlpha() === 0 && !image.getImageMask() && (pixmap.getColorSpace()?.isRGB() ?? false);
    if (opaqueColour) return { data: pixmap.asJPEG(90), ext: 'jpg', pixelWidth, pixelHeight };
    return { data: pixmap.asPNG(), ext: 'png', pixelWidth, pixelHeight };
  } catch {
    return undefined;
  } finally {
    pixmap?.destroy();
    mask?.destroy();
  }
}

/** The pixmap (grey or RGB, no alpha) with the mask image's grey samples as alpha, nearest-neighbour scaled. */
function withMask(base: InstanceType<typeof mupdf.Pixmap>, mask: InstanceType<typeof mupdf.Image>): InstanceType<typeof mupdf.Pixmap> {
  const width = base.getWidth();
  const height = base.getHeight();
  let maskPixmap = mask.toPixmap();
  try {
    const maskCs = maskPixmap.getColorSpace();
    if (maskCs && !maskCs.isGray()) {
      const grey = maskPixmap.convertToColorSpace(mupdf.ColorSpace.DeviceGray, false);
      maskPixmap.destroy();
      maskPixmap = grey;
    }
    const rgb = base.getColorSpace()?.isRGB() ? base : base.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
    try {
      const out = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], true);
      const src = rgb.getPixels();
      const srcStride = rgb.getStride();
      const srcN = rgb.getNumberOfComponents(); // MuPDF counts the alpha channel in n
      const m = maskPixmap.getPixels();
      const mw = maskPixmap.getWidth();
      const mh = maskPixmap.getHeight();
      const mStride = maskPixmap.getStride();
      const mN = maskPixmap.getNumberOfComponents();
      const dst = out.getPixels();
      const dstStride = out.getStride();
      for (let y = 0; y < height; y++) {
        const my = Math.min(mh - 1, Math.floor((y * mh) / height));
        for (let x = 0; x < width; x++) {
          const mx = Math.min(mw - 1, Math.floor((x * mw) / width));
          const alpha = m[my * mStride + mx * mN]!;
          const s0 = y * srcStride + x * srcN;
          const d0 = y * dstStride + x * 4;
          // MuPDF pixmaps with alpha hold premultiplied samples.
          dst[d0] = (src[s0]! * alpha) / 255;
          dst[d0 + 1] = (src[s0 + 1]! * alpha) / 255;
          dst[d0 + 2] = (src[s0 + 2]! * alpha) / 255;
          dst[d0 + 3] = alpha;
        }
      }
      return out;
    } finally {
      if (rgb !== base) rgb.destroy();
    }
  } finally {
    maskPixmap.destroy();
  }
}

/** One polyline of a flattened vector path, in page points (y down). */
export interface VectorPath {
  points: Array<[number, number]>;
  closed: boolean;
  stroke?: string;
  fill?: string;
  /** Line width in points (after the transformation). */
  width: number;
}

/** Cubic Bézier flattened into `steps` segments (the start point excluded). */
function flattenCurve(p0: [number, number], p1: [number, number], p2: [number, number], p3: [number, number], steps: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return out;
}

/** Segments per curve: enough that a curve's chord error stays under about a quarter point. */
function curveSteps(p0: [number, number], p1: [number, number], p2: [number, number], p3: [number, number]): number {
  const length = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]) + Math.hypot(p2[0] - p1[0], p2[1] - p1[1]) + Math.hypot(p3[0] - p2[0], p3[1] - p2[1]);
  return Math.max(2, Math.min(64, Math.ceil(Math.sqrt(length) * 1.5)));
}

/**
 * The page's stroked and filled paths (text and images left out), flattened into polylines
 * in page points. Shadings and clipping are not represented.
 */
export function readVectorPaths(page: InstanceType<typeof mupdf.PDFPage>): VectorPath[] {
  const bounds = page.getBounds();
  const paths: VectorPath[] = [];
  const collect = (path: InstanceType<typeof mupdf.Path>, ctm: Mat, style: { stroke?: string; fill?: string; width: number }): void => {
    let current: VectorPath | undefined;
    let last: [number, number] = [0, 0];
    let start: [number, number] = [0, 0];
    const at = (x: number, y: number): [number, number] => {
      const [px, py] = applyMatrix(ctm, x, y);
      return [px - bounds[0], py - bounds[1]];
    };
    const flush = (): void => {
      if (current && current.points.length > 1) paths.push(current);
      current = undefined;
    };
    path.walk({
      moveTo(x, y) {
        flush();
        last = [x, y];
        start = last;
        current = { points: [at(x, y)], closed: false, width: style.width, ...(style.stroke ? { stroke: style.stroke } : {}), ...(style.fill ? { fill: style.fill } : {}) };
      },
      lineTo(x, y) {
        if (!current) current = { points: [at(last[0], last[1])], closed: false, ...style };
        current.points.push(at(x, y));
        last = [x, y];
      },
      curveTo(x1, y1, x2, y2, x3, y3) {
        if (!current) current = { points: [at(last[0], last[1])], closed: false, ...style };
        const p0 = at(last[0], last[1]);
        const p1 = at(x1, y1);
        const p2 = at(x2, y2);
        const p3 = at(x3, y3);
        current.points.push(...flattenCurve(p0, p1, p2, p3, curveSteps(p0, p1, p2, p3)));
        last = [x3, y3];
      },
      closePath() {
        if (current) current.closed = true;
        flush();
        last = start;
      },
    });
    flush();
  };
  const device = new mupdf.Device({
    fillShade: (shade) => void borrowedShade(shade),
    fillPath(path, _evenOdd, ctm, _cs, color) {
      collect(path, ctm as Mat, { fill: hexColor(color), width: 0 });
    },
    strokePath(path, stroke, ctm, _cs, color) {
      const m = ctm as Mat;
      const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
      collect(path, m, { stroke: hexColor(color), width: stroke.getLineWidth() * scale });
    },
  });
  try {
    page.run(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  return paths;
}

/**
 * The page rendered at `dpi` with its text and raster images left out: the vector art (paths,
 * shadings, image masks) on white, as a PNG, for outputs that place text and pictures natively
 * over it. Returns undefined when the page draws no vector art at all.
 */
export function renderVectorArt(page: InstanceType<typeof mupdf.PDFPage>, dpi: number): Uint8Array | undefined {
  const scale = dpi / 72;
  const matrix = mupdf.Matrix.scale(scale, scale);
  const bbox = mupdf.Rect.transform(page.getBounds(), matrix);
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [Math.floor(bbox[0]), Math.floor(bbox[1]), Math.ceil(bbox[2]), Math.ceil(bbox[3])], false);
  let drawn = 0;
  try {
    pixmap.clear(255);
    const draw = new mupdf.DrawDevice(matrix, pixmap);
    // Forwards everything but text and raster images; clip pushes are forwarded (including
    // text clips) so that every popClip stays balanced.
    const filter = new mupdf.Device({
      fillPath: (p, e, ctm, cs, color, alpha) => (drawn++, draw.fillPath(p, e, ctm, cs, color as mupdf.Color, alpha)),
      strokePath: (p, s, ctm, cs, color, alpha) => (drawn++, draw.strokePath(p, s, ctm, cs, color as mupdf.Color, alpha)),
      clipPath: (p, e, ctm) => draw.clipPath(p, e, ctm),
      clipStrokePath: (p, s, ctm) => draw.clipStrokePath(p, s, ctm),
      clipText: (t, ctm) => draw.clipText(t, ctm),
      clipStrokeText: (t, s, ctm) => draw.clipStrokeText(t, s, ctm),
      fillShade: (shade, ctm, alpha) => (drawn++, draw.fillShade(borrowedShade(shade), ctm, alpha)),
      fillImageMask: (img, ctm, cs, color, alpha) => (drawn++, draw.fillImageMask(img, ctm, cs, color as mupdf.Color, alpha)),
      clipImageMask: (img, ctm) => draw.clipImageMask(img, ctm),
      popClip: () => draw.popClip(),
      beginMask: (area, luminosity, cs, color) => draw.beginMask(area, luminosity, cs, color as mupdf.Color),
      endMask: () => draw.endMask(),
      beginGroup: (area, cs, isolated, knockout, blend, alpha) => draw.beginGroup(area, cs, isolated, knockout, blend, alpha),
      endGroup: () => draw.endGroup(),
      beginTile: (area, view, xs, ys, ctm, id, docId) => draw.beginTile(area, view, xs, ys, ctm, id, docId),
      endTile: () => draw.endTile(),
    });
    try {
      page.run(filter, mupdf.Matrix.identity);
      filter.close();
      draw.close();
    } finally {
      filter.destroy();
      draw.destroy();
    }
    return drawn > 0 ? pixmap.asPNG() : undefined;
  } finally {
    pixmap.destroy();
  }
}

/** MuPDF failed on a page's content: the file is damaged past what the opener repaired. */
export function pageFailure(pageNumber: number, err: unknown): CatalogueError {
  if (err instanceof CatalogueError) return err;
  return new CatalogueError('FILE_DAMAGED', `page ${pageNumber}: ${reasonOf(err)}`);
}

/** Escapes text for HTML and XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The text of a line, spans joined. */
export function lineText(line: TextLine): string {
  return line.spans.map((s) => s.text).join('');
}

/**
 * The family to name for a span: the PDF's own when a viewer has it (DejaVu Sans, Arial, ...),
 * else a metric-compatible standard family of its kind, as in the Word output (TeX's CMR10, a
 * subset or numbered name would fall back to the viewer's default and misplace every line).
 */
export function fontFace(span: TextSpan): string {
  const style = fontStyle(span.font, { bold: span.bold, italic: span.italic, mono: span.family === 'monospace', serif: span.family === 'serif' });
  return portableFamily({ font: style.family, mono: style.mono, serif: style.serif });
}

/**
 * Ascent and descent (shares of the size) of the fonts a viewer draws a face with: the
 * Liberation fonts share the vertical metrics of Times New Roman, Arial and Courier New (their
 * hhea and OS/2 win values); DejaVu is what LibreOffice and browsers on Linux fall back to.
 */
const FACE_METRICS: Record<string, [number, number]> = {
  'times new roman': [0.891, 0.216],
  'liberation serif': [0.891, 0.216],
  arial: [0.905, 0.212],
  'liberation sans': [0.905, 0.212],
  'courier new': [0.833, 0.3],
  'liberation mono': [0.833, 0.3],
};
const FALLBACK_METRICS: [number, number] = [0.928, 0.236];

/** A face's ascent and descent as shares of the size: FACE_METRICS, else DejaVu's. */
export function faceMetrics(face: string): [number, number] {
  return FACE_METRICS[face.toLowerCase()] ?? FALLBACK_METRICS;
}

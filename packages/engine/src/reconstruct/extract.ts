/**
 * The raw material of one page: text as baseline segments of styled glyphs (from MuPDF's
 * structured text), images with their placement, and the straight strokes and thin filled
 * rectangles that can rule a table (from a device run over the page's display list).
 */
import { borrowedShade, mupdf, walkText, type PDFObject } from '../mupdf.js';
import { fontStyle, type FontStyle } from './fonts.js';
import type { Rect } from './layout.js';
import { glyphTurn, mirroredLeftward, TurnTally } from './upright.js';

type MupdfPage = ReturnType<InstanceType<typeof mupdf.PDFDocument>['loadPage']>;
type MupdfImage = InstanceType<typeof mupdf.Image>;
type MupdfPath = InstanceType<typeof mupdf.Path>;
type Pixmap = InstanceType<typeof mupdf.Pixmap>;
type Matrix = [number, number, number, number, number, number];
type StrokeState = InstanceType<typeof mupdf.StrokeState>;

/** Where an image is drawn (its whole box) and the part of it the clips leave visible. */
interface Placement {
  full: Rect;
  visible: Rect;
  pixelWidth: number;
}

export interface Glyph {
  c: string;
  /** The glyph's baseline (its origin's y). */
  base: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  size: number;
  style: FontStyle;
  color: string;
  /** Set right to left (an odd bidi level): MuPDF gives such a run in reading order, right to left on the page. */
  rtl?: true;
}

/** Text on one baseline without a gap wider than about an em: a line of a column or a table cell. */
export interface Segment extends Rect {
  base: number;
  /** The most common glyph size. */
  size: number;
  glyphs: Glyph[];
  /** Horizontal text; vertical or rotated lines are kept as text but never aligned into tables or columns. */
  upright: boolean;
}

export interface RawImage {
  bbox: Rect;
  /** Drawn through a soft or stencil mask: its pixels alone would show the hidden parts. */
  masked?: boolean;
  /**
   * Its own pixels do not show it as drawn: a 1-bit stencil mask (pixels that only say where
   * the fill colour goes), or an image turned or mirrored on the page. It is cut out of the
   * rendered page instead (`data` is empty until then).
   */
  renderFromPage?: boolean;
  data: Uint8Array;
  ext: 'jpg' | 'png';
  pixelWidth: number;
  pixelHeight: number;
  /**
   * A figure's upright labels (axis ticks, legend entries, names), drawn in `data`, and the
   * figure drawn without them (`plain`): for writers that set the labels as text over the
   * picture, where they stay readable and searchable.
   */
  labels?: { segments: Segment[]; plain: FigurePixels };
}

/** An encoded picture and its size in pixels. */
type FigurePixels = Pick<RawImage, 'data' | 'ext' | 'pixelWidth' | 'pixelHeight'>;

/** A horizontal or vertical line segment: a stroke or a thin filled rectangle. */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  horizontal: boolean;
  /** Colour as drawn, six hex digits; undefined outside grey, RGB and CMYK. */
  color?: string;
}

export interface RawPage {
  width: number;
  height: number;
  segments: Segment[];
  images: RawImage[];
  rules: Rule[];
  /** Boxes of vector drawing that is not a rule (curves, shapes, large fills): figures and charts. */
  art: Rect[];
  /** Filled rectangles wider and taller than a rule (shaded cells, paragraphs, highlights), in drawing order. */
  fills: Fill[];
}

/** A filled axis-aligned rectangle and its colour (six hex digits). */
export interface Fill extends Rect {
  color: string;
}

/** A gap between glyphs wider than this many ems ends a segment (columns, table cells, tab stops). */
const SEGMENT_GAP_EM = 0.9;
/** Strokes and fills thinner than this are rules. */
const RULE_THICKNESS = 3;
/** Shorter lines are glyph-like decoration, not rules. */
const RULE_MIN_LENGTH = 6;
/** Images drawn smaller than this (points, either side) are dots and decoration. */
const IMAGE_MIN_SIDE = 4;
/** Images above this many pixels become JPEG, smaller ones PNG. */
const JPEG_MIN_PIXELS = 160_000;

/**
 * The page's raw material. With `upright`, the page's turn (uprightTurn) is counted on this
 * reading of its text and handed to it first: when it answers false (the page must be read
 * turned) nothing more is done and the result is undefined. A page is then read once instead
 * of twice (its text, the slowest part, was read once for its turn and once for the analysis).
 */
export function extractPage(page: MupdfPage): RawPage;
export function extractPage(page: MupdfPage, upright: (turn: number) => boolean): RawPage | undefined;
export function extractPage(page: MupdfPage, upright?: (turn: number) => boolean): RawPage | undefined {
  const bounds = page.getBounds();
  const width = bounds[2] - bounds[0];
  const height = bounds[3] - bounds[1];
  const list = page.toDisplayList(true);
  // The images' pixels until the page's images are settled: clipped, merged and figure-covered
  // images are replaced by renderings of the page, and their JPEG (the slowest step of a page
  // with photographs or scans) would be made for nothing.
  const unencoded = new Map<RawImage, Pixmap>();
  try {
    const text = readText(list, bounds, upright, unencoded, declaredFonts(page));
    if (!text) return undefined;
    const { segments, images } = text;
    const { rules, art, fills, placements } = readVectors(page, bounds);
    const raw: RawPage = { width, height, segments, images: clipImages(page, bounds, images, placements), rules, art, fills };
    const bodySize = pageBodySize(raw.segments);
    raw.art.push(...chartBars(raw));
    for (const region of figureRegions(raw)) addFigure(raw, page, list, bounds, region, bodySize, true);
    // A formula's pieces sit on many baselines: they stay in its picture.
    for (const region of formulaRegions(raw)) addFigure(raw, page, list, bounds, region, Infinity, false);
    raw.images = raw.images.filter((img) => {
      const pixmap = unencoded.get(img);
      if (!pixmap) return true;
      const data = encodePixmap(pixmap, img.ext);
      if (data) img.data = data;
      return data !== undefined;
    });
    return raw;
  } finally {
    for (const pixmap of unencoded.values()) pixmap.destroy();
    list.destroy();
  }
}

/** Most resolution kept when a clipped image is cut out of the page. */
const CLIPPED_IMAGE_MAX_DPI = 200;

const area = (r: Rect): number => Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);

/**
 * Images shown only in part (a clip path cuts them) are replaced by the visible part, rendered
 * from the page without its text at about the image's own resolution; hidden images go.
 */
function clipImages(page: MupdfPage, bounds: number[], images: RawImage[], placements: Placement[]): RawImage[] {
  const result: RawImage[] = [];
  // Regions cut from the rendered page (masks, turned images), rendered once all are known.
  const drawn: { box: Rect; dpi: number }[] = [];
  for (const img of images) {
    const p = placements.find((q) => Math.abs(q.full.x0 - img.bbox.x0) < 1 && Math.abs(q.full.y0 - img.bbox.y0) < 1 && Math.abs(q.full.x1 - img.bbox.x1) < 1 && Math.abs(q.full.y1 - img.bbox.y1) < 1);
    if (img.renderFromPage) {
      const visible = p?.visible ?? img.bbox;
      if (visible.x1 - visible.x0 < IMAGE_MIN_SIDE || visible.y1 - visible.y0 < IMAGE_MIN_SIDE) continue;
      // The image's pixels across its longer side on the page, at most CLIPPED_IMAGE_MAX_DPI.
      const dpi = regionDpi(Math.max(img.pixelWidth, img.pixelHeight), Math.max(img.bbox.x1 - img.bbox.x0, img.bbox.y1 - img.bbox.y0));
      drawn.push({ box: { ...visible }, dpi });
      continue;
    }
    if (!p || (area(p.visible) >= area(p.full) * 0.95 && !img.masked)) {
      result.push(img);
      continue;
    }
    if (p.visible.x1 - p.visible.x0 < IMAGE_MIN_SIDE || p.visible.y1 - p.visible.y0 < IMAGE_MIN_SIDE) continue;
    const dpi = Math.max(72, Math.min(CLIPPED_IMAGE_MAX_DPI, (p.pixelWidth / Math.max(1, p.full.x1 - p.full.x0)) * 72));
    const rendered = renderWithoutText(page, bounds, p.visible, dpi);
    if (rendered) result.push({ bbox: p.visible, ...rendered });
  }
  uniteRegions(drawn, result, (img) => img.bbox);
  for (const { box, dpi } of drawn) {
    const rendered = renderWithoutText(page, bounds, box, dpi);
    if (rendered) result.push({ bbox: box, ...rendered });
  }
  return result;
}

/**
 * Overlapping images are one picture as seen (masks drawn over a scan, over each other): each
 * region to be cut from the rendered page takes in the regions and the images it overlaps (those
 * images leave `images`), so that it is rendered once.
 */
export function uniteRegions<T>(regions: { box: Rect; dpi: number }[], images: T[], rectOf: (image: T) => Rect): void {
  const overlaps = (a: Rect, b: Rect): boolean => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1;
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < regions.length && !merged; i++) {
      for (let j = i + 1; j < regions.length && !merged; j++) {
        if (overlaps(regions[i]!.box, regions[j]!.box)) {
          unite(regions[i]!.box, regions[j]!.box);
          regions[i]!.dpi = Math.max(regions[i]!.dpi, regions[j]!.dpi);
          regions.splice(j, 1);
          merged = true;
        }
      }
      for (let k = images.length - 1; k >= 0 && !merged; k--) {
        if (overlaps(regions[i]!.box, rectOf(images[k]!))) {
          unite(regions[i]!.box, rectOf(images[k]!));
          images.splice(k, 1);
          merged = true;
        }
      }
    }
  }
}

/** The resolution to draw an image of `pixels` across its longer side from the page, at a `longest`-point side. */
export function regionDpi(pixels: number, longest: number): number {
  return Math.max(72, Math.min(CLIPPED_IMAGE_MAX_DPI, (pixels / Math.max(1, longest)) * 72));
}

/**
 * The region of the page (page-relative points) drawn at `dpi` with everything but text, or
 * with only the text whose glyphs start inside `keepText` (a figure's labels, while the text
 * around them stays text). A `drawing` is always PNG, whatever its size.
 */
export function renderWithoutText(page: MupdfPage, bounds: number[], region: Rect, dpi: number, keepText: Rect[] = [], drawing = false): Omit<RawImage, 'bbox'> | undefined {
  const scale = dpi / 72;
  const bbox: [number, number, number, number] = [
    Math.floor((region.x0 + bounds[0]!) * scale),
    Math.floor((region.y0 + bounds[1]!) * scale),
    Math.ceil((region.x1 + bounds[0]!) * scale),
    Math.ceil((region.y1 + bounds[1]!) * scale),
  ];
  let pixmap: InstanceType<typeof mupdf.Pixmap> | undefined;
  let draw: InstanceType<typeof mupdf.DrawDevice> | undefined;
  let filter: InstanceType<typeof mupdf.Device> | undefined;
  try {
    pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, bbox, false);
    pixmap.clear(255);
    const d = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
    draw = d;
    // Everything goes through but visible text; text clips still clip, so the clip stack
    // stays balanced.
    // A glyph's origin on the page (its text matrix through the device's matrix, back to points).
    const kept = (trm: Matrix, ctm: Matrix): boolean => {
      const [x, y] = transformPoint(ctm, trm[4], trm[5]);
      const px = x / scale - bounds[0]!;
      const py = y / scale - bounds[1]!;
      return keepText.some((r) => px >= r.x0 - 1 && px <= r.x1 + 1 && py >= r.y0 - 1 && py <= r.y1 + 1);
    };
    const labels = (text: InstanceType<typeof mupdf.Text>, ctm: Matrix): InstanceType<typeof mupdf.Text> | undefined => {
      if (keepText.length === 0) return undefined;
      const out = new mupdf.Text();
      let any = false;
      text.walk({
        showGlyph(font, trm, glyph, unicode, wmode) {
          if (!kept(trm as Matrix, ctm)) return;
          out.showGlyph(font, trm, glyph, unicode, wmode);
          any = true;
        },
      });
      if (any) return out;
      out.destroy();
      return undefined;
    };
    filter = new mupdf.Device({
      fillText: (text, ctm, cs, color, alpha) => {
        const shown = labels(text, ctm as Matrix);
        if (!shown) return;
        d.fillText(shown, ctm, cs, color as never, alpha);
        shown.destroy();
      },
      fillPath: (path, evenOdd, ctm, cs, color, alpha) => d.fillPath(path, evenOdd, ctm, cs, color as never, alpha),
      strokePath: (path, stroke, ctm, cs, color, alpha) => d.strokePath(path, stroke, ctm, cs, color as never, alpha),
      clipPath: (path, evenOdd, ctm) => d.clipPath(path, evenOdd, ctm),
      clipStrokePath: (path, stroke, ctm) => d.clipStrokePath(path, stroke, ctm),
      clipText: (text, ctm) => d.clipText(text, ctm),
      clipStrokeText: (text, stroke, ctm) => d.clipStrokeText(text, stroke, ctm),
      fillShade: (shade, ctm, alpha) => {
        d.fillShade(borrowedShade(shade), ctm, alpha);
      },
      fillImage: (image, ctm, alpha) => d.fillImage(image, ctm, alpha),
      fillImageMask: (image, ctm, cs, color, alpha) => d.fillImageMask(image, ctm, cs, color as never, alpha),
      clipImageMask: (image, ctm) => d.clipImageMask(image, ctm),
      popClip: () => d.popClip(),
      beginMask: (area, luminosity, cs, color) => d.beginMask(area, luminosity, cs, color as never),
      endMask: () => d.endMask(),
      beginGroup: (area, cs, isolated, knockout, blend, alpha) => d.beginGroup(area, cs, isolated, knockout, blend, alpha),
      endGroup: () => d.endGroup(),
      beginTile: (area, view, xstep, ystep, ctm, id, docId) => d.beginTile(area, view, xstep, ystep, ctm, id, docId),
      endTile: () => d.endTile(),
    });
    page.run(filter, mupdf.Matrix.scale(scale, scale));
    filter.close();
    d.close();
    const w = bbox[2] - bbox[0];
    const h = bbox[3] - bbox[1];
    // A drawing's thin lines stay sharp in PNG; JPEG blurs them.
    const photo = !drawing && w * h >= JPEG_MIN_PIXELS;
    return { data: Uint8Array.from(photo ? pixmap.asJPEG(85) : pixmap.asPNG()), ext: photo ? 'jpg' : 'png', pixelWidth: w, pixelHeight: h };
  } catch {
    return undefined;
  } finally {
    filter?.destroy();
    draw?.destroy();
    pixmap?.destroy();
  }
}

/** Resolution of vector figures turned into pictures. */
const FIGURE_DPI = 150;
/** Figures smaller than this (points, either side) are decoration. */
const FIGURE_MIN_SIDE = 16;
/**
 * Text segments up to this many glyphs near or in a drawing are its labels (axis ticks, names):
 * they go into the figure's picture, as they cannot be placed around a picture in a flowing
 * document without pushing the page's text down.
 */
const LABEL_MAX_GLYPHS = 12;
/** A legend's key (a coloured square) is at most this many points on its longer side. */
const LEGEND_KEY_MAX = 12;
/** A legend's keys lie within this many points of their chart, or of each other. */
const LEGEND_GAP = 36;
/** A drawing around more text than this is a frame or a box around text, which stays text. */
const FIGURE_MAX_TEXT = 160;

/**
 * Regions of vector drawing (curves, shapes; not rules) that make a figure: neighbouring
 * drawing merged, big enough, not the whole page, and not holding much text.
 */
function figureRegions(raw: RawPage): Rect[] {
  const boxes = raw.art.map((r) => ({ ...r }));
  // Axes and grid lines touching a drawing belong to it (a chart), not to a table.
  const near = (r: Rect, b: Rect): boolean => r.x0 <= b.x1 + 4 && b.x0 <= r.x1 + 4 && r.y0 <= b.y1 + 4 && b.y0 <= r.y1 + 4;
  if (boxes.length > 0) {
    const drawn = raw.rules.filter((rule) => boxes.some((b) => near(rule, b)));
    for (const rule of drawn) boxes.push({ x0: rule.x0, y0: rule.y0, x1: rule.x1, y1: rule.y1 });
  }
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.x0 <= b.x1 + 4 && b.x0 <= a.x1 + 4 && a.y0 <= b.y1 + 4 && b.y0 <= a.y1 + 4) {
          unite(a, b);
          boxes.splice(j, 1);
          merged = true;
          j--;
        }
      }
    }
  }
  // Figures side by side become one picture: a flowing document stacks separate pictures.
  merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < boxes.length && !merged; i++) {
      for (let j = i + 1; j < boxes.length && !merged; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
        const gap = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1);
        const big = (r: Rect): boolean => r.x1 - r.x0 >= FIGURE_MIN_SIDE && r.y1 - r.y0 >= FIGURE_MIN_SIDE;
        if (big(a) && big(b) && overlap > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0) && gap < 72) {
          boxes[i] = { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
          boxes.splice(j, 1);
          merged = true;
        }
      }
    }
  }
  // A legend's keys near a drawing belong to it: small coloured squares (a pie's or a bar
  // chart's) and short lone strokes (a line chart's), within LEGEND_GAP of it or of another key.
  const light = (hex: string): boolean => [0, 2, 4].every((i) => parseInt(hex.slice(i, i + 2), 16) >= 0xf0);
  const touches = (a: Rule, b: Rule): boolean => a !== b && a.x0 <= b.x1 + 1 && b.x0 <= a.x1 + 1 && a.y0 <= b.y1 + 1 && b.y0 <= a.y1 + 1;
  const keys: Rect[] = [
    ...raw.fills.filter((f) => !light(f.color) && Math.max(f.x1 - f.x0, f.y1 - f.y0) <= LEGEND_KEY_MAX && Math.min(f.x1 - f.x0, f.y1 - f.y0) >= 2),
    ...raw.rules.filter((r) => r.horizontal && r.x1 - r.x0 <= LEGEND_KEY_MAX * 3 && !raw.rules.some((o) => touches(r, o))),
  ];
  for (const b of boxes) {
    if (b.x1 - b.x0 < FIGURE_MIN_SIDE || b.y1 - b.y0 < FIGURE_MIN_SIDE) continue;
    let grown = true;
    while (grown) {
      grown = false;
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        const dx = Math.max(0, b.x0 - k.x1, k.x0 - b.x1);
        const dy = Math.max(0, b.y0 - k.y1, k.y0 - b.y1);
        if (dx > LEGEND_GAP || dy > LEGEND_GAP) continue;
        unite(b, k);
        keys.splice(i, 1);
        grown = true;
      }
    }
  }
  // Short labels just outside a drawing (axis ticks and names) belong to the figure; the
  // captions of its parts ("(a) Cube", "(ii) After") are text.
  for (const b of boxes) {
    if (b.x1 - b.x0 < FIGURE_MIN_SIDE || b.y1 - b.y0 < FIGURE_MIN_SIDE) continue;
    for (const seg of raw.segments) {
      if (seg.glyphs.length > LABEL_MAX_GLYPHS || isPartCaption(seg)) continue;
      const dx = Math.max(0, b.x0 - seg.x1, seg.x0 - b.x1);
      const dy = Math.max(0, b.y0 - seg.y1, seg.y0 - b.y1);
      // A label centred on the drawing's side edge (a tick beside its axis) is taken in whole
      // across; only across, as a figure made taller than drawn pushes the page's flow down.
      if (centreIn(seg, b)) {
        b.x0 = Math.min(b.x0, seg.x0);
        b.x1 = Math.max(b.x1, seg.x1);
      } else if (dx <= 24 && dy <= 12 && (dx === 0 || dy === 0)) {
        unite(b, seg);
      }
    }
  }
  return boxes
    .map((b) => ({ x0: Math.max(0, b.x0 - 1), y0: Math.max(0, b.y0 - 1), x1: Math.min(raw.width, b.x1 + 1), y1: Math.min(raw.height, b.y1 + 1) }))
    .filter((b) => {
      const w = b.x1 - b.x0;
      const h = b.y1 - b.y0;
      if (w < FIGURE_MIN_SIDE || h < FIGURE_MIN_SIDE || w * h > raw.width * raw.height * 0.7) return false;
      const text = raw.segments.filter((s) => centreIn(s, b)).reduce((n, s) => n + s.glyphs.length, 0);
      return text <= FIGURE_MAX_TEXT;
    });
}

/**
 * Filled boxes that are the bars of a chart: coloured, with no text on them, not a cell (ruled
 * on three sides or beside a shaded box with text), and standing with at least two others on
 * one baseline (or, for horizontal bars, one left edge) at different lengths. Empty shaded
 * cells of a row share their baseline too, but at one height. The bars join the vector art
 * that makes figures, so a bar chart becomes a picture like a drawn one.
 */
function chartBars(raw: RawPage): Rect[] {
  const overlaps = (a: Rect, b: Rect, by = 0): boolean => a.x0 < b.x1 + by && b.x0 < a.x1 + by && a.y0 < b.y1 + by && b.y0 < a.y1 + by;
  const onEdge = (f: Fill, horizontal: boolean, at: number): boolean =>
    raw.rules.some((r) =>
      horizontal
        ? r.horizontal && Math.abs(r.y0 - at) < 1.5 && r.x0 <= f.x0 + 1.5 && r.x1 >= f.x1 - 1.5
        : !r.horizontal && Math.abs(r.x0 - at) < 1.5 && r.y0 <= f.y0 + 1.5 && r.y1 >= f.y1 - 1.5,
    );
  const texted = raw.fills.filter((f) => raw.segments.some((s) => overlaps(s, f)));
  const light = (hex: string): boolean => [0, 2, 4].every((i) => parseInt(hex.slice(i, i + 2), 16) >= 0xf0);
  const candidates = raw.fills.filter((f) => {
    if (light(f.color) || f.x1 - f.x0 > raw.width * 0.6 || (f.x1 - f.x0) * (f.y1 - f.y0) > raw.width * raw.height * 0.25) return false;
    if (texted.includes(f) || texted.some((t) => overlaps(t, f, 1.5))) return false;
    const ruled = [onEdge(f, true, f.y0), onEdge(f, true, f.y1), onEdge(f, false, f.x0), onEdge(f, false, f.x1)].filter(Boolean).length;
    return ruled < 3;
  });
  const varied = (lengths: number[]): boolean => Math.max(...lengths) - Math.min(...lengths) > 1;
  const bars: Rect[] = candidates.filter((f) => {
    const base = candidates.filter((g) => Math.abs(g.y1 - f.y1) < 1.5);
    const left = candidates.filter((g) => Math.abs(g.x0 - f.x0) < 1.5);
    return (base.length >= 3 && varied(base.map((g) => g.y1 - g.y0))) || (left.length >= 3 && varied(left.map((g) => g.x1 - g.x0)));
  });
  if (bars.length === 0) return bars;
  // The chart's axes and grid: the rules the bars stand on or cross, the rules meeting those
  // (the other axis), and the rules running over the same span (grid lines above the bars).
  const chart: Rule[] = [];
  const sameSpan = (a: Rule, b: Rule): boolean =>
    a.horizontal === b.horizontal && (a.horizontal ? Math.abs(a.x0 - b.x0) < 1.5 && Math.abs(a.x1 - b.x1) < 1.5 : Math.abs(a.y0 - b.y0) < 1.5 && Math.abs(a.y1 - b.y1) < 1.5);
  const joins = (r: Rule): boolean => bars.some((b) => overlaps(r, b, 2)) || chart.some((c) => overlaps(r, c, 2) || sameSpan(c, r));
  for (let hop = 0; hop < 3; hop++) {
    const more = raw.rules.filter((r) => !chart.includes(r) && joins(r));
    if (more.length === 0) break;
    chart.push(...more);
  }
  return [...bars, ...chart.map((r) => ({ x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1 }))];
}

/** A caption of one part of a figure: a letter or roman numeral in brackets, then its words. */
function isPartCaption(seg: Segment): boolean {
  return /^\((?:[a-z]|[ivx]{1,4})\)\s*\S/.test(seg.glyphs.map((g) => g.c).join(''));
}

function centreIn(r: Rect, box: Rect): boolean {
  const cx = (r.x0 + r.x1) / 2;
  const cy = (r.y0 + r.y1) / 2;
  return cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1;
}

/**
 * Displayed formulas with big delimiters, sums or integrals (glyphs of TeX's math extension
 * font): their pieces sit on many baselines and cannot flow as text lines, so the formula
 * (the short segments beside those glyphs) becomes a picture.
 */
function formulaRegions(raw: RawPage): Rect[] {
  const upright = raw.segments.filter((s) => s.upright);
  if (upright.length === 0) return [];
  const left = Math.min(...upright.map((s) => s.x0));
  const right = Math.max(...upright.map((s) => s.x1));
  const regions: Rect[] = [];
  for (const seg of raw.segments) {
    for (const g of seg.glyphs) {
      if (!g.style.mathExtension) continue;
      // The glyph's own height: MuPDF's quads of these fonts are the font box, not the glyph.
      const region = { x0: g.x0, y0: Math.min(g.y0, g.base - g.size), x1: g.x1, y1: Math.max(g.base + g.size * 0.3, g.y1 - (g.y1 - g.y0) * 0.3) };
      regions.push(region);
    }
  }
  if (regions.length === 0) return [];
  // Grow each region over the short segments whose middle lies in its height band.
  for (const r of regions) {
    for (const s of raw.segments) {
      const mid = (s.y0 + s.y1) / 2;
      const wideText = s.x1 - s.x0 > (right - left) * 0.6 && s.glyphs.length > 40;
      if (!wideText && mid >= r.y0 && mid <= r.y1) {
        unite(r, s);
      }
    }
  }
  const merged: Rect[] = [];
  for (const r of regions.sort((a, b) => a.y0 - b.y0)) {
    const hit = merged.find((m) => r.x0 <= m.x1 + 4 && m.x0 <= r.x1 + 4 && r.y0 <= m.y1 + 2 && m.y0 <= r.y1 + 2);
    if (hit) {
      unite(hit, r);
    } else merged.push({ ...r });
  }
  return merged.filter((m) => raw.segments.filter((s) => centreIn(s, m)).reduce((n, s) => n + s.glyphs.length, 0) <= FIGURE_MAX_TEXT * 2);
}

/** The size most of the page's characters are set in. */
function pageBodySize(segments: Segment[]): number {
  const counts = new Map<number, number>();
  for (const s of segments) counts.set(s.size, (counts.get(s.size) ?? 0) + s.glyphs.length);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/**
 * Renders the region as a picture that replaces the drawing and images inside it. Labels
 * (text smaller than the body text) go into the picture; other text stays text and is left
 * out of the picture.
 */
function addFigure(raw: RawPage, page: MupdfPage, list: InstanceType<typeof mupdf.DisplayList>, bounds: number[], region: Rect, bodySize: number, labelsAsText: boolean): void {
  const inside = raw.segments.filter((s) => centreIn(s, region));
  const text = runningText(inside, bodySize);
  // The figure without its upright labels (sideways ones, an axis title up the side, stay
  // drawn), for writers that set them as text over it.
  const labelled = (labels: Segment[]): Pick<RawImage, 'labels'> => {
    const upright = labels.filter((s) => s.upright);
    if (!labelsAsText || upright.length === 0) return {};
    const plain = renderWithoutText(page, bounds, region, FIGURE_DPI, labels.filter((s) => !s.upright), true);
    return plain ? { labels: { segments: upright, plain } } : {};
  };
  if (text.size > 0) {
    // The region's running text (a chart's title, a paragraph beside a drawing) stays text and
    // out of the picture; its labels (axis ticks, legends) are drawn in it and leave the flow,
    // so that each is seen once and the ticks do not scatter through the text as loose lines.
    // Names written under shapes (words) stay text with the running text. Words drawn over
    // the running text (a stamp's, a magnifier's enlarged copy) are the drawing's: both
    // cannot flow at one place.
    const labels = inside.filter((s) => !text.has(s) && (isTick(s) || !s.upright || [...text].some((t) => overText(s, t))));
    const rendered = renderWithoutText(page, bounds, region, FIGURE_DPI, labels);
    if (!rendered) return;
    raw.segments = raw.segments.filter((s) => !labels.includes(s));
    raw.images = raw.images.filter((img) => !centreIn(img.bbox, region));
    raw.images.push({ bbox: region, ...rendered, ...labelled(labels) });
    raw.rules = raw.rules.filter((r) => !(r.x0 >= region.x0 - 1 && r.x1 <= region.x1 + 1 && r.y0 >= region.y0 - 1 && r.y1 <= region.y1 + 1));
    return;
  }
  const scale = FIGURE_DPI / 72;
  const bbox: [number, number, number, number] = [
    Math.floor((region.x0 + bounds[0]!) * scale),
    Math.floor((region.y0 + bounds[1]!) * scale),
    Math.ceil((region.x1 + bounds[0]!) * scale),
    Math.ceil((region.y1 + bounds[1]!) * scale),
  ];
  let pixmap: InstanceType<typeof mupdf.Pixmap> | undefined;
  let device: InstanceType<typeof mupdf.DrawDevice> | undefined;
  try {
    pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, bbox, false);
    pixmap.clear(255);
    device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
    list.run(device, mupdf.Matrix.scale(scale, scale));
    device.close();
    const data = Uint8Array.from(pixmap.asPNG());
    raw.segments = raw.segments.filter((s) => !centreIn(s, region));
    raw.images = raw.images.filter((img) => !centreIn(img.bbox, region));
    raw.images.push({ bbox: region, data, ext: 'png', pixelWidth: bbox[2] - bbox[0], pixelHeight: bbox[3] - bbox[1], ...labelled(inside) });
    raw.rules = raw.rules.filter((r) => !(r.x0 >= region.x0 - 1 && r.x1 <= region.x1 + 1 && r.y0 >= region.y0 - 1 && r.y1 <= region.y1 + 1));
  } catch {
    // A figure that cannot be rendered is left out; its text stays.
  } finally {
    device?.destroy();
    pixmap?.destroy();
  }
}

/** Whether a segment is drawn over another: across the middle of its line, sharing some width. */
function overText(s: Segment, t: Segment): boolean {
  const across = Math.min(s.y1, t.y1) - Math.max(s.y0, t.y0);
  return Math.min(s.x1, t.x1) - Math.max(s.x0, t.x0) > 1 && across > 0.5 * Math.min(s.y1 - s.y0, t.y1 - t.y0);
}

/**
 * A chart's tick or axis mark: a number (with its unit or currency signs), or a word of up to
 * three characters (a month's initial, a quarter).
 */
function isTick(seg: Segment): boolean {
  const text = seg.glyphs.map((g) => g.c).join('').trim();
  return /^[\p{N}\s.,:;%‰$€£¥+\-−–—/()*]+$/u.test(text) || /^[\p{L}\p{N}]{1,3}\.?$/u.test(text);
}

/**
 * The segments of a figure's region that are running text rather than labels: lines in about
 * the body size longer than a label, and the lines in their size just above or below them (a
 * paragraph's short last line).
 */
function runningText(inside: Segment[], bodySize: number): Set<Segment> {
  const text = new Set(inside.filter((s) => s.size >= bodySize * 0.9 && s.glyphs.length > LABEL_MAX_GLYPHS));
  let grown = true;
  while (grown) {
    grown = false;
    for (const s of inside) {
      if (text.has(s)) continue;
      const near = [...text].some((t) => Math.abs(t.size - s.size) <= t.size * 0.1 && Math.abs(t.base - s.base) <= t.size * 1.6 && s.x0 < t.x1 && t.x0 < s.x1);
      if (near) {
        text.add(s);
        grown = true;
      }
    }
  }
  return text;
}

function colorHex(color: number[] | undefined): string {
  if (!color || color.length < 3) return '000000';
  return color
    .slice(0, 3)
    .map((v) => Math.round(Math.max(0, Math.min(1, v)) * 255).toString(16).padStart(2, '0'))
    .join('');
}

/** The hex colours of text met so far, by their 8-bit components (MuPDF's text colours are 8-bit). */
const textColors = new Map<number, string>();

/** colorHex of a text colour, looked up: a page has a few colours over thousands of glyphs. */
function textColor(color: number[]): string {
  if (!color || color.length < 3) return colorHex(color);
  const key = Math.round(Math.max(0, Math.min(1, color[0]!)) * 255) * 65536 + Math.round(Math.max(0, Math.min(1, color[1]!)) * 255) * 256 + Math.round(Math.max(0, Math.min(1, color[2]!)) * 255);
  let hex = textColors.get(key);
  if (hex === undefined) textColors.set(key, (hex = colorHex(color)));
  return hex;
}

/** MuPDF's character for a glyph without a Unicode mapping. */
const UNMAPPED = '\uFFFD';

function readText(list: InstanceType<typeof mupdf.DisplayList>, bounds: number[], uprightTurn: ((turn: number) => boolean) | undefined, unencoded: Map<RawImage, Pixmap>, declared: (fontName: string) => boolean): { segments: Segment[]; images: RawImage[] } | undefined {
  const [ox, oy] = [bounds[0]!, bounds[1]!];
  const styles = new Map<number, FontStyle>();
  const lines: { glyphs: Glyph[]; upright: boolean }[] = [];
  // In page order; images are encoded once the page is known to need no turn.
  const images: (RawImage | (() => RawImage | undefined))[] = [];
  const tally = new TurnTally();
  let lineDir: ArrayLike<number> = [1, 0];
  let turn: number | undefined;
  let horizontal = true;
  let mirrored = false;
  let glyphs: Glyph[] = [];
  // Per glyph of the line: its font and its vertical ratio (see verticalRatio).
  let ratios: { font: number; ratio: number | undefined }[] = [];
  let upright = true;
  const advances = new Map<string, number>();
  const overprints = new Overprints();
  const readChar = (c: string, origin: number[], font: mupdf.Font, size: number, quad: number[], color: number[], bidi: number): void => {
    // A glyph MuPDF cannot map to Unicode: as U+FFFD it would print as a box in the document.
    if (c === UNMAPPED) return;
    let style = styles.get(font.pointer);
    if (!style) {
      style = fontStyle(font.getName(), { bold: font.isBold(), italic: font.isItalic(), mono: font.isMono(), serif: font.isSerif() });
      styles.set(font.pointer, style);
    }
    ratios.push({ font: font.pointer, ratio: verticalRatio(font, c, size, quad, advances) });
    const glyph: Glyph = {
      c,
      base: origin[1]! - oy,
      x0: Math.min(quad[0]!, quad[2]!, quad[4]!, quad[6]!) - ox,
      x1: Math.max(quad[0]!, quad[2]!, quad[4]!, quad[6]!) - ox,
      y0: Math.min(quad[1]!, quad[3]!, quad[5]!, quad[7]!) - oy,
      y1: Math.max(quad[1]!, quad[3]!, quad[5]!, quad[7]!) - oy,
      size,
      style,
      color: textColor(color),
    };
    if (bidi % 2 === 1) glyph.rtl = true;
    glyphs.push(glyph);
  };
  // Ligatures (ﬁ, ﬃ) as MuPDF finds them; the ones the font's ToUnicode map does not declare
  // are split into their letters below (see declaredFonts).
  const stext = list.toStructuredText('preserve-images,preserve-whitespace,preserve-ligatures');
  try {
    walkText(stext, {
      beginLine(_bbox, wmode, dir) {
        glyphs = [];
        ratios = [];
        upright = wmode === 0 && Math.abs(dir[1]) < 0.05 && dir[0] > 0;
        horizontal = wmode === 0;
        lineDir = dir;
        turn = undefined;
        mirrored = false;
      },
      onChar(c, origin, font, size, quad, color, bidi) {
        if (turn === undefined) {
          turn = glyphTurn(lineDir, quad);
          // A line mirrored left to right reads as upright text once its glyphs are laid out in reading order (see readInOrder).
          mirrored = horizontal && mirroredLeftward(lineDir, quad);
          if (mirrored) upright = true;
        }
        // MuPDF.js wraps the character's font anew for every character, each wrapper registered
        // for finalisation: letting go of it here spares the garbage collector one per glyph.
        // (The structured text keeps its own reference to the font.)
        try {
          const form = SCRIPT_FORM.test(c);
          if (form || (LIGATURE.test(c) && !declared(font.getName()))) {
            // A ligature known only by its glyph's name is written as its letters, each with its
            // share of the glyph; so is an Arabic or Hebrew presentation form (a letter's shape at
            // its place in the word), as MuPDF reads them without preserve-ligatures, letters
            // of a right-to-left script from the right.
            const letters = [...c.normalize('NFKC')];
            const along = [quad[2]! - quad[0]!, quad[3]! - quad[1]!];
            for (const [i, letter] of letters.entries()) {
              const k = form ? letters.length - 1 - i : i;
              const t = k / letters.length;
              tally.add(turn, letter);
              readChar(letter, [origin[0]! + along[0]! * t, origin[1]! + along[1]! * t], font, size, quadPart(quad as number[], k, letters.length), color as number[], bidi);
            }
          } else {
            tally.add(turn, c);
            readChar(c, origin, font, size, quad as number[], color as number[], bidi);
          }
        } finally {
          font.destroy();
        }
      },
      endLine() {
        if (mirrored) readInOrder(glyphs);
        applyVerticalRatios(glyphs, ratios);
        const seen = overprints.keep(glyphs);
        if (seen.some((g) => !/\s/.test(g.c))) lines.push({ glyphs: upright ? attachAccents(seen) : seen, upright });
        glyphs = [];
      },
      onImageBlock(bbox, transform, image) {
        const rect = { x0: bbox[0] - ox, y0: bbox[1] - oy, x1: bbox[2] - ox, y1: bbox[3] - oy };
        if (rect.x1 - rect.x0 < IMAGE_MIN_SIDE || rect.y1 - rect.y0 < IMAGE_MIN_SIDE) return;
        // A stencil mask has no colours of its own; a turned or mirrored image's pixels would
        // come back upright: both are taken from the page as drawn (clipImages).
        const [a, b, c, d] = transform as number[];
        const turned = Math.abs(b!) > 1e-3 || Math.abs(c!) > 1e-3 || a! < 0 || d! < 0;
        if (image.getImageMask() || turned) {
          images.push({ bbox: rect, renderFromPage: true, data: new Uint8Array(0), ext: 'png', pixelWidth: image.getWidth(), pixelHeight: image.getHeight() });
          return;
        }
        images.push(() => {
          const decoded = decodeImage(image);
          if (!decoded) return undefined;
          // Transparency lives in the mask, which the image's own pixels do not carry.
          const img: RawImage = { bbox: rect, data: new Uint8Array(0), ext: decoded.ext, pixelWidth: decoded.pixelWidth, pixelHeight: decoded.pixelHeight, ...(image.getMask() || image.getImageMask() ? { masked: true } : {}) };
          unencoded.set(img, decoded.pixmap);
          return img;
        });
      },
    });
    if (uprightTurn && !uprightTurn(tally.turn())) return undefined;
    const encoded = images.map((img) => (typeof img === 'function' ? img() : img)).filter((img): img is RawImage => img !== undefined);
    return { segments: lines.flatMap((line) => splitLine(line.glyphs, line.upright)), images: encoded };
  } finally {
    stext.destroy();
  }
}

/**
 * Text drawn several times over itself (a fake bold: the same glyphs printed again a fraction
 * of a point aside) is read once, as it is seen: a glyph whose character already stands at
 * about the same place (within a tenth of its size, less than the narrowest letter's advance,
 * so that "ll" stays two letters) is left out.
 */
class Overprints {
  /**
   * The glyphs placed so far by character, then by band of baselines OVERPRINT_BAND tall: a
   * glyph is looked for only among the glyphs of its character in the bands its baseline's
   * neighbourhood touches, not among every glyph of that character on the page (a page of
   * small print holds thousands of e's).
   */
  private placed = new Map<string, Map<number, Glyph[]>>();

  /**
   * The glyphs of a line that no earlier line already put there. Within one line glyphs may
   * share a place (the parts of a ligature, marks over letters): only another pass counts.
   */
  keep(line: Glyph[]): Glyph[] {
    const kept = line.filter((g) => {
      if (/\s/.test(g.c)) return true;
      const bands = this.placed.get(g.c);
      if (!bands) return true;
      const near = g.size * 0.1;
      const same = (o: Glyph): boolean => Math.abs(o.x0 - g.x0) < near && Math.abs(o.base - g.base) < near;
      const from = Math.floor((g.base - near) / OVERPRINT_BAND);
      const to = Math.floor((g.base + near) / OVERPRINT_BAND);
      // A huge glyph's neighbourhood spans more bands than there are: every band is looked at.
      if (to - from > bands.size) return ![...bands.values()].some((list) => list.some(same));
      for (let band = from; band <= to; band++) if (bands.get(band)?.some(same)) return false;
      return true;
    });
    for (const g of kept) {
      let bands = this.placed.get(g.c);
      if (!bands) this.placed.set(g.c, (bands = new Map()));
      const band = Math.floor(g.base / OVERPRINT_BAND);
      const same = bands.get(band);
      if (same) same.push(g);
      else bands.set(band, [g]);
    }
    return kept;
  }
}

/** Height of the bands of baselines Overprints files glyphs in, points. */
const OVERPRINT_BAND = 4;

/**
 * MuPDF's glyph size mixes the horizontal scale of the text matrix in (the square root of its
 * determinant): font expansion (pdfTeX's microtype widens or narrows each line by up to 2 %) and
 * horizontal scaling turn one 10.9 pt body text into 10.8 to 11.0 pt, half points 10.5 on some
 * lines and 11 on others. The glyph's width on the page against its advance in the font gives
 * the horizontal scale, and so the size as set (its height): the ratio of that to MuPDF's size,
 * or nothing where the advance is unknown or the ratio is out of what scaling does.
 */
function verticalRatio(font: mupdf.Font, c: string, size: number, quad: number[], advances: Map<string, number>): number | undefined {
  if (/\s/.test(c) || size <= 0) return undefined;
  const key = `${font.pointer}:${c}`;
  let advance = advances.get(key);
  if (advance === undefined) {
    const glyph = font.encodeCharacter(c);
    advance = glyph > 0 ? font.advanceGlyph(glyph) : 0;
    advances.set(key, advance);
  }
  const width = Math.hypot(quad[2]! - quad[0]!, quad[3]! - quad[1]!);
  if (advance <= 0 || width <= 0) return undefined;
  const ratio = (size * advance) / width;
  return ratio > 0.95 && ratio < 1.05 ? ratio : undefined;
}

/** A presentation-form ligature: ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ. */
const LIGATURE = /^[\ufb00-\ufb06]$/;
/** A presentation form of Hebrew or Arabic letters (contextual shapes and ligatures such as lam-alef). */
const SCRIPT_FORM = /^[\ufb1d-\ufdff\ufe70-\ufefe]$/;

/** Depth of forms within forms whose fonts are looked at (see declaredFonts). */
const FORM_DEPTH = 4;

/**
 * Whether a font of the page (by the name MuPDF gives it) has a ToUnicode map: its text as the
 * PDF declares it. A ligature character such a map gives (ﬃ) is the document's text and is kept,
 * as poppler and LibreOffice read it; one known only by its glyph's name ("fi" in the font's
 * encoding) is written as its letters, as they read it too. The page's fonts and those of its
 * forms are looked at once, when the first ligature is met; a name shared with a font without
 * a map counts as undeclared.
 */
function declaredFonts(page: MupdfPage): (fontName: string) => boolean {
  let declared: Set<string> | undefined;
  return (fontName) => {
    if (!declared) {
      const found = new Set<string>();
      const undeclared = new Set<string>();
      const visit = (resources: PDFObject, depth: number): void => {
        if (!resources.isDictionary()) return;
        const fonts = resources.get('Font');
        if (fonts.isDictionary()) {
          fonts.forEach((font) => {
            if (!font.isDictionary()) return;
            const into = font.get('ToUnicode').isNull() ? undeclared : found;
            const descendant = font.get('DescendantFonts');
            // MuPDF names a composite font by its descendant (without the CMap's name).
            for (const f of [font, descendant.isArray() ? descendant.get(0) : descendant]) {
              const name = f.isDictionary() ? f.get('BaseFont') : undefined;
              if (name?.isName()) into.add(name.asName());
            }
          });
        }
        const forms = resources.get('XObject');
        if (depth < FORM_DEPTH && forms.isDictionary()) forms.forEach((form) => visit(form.get('Resources'), depth + 1));
      };
      visit(page.getObject().getInheritable('Resources'), 0);
      declared = new Set([...found].filter((name) => !undeclared.has(name)));
    }
    return declared.has(fontName);
  };
}

/** Part `i` of `n` of a glyph's box (upper left, upper right, lower left, lower right), cut across its advance. */
function quadPart(quad: number[], i: number, n: number): number[] {
  const at = (from: number, to: number, t: number): number => quad[from]! + (quad[to]! - quad[from]!) * t;
  const [t0, t1] = [i / n, (i + 1) / n];
  return [at(0, 2, t0), at(1, 3, t0), at(0, 2, t1), at(1, 3, t1), at(4, 6, t0), at(5, 7, t0), at(4, 6, t1), at(5, 7, t1)];
}

/**
 * A line drawn mirrored left to right (glyphs upright, advancing leftwards) laid out in
 * reading order within the line's own span: each glyph's box mirrored across the span, so
 * that the line keeps its place on the page and its glyphs run left to right in the order they
 * were drawn, which is the order they are read.
 */
function readInOrder(glyphs: Glyph[]): void {
  if (glyphs.length === 0) return;
  const span = Math.min(...glyphs.map((g) => g.x0)) + Math.max(...glyphs.map((g) => g.x1));
  for (const g of glyphs) [g.x0, g.x1] = [span - g.x1, span - g.x0];
}

/**
 * Each glyph of a line to its size as set, by the median ratio of its font on the line
 * (expansion is per font: a line's text font is widened while its math fonts are not; one
 * glyph's ratio alone is off by the rounding of its width).
 */
function applyVerticalRatios(glyphs: Glyph[], ratios: { font: number; ratio: number | undefined }[]): void {
  const byFont = new Map<number, number[]>();
  for (const { font, ratio } of ratios) {
    if (ratio === undefined) continue;
    const list = byFont.get(font);
    if (list) list.push(ratio);
    else byFont.set(font, [ratio]);
  }
  const median = new Map([...byFont].map(([font, list]) => [font, list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!]));
  glyphs.forEach((g, i) => {
    const ratio = median.get(ratios[i]!.font);
    if (ratio !== undefined && Math.abs(ratio - 1) > 0.003) g.size *= ratio;
  });
}

/** Spacing accents to the combining marks that put them on a letter. */
const COMBINING_ACCENT: Record<string, string> = {
  '\u02dc': '\u0303', // ˜ tilde
  '\u00af': '\u0304', // ¯ macron
  '\u02c9': '\u0304', // ˉ modifier macron
  '\u02c6': '\u0302', // ˆ circumflex
  '\u02d9': '\u0307', // ˙ dot above
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u00b4': '\u0301', // ´ acute
  '\u02ca': '\u0301', // ˊ modifier acute
  '\u0060': '\u0300', // ` grave
  '\u02cb': '\u0300', // ˋ modifier grave
  '\u02c7': '\u030c', // ˇ caron
  '\u02d8': '\u0306', // ˘ breve
  '\u02da': '\u030a', // ˚ ring above
};

/**
 * The share of the narrower of an accent and a letter that they must overlap for the accent to
 * be the letter's. TeX skews an accent over a slanted letter to the right, past the letter's box
 * (the accent over an italic b covers half of it); glyphs set one after the other overlap by no
 * more than a kern.
 */
const ACCENT_COVER = 0.4;

/**
 * TeX draws an accent it has no precomposed glyph for (math accents such as f̃, γ̃, and text
 * accents on letters its font lacks) as the font's spacing accent placed over the letter, before
 * or after it in the content stream. Written as its own character the accent takes its own
 * width beside the letter (˜f). An accent that overlaps a neighbouring letter by ACCENT_COVER,
 * on or above that letter's baseline, becomes the letter's combining mark (f̃), composed where
 * Unicode has the letter (o and ¨ as ö). Accents set as characters of their own sit beside
 * their neighbours and are kept.
 */
function attachAccents(glyphs: Glyph[]): Glyph[] {
  if (!glyphs.some((g) => g.c in COMBINING_ACCENT)) return glyphs;
  const taken = new Set<number>();
  // How much of the narrower of the two the accent covers; 0 where it cannot be this letter's.
  const cover = (accent: Glyph, base: Glyph | undefined): number => {
    if (!base || /\s/.test(base.c) || base.c in COMBINING_ACCENT || accent.base > base.base + base.size * 0.1) return 0;
    const overlap = Math.min(accent.x1, base.x1) - Math.max(accent.x0, base.x0);
    return overlap / Math.max(0.01, Math.min(accent.x1 - accent.x0, base.x1 - base.x0));
  };
  glyphs.forEach((g, i) => {
    const mark = COMBINING_ACCENT[g.c];
    if (!mark) return;
    const [next, previous] = [cover(g, glyphs[i + 1]), cover(g, glyphs[i - 1])];
    const target = Math.max(next, previous) < ACCENT_COVER ? -1 : next >= previous ? i + 1 : i - 1;
    if (target < 0 || taken.has(target)) return;
    taken.add(target);
    taken.add(i);
    const base = glyphs[target]!;
    glyphs[target] = { ...base, c: (base.c + mark).normalize('NFC'), y0: Math.min(base.y0, g.y0) };
  });
  return glyphs.filter((g, i) => !(taken.has(i) && g.c in COMBINING_ACCENT));
}

/** Splits one structured-text line at wide gaps into segments; drops lines that are only spaces. */
function splitLine(glyphs: Glyph[], upright: boolean): Segment[] {
  const result: Segment[] = [];
  let current: Glyph[] = [];
  let lastInk: Glyph | undefined;
  const flush = (): void => {
    while (current.length > 0 && /\s/.test(current[current.length - 1]!.c)) current.pop();
    while (current.length > 0 && /\s/.test(current[0]!.c)) current.shift();
    if (current.length > 0) result.push(makeSegment(current, upright));
    current = [];
  };
  for (const g of glyphs) {
    if (g.c === '\n' || g.c === '\r') continue;
    const blank = /\s/.test(g.c);
    if (!blank && lastInk && upright) {
      const gap = g.x0 - lastInk.x1;
      const em = Math.max(g.size, lastInk.size);
      if (gap > SEGMENT_GAP_EM * em || gap < -em * 2) flush();
    }
    current.push(g);
    if (!blank) lastInk = g;
  }
  flush();
  return result;
}

/**
 * A glyph size to the half point, as Word sets sizes: the half point at or below it, unless
 * it lies within an eighth of a point of the next (LaTeX's 11 pt text is 10.91 pt). Rounding up
 * would make a line that just fit its column in the PDF wrap in the document (24.78 pt as 25).
 */
export function halfPoint(size: number): number {
  return Math.floor(size * 2 + 0.25) / 2;
}

export function makeSegment(glyphs: Glyph[], upright: boolean): Segment {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const sizes = new Map<number, number>();
  for (const g of glyphs) {
    x0 = Math.min(x0, g.x0);
    y0 = Math.min(y0, g.y0);
    x1 = Math.max(x1, g.x1);
    y1 = Math.max(y1, g.y1);
    const key = halfPoint(g.size);
    sizes.set(key, (sizes.get(key) ?? 0) + 1);
  }
  const size = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  // The baseline of the text in the dominant size (sub- and superscripts sit elsewhere).
  const bases = glyphs.filter((g) => halfPoint(g.size) === size && !/\s/.test(g.c)).map((g) => g.base).sort((a, b) => a - b);
  const base = bases.length ? bases[Math.floor(bases.length / 2)]! : y1 - size * 0.2;
  return { x0, y0, x1, y1, base, size, glyphs, upright };
}

/** The image's pixels in RGB or grey and the format they will be written in; undefined when MuPDF cannot decode it. */
function decodeImage(image: MupdfImage): { pixmap: Pixmap; ext: 'jpg' | 'png'; pixelWidth: number; pixelHeight: number } | undefined {
  let pixmap: Pixmap | undefined;
  try {
    pixmap = image.toPixmap();
    const cs = pixmap.getColorSpace();
    if (!cs || !(cs.isRGB() || cs.isGray())) {
      const converted = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
      pixmap.destroy();
      pixmap = converted;
    }
    const w = pixmap.getWidth();
    const h = pixmap.getHeight();
    return { pixmap, ext: w * h >= JPEG_MIN_PIXELS && pixmap.getAlpha() === 0 ? 'jpg' : 'png', pixelWidth: w, pixelHeight: h };
  } catch {
    // An image MuPDF cannot decode is left out; the text around it still converts.
    pixmap?.destroy();
    return undefined;
  }
}

function encodePixmap(pixmap: Pixmap, ext: 'jpg' | 'png'): Uint8Array | undefined {
  try {
    return Uint8Array.from(ext === 'jpg' ? pixmap.asJPEG(85) : pixmap.asPNG());
  } catch {
    return undefined;
  }
}

function transformPoint(m: Matrix, x: number, y: number): [number, number] {
  return [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]];
}

interface Subpath {
  points: [number, number][];
  curved: boolean;
  closed: boolean;
}

function subpathsOf(path: MupdfPath, ctm: Matrix): Subpath[] {
  const result: Subpath[] = [];
  let current: Subpath | undefined;
  path.walk({
    moveTo(x, y) {
      current = { points: [transformPoint(ctm, x, y)], curved: false, closed: false };
      result.push(current);
    },
    lineTo(x, y) {
      current?.points.push(transformPoint(ctm, x, y));
    },
    curveTo(_x1, _y1, _x2, _y2, x3, y3) {
      if (!current) return;
      current.curved = true;
      current.points.push(transformPoint(ctm, x3, y3));
    },
    closePath() {
      if (current) current.closed = true;
    },
  });
  return result;
}

function boxOf(points: [number, number][]): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

/** An axis-aligned rectangle (4 or 5 points, the last closing back to the first). */
function isAxisRect(points: [number, number][]): boolean {
  const pts = points.length === 5 && near(points[0]!, points[4]!) ? points.slice(0, 4) : points;
  if (pts.length !== 4) return false;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = pts[i]!;
    const [bx, by] = pts[(i + 1) % 4]!;
    if (Math.abs(ax - bx) > 0.5 && Math.abs(ay - by) > 0.5) return false;
  }
  return true;
}

/**
 * A rectangle with rounded corners: a closed curved outline whose points all lie on its box's
 * edges, with straight stretches along each edge over a quarter of its length at least (a short
 * box's corners take half its height). A circle or an ellipse touches each edge at one point.
 */
function isRoundedRect(sub: Subpath): boolean {
  if (!sub.curved || sub.points.length < 8) return false;
  const first = sub.points[0]!;
  const last = sub.points[sub.points.length - 1]!;
  if (!sub.closed && !near(first, last)) return false;
  const box = boxOf(sub.points);
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  if (Math.min(w, h) <= RULE_THICKNESS) return false;
  const edges = [
    { on: ([, y]: [number, number]) => Math.abs(y - box.y0) < 0.5, along: ([x]: [number, number]) => x, length: w },
    { on: ([, y]: [number, number]) => Math.abs(y - box.y1) < 0.5, along: ([x]: [number, number]) => x, length: w },
    { on: ([x]: [number, number]) => Math.abs(x - box.x0) < 0.5, along: ([, y]: [number, number]) => y, length: h },
    { on: ([x]: [number, number]) => Math.abs(x - box.x1) < 0.5, along: ([, y]: [number, number]) => y, length: h },
  ];
  if (!sub.points.every((p) => edges.some((e) => e.on(p)))) return false;
  return edges.every((e) => {
    const along = sub.points.filter(e.on).map(e.along);
    return along.length >= 2 && Math.max(...along) - Math.min(...along) >= e.length * 0.25;
  });
}

function near(a: [number, number], b: [number, number]): boolean {
  return Math.abs(a[0] - b[0]) < 0.5 && Math.abs(a[1] - b[1]) < 0.5;
}

/**
 * Runs the page itself, not its display list: a display list stores packed paths, which the
 * JavaScript wrappers handed to the device callbacks must not keep or drop.
 */
function readVectors(page: MupdfPage, bounds: number[]): { rules: Rule[]; art: Rect[]; fills: Fill[]; placements: Placement[] } {
  const [ox, oy] = [bounds[0]!, bounds[1]!];
  // Clip rectangles in force, to know which part of each image shows.
  const clips: (Rect | undefined)[] = [];
  const placements: Placement[] = [];
  let maskArea: Rect | undefined;
  const pushClip = (r: number[] | undefined): void => {
    clips.push(r ? { x0: r[0]! - ox, y0: r[1]! - oy, x1: r[2]! - ox, y1: r[3]! - oy } : undefined);
  };
  const unitSquare = (m: Matrix): number[] => {
    const b = boxOf([transformPoint(m, 0, 0), transformPoint(m, 1, 0), transformPoint(m, 0, 1), transformPoint(m, 1, 1)]);
    return [b.x0, b.y0, b.x1, b.y1];
  };
  const pageW = bounds[2]! - ox;
  const pageH = bounds[3]! - oy;
  const rules: Rule[] = [];
  const art: Rect[] = [];
  const fills: Fill[] = [];
  const addRule = (x0: number, y0: number, x1: number, y1: number, color: string | undefined): void => {
    const horizontal = Math.abs(y1 - y0) <= Math.abs(x1 - x0);
    const painted = color ? { color } : {};
    if (horizontal) {
      const y = (y0 + y1) / 2 - oy;
      if (Math.abs(x1 - x0) >= RULE_MIN_LENGTH) rules.push({ x0: Math.min(x0, x1) - ox, x1: Math.max(x0, x1) - ox, y0: y, y1: y, horizontal, ...painted });
    } else {
      const x = (x0 + x1) / 2 - ox;
      if (Math.abs(y1 - y0) >= RULE_MIN_LENGTH) rules.push({ x0: x, x1: x, y0: Math.min(y0, y1) - oy, y1: Math.max(y0, y1) - oy, horizontal, ...painted });
    }
  };
  const addArt = (box: Rect): void => {
    const r = { x0: box.x0 - ox, y0: box.y0 - oy, x1: box.x1 - ox, y1: box.y1 - oy };
    // A fill of the whole page is a background, not a figure.
    if (r.x1 - r.x0 > pageW * 0.9 && r.y1 - r.y0 > pageH * 0.9) return;
    art.push(r);
  };
  const place = (image: MupdfImage, ctm: Matrix): void => {
    const u = unitSquare(ctm);
    const full = { x0: u[0]! - ox, y0: u[1]! - oy, x1: u[2]! - ox, y1: u[3]! - oy };
    let visible: Rect = { ...full };
    for (const c of clips) if (c) visible = { x0: Math.max(visible.x0, c.x0), y0: Math.max(visible.y0, c.y0), x1: Math.min(visible.x1, c.x1), y1: Math.min(visible.y1, c.y1) };
    placements.push({ full, visible, pixelWidth: image.getWidth() });
  };
  const device = new mupdf.Device({
    clipPath(path, _evenOdd, ctm) {
      pushClip(path.getBounds(null as unknown as StrokeState, ctm));
    },
    clipStrokePath(path, stroke, ctm) {
      pushClip(path.getBounds(stroke, ctm));
    },
    clipText(text, ctm) {
      pushClip(text.getBounds(null as unknown as StrokeState, ctm));
    },
    clipStrokeText(text, stroke, ctm) {
      pushClip(text.getBounds(stroke, ctm));
    },
    clipImageMask(_image, ctm) {
      pushClip(unitSquare(ctm as Matrix));
    },
    beginMask(area) {
      maskArea = { x0: area[0] - ox, y0: area[1] - oy, x1: area[2] - ox, y1: area[3] - oy };
    },
    endMask() {
      clips.push(maskArea);
    },
    popClip() {
      clips.pop();
    },
    fillImageMask(image, ctm) {
      place(image, ctm as Matrix);
    },
    fillImage(image, ctm) {
      place(image, ctm as Matrix);
    },
    fillPath(path, _evenOdd, ctm, colorspace, color, alpha) {
      for (const sub of subpathsOf(path, ctm as Matrix)) {
        const box = boxOf(sub.points);
        const w = box.x1 - box.x0;
        const h = box.y1 - box.y0;
        if (!sub.curved && isAxisRect(sub.points) && Math.min(w, h) <= RULE_THICKNESS) {
          const hex = rgbHex(colorspace, color as number[]);
          if (w >= h) addRule(box.x0, (box.y0 + box.y1) / 2, box.x1, (box.y0 + box.y1) / 2, hex);
          else addRule((box.x0 + box.x1) / 2, box.y0, (box.x0 + box.x1) / 2, box.y1, hex);
        } else if ((!sub.curved && isAxisRect(sub.points)) || isRoundedRect(sub)) {
          // A shaded box (table cell, highlight, a box with rounded corners around a note):
          // neither a rule nor a figure.
          const hex = alpha > 0.2 ? rgbHex(colorspace, color as number[]) : undefined;
          if (hex) fills.push({ x0: box.x0 - ox, y0: box.y0 - oy, x1: box.x1 - ox, y1: box.y1 - oy, color: hex });
          continue;
        } else if (w > 0 && h > 0) {
          addArt(box);
        }
      }
    },
    strokePath(path, stroke, ctm, colorspace, color) {
      const m = ctm as Matrix;
      const hex = rgbHex(colorspace, color as number[]);
      const width = stroke.getLineWidth() * Math.hypot(m[0], m[1]);
      for (const sub of subpathsOf(path, m)) {
        if (sub.curved) {
          addArt(boxOf(sub.points));
          continue;
        }
        const pts = sub.closed && sub.points.length > 1 && !near(sub.points[0]!, sub.points[sub.points.length - 1]!) ? [...sub.points, sub.points[0]!] : sub.points;
        let straight = true;
        for (let i = 1; i < pts.length; i++) {
          const [ax, ay] = pts[i - 1]!;
          const [bx, by] = pts[i]!;
          if (Math.abs(ax - bx) < 0.8 || Math.abs(ay - by) < 0.8) addRule(ax, ay, bx, by, hex);
          else straight = false;
        }
        if (!straight || width > RULE_THICKNESS * 2) addArt(boxOf(sub.points));
      }
    },
  });
  try {
    page.run(device, mupdf.Matrix.identity);
  } finally {
    device.close();
    device.destroy();
  }
  return { rules, art, fills, placements };
}

/** A fill colour as six hex digits from grey, RGB or CMYK components; undefined for other colour spaces. */
function rgbHex(colorspace: InstanceType<typeof mupdf.ColorSpace>, color: number[]): string | undefined {
  if (colorspace.isGray()) return colorHex([color[0]!, color[0]!, color[0]!]);
  if (colorspace.isRGB()) return colorHex(color);
  if (colorspace.isCMYK()) {
    const [c, m, y, k] = color as [number, number, number, number];
    return colorHex([(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)]);
  }
  return undefined;
}

/** Grows `a` to take in `b`. */
function unite(a: Rect, b: Rect): void {
  a.x0 = Math.min(a.x0, b.x0);
  a.y0 = Math.min(a.y0, b.y0);
  a.x1 = Math.max(a.x1, b.x1);
  a.y1 = Math.max(a.y1, b.y1);
}

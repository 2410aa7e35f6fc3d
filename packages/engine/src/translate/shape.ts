/**
 * OpenType shaping of the scripts whose letters change with their neighbours (Devanagari,
 * Bengali, Gujarati, Tamil, Telugu, Thai): conjuncts (क्ष), the i-matra drawn before its
 * consonant (कि), reph, below-base forms and marks placed over or under their base (Thai tone
 * marks over a vowel) come from the font's GSUB and GPOS tables, which only a shaper reads.
 * HarfBuzz (npm `harfbuzzjs`, WebAssembly) shapes; the glyphs are written by glyph id through
 * the Type0 font MuPDF embeds (Identity-H, CIDToGIDMap Identity: a CID is a glyph id), each
 * glyph moved by its shaped advance and offset. Text extraction gets the text back through a
 * ToUnicode CMap in which each glyph maps to the characters HarfBuzz says it stands for (a
 * conjunct glyph to its letters) and, where a cluster's glyphs in drawing order do not spell
 * its letters (कि is drawn ि then क), an ActualText span carrying the cluster's text. MuPDF
 * gives an ActualText's characters the boxes of the span's glyphs one by one, so where a span
 * has more glyphs than characters its positional reading (the layout analysis) may see a gap,
 * read as a space, after the cluster; pdftotext and MuPDF's plain text read the words whole.
 */
import type * as HarfBuzz from 'harfbuzzjs';
import type { mupdf, PDFDocument } from '../mupdf.js';
import { num } from '../pdf/page-content.js';

/** Scripts set through the shaper; Arabic and Hebrew keep their own shaper and bidi (arabic.ts, bidi.ts). */
export const SHAPED_SCRIPT = /[\p{Script=Deva}\p{Script=Beng}\p{Script=Gujr}\p{Script=Taml}\p{Script=Telu}\p{Script=Thai}]/u;

type HarfBuzzModule = typeof HarfBuzz;
let loading: Promise<HarfBuzzModule> | null = null;

/**
 * HarfBuzz, loaded on first use: its module compiles WebAssembly at import (a top-level
 * await), which only translations into a shaped script should pay for.
 */
export function loadHarfBuzz(): Promise<HarfBuzzModule> {
  loading ??= import('harfbuzzjs');
  return loading;
}

export interface ShapedGlyph {
  gid: number;
  /** Index (in code points) of the first character the glyph stands for. */
  cluster: number;
  /** Advance and offsets, in ems. */
  advance: number;
  dx: number;
  dy: number;
}

export interface ShapedText {
  /** The characters shaped, as code points: clusters index into them. */
  chars: string[];
  glyphs: ShapedGlyph[];
  /** Sum of the advances, ems. */
  width: number;
}

/** Widths and shapes are asked for the same line prefixes again and again while fitting; kept up to this many. */
const CACHE_LIMIT = 4000;

/** One font file's HarfBuzz font, and the shapes of the texts set in it. */
export class Shaper {
  private readonly font: HarfBuzz.Font;
  private readonly upem: number;
  private readonly cache = new Map<string, ShapedText>();
  /** Each glyph a character maps to directly (the font's cmap), reversed: glyph → character. */
  readonly nominal = new Map<number, string>();

  constructor(private readonly hb: HarfBuzzModule, data: Uint8Array, private readonly language?: string) {
    const face = new hb.Face(new hb.Blob(data));
    this.font = new hb.Font(face);
    this.upem = face.upem;
    for (const unicode of face.collectUnicodes()) {
      const gid = this.font.nominalGlyph(unicode);
      // The lowest code point wins (a space before a no-break space), as MuPDF's own ToUnicode does.
      if (gid !== undefined && gid > 0 && !this.nominal.has(gid)) this.nominal.set(gid, String.fromCodePoint(unicode));
    }
  }

  shape(text: string): ShapedText {
    const cached = this.cache.get(text);
    if (cached) return cached;
    const chars = [...text];
    const buffer = new this.hb.Buffer();
    // Code points (not UTF-16 units) so that clusters index `chars`, as hb-shape reports them.
    buffer.addCodePoints(chars.map((ch) => ch.codePointAt(0)!));
    buffer.guessSegmentProperties();
    if (this.language) buffer.setLanguage(this.language);
    // Each glyph keeps the index of its own characters (a reordered i-matra its own, not its
    // syllable's): what ToUnicode needs. Cluster levels change no glyph, only this numbering.
    buffer.setClusterLevel(this.hb.ClusterLevel.CHARACTERS);
    this.hb.shape(this.font, buffer);
    const em = 1 / this.upem;
    const glyphs = buffer.getGlyphInfosAndPositions().map((g) => ({
      gid: g.codepoint, cluster: g.cluster, advance: (g.xAdvance ?? 0) * em, dx: (g.xOffset ?? 0) * em, dy: (g.yOffset ?? 0) * em,
    }));
    const shaped = { chars, glyphs, width: glyphs.reduce((sum, g) => sum + g.advance, 0) };
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(text, shaped);
    return shaped;
  }
}

/** Glyphs that stand for a run of characters together (a syllable), in drawing order, with the characters each glyph stands for. */
interface Cluster {
  glyphs: ShapedGlyph[];
  /** Per glyph its characters; '' for a second glyph of the same characters (a split vowel's second half). */
  texts: string[];
  text: string;
}

/**
 * The glyphs cut into the smallest runs that cover a run of characters of their own: a
 * glyph moved before its consonant (ि) stays in its syllable's run.
 */
function clustersOf(shaped: ShapedText): Cluster[] {
  const { chars, glyphs } = shaped;
  const starts = [...new Set(glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const endOf = (start: number) => starts.find((s) => s > start) ?? chars.length;
  /** The smallest first character among glyph i and those after it. */
  const laterMin: number[] = [];
  for (let i = glyphs.length - 1, min = Infinity; i >= 0; i--) laterMin[i] = min = Math.min(min, glyphs[i]!.cluster);
  const out: Cluster[] = [];
  let current: Cluster | null = null;
  let from = 0;
  let to = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i]!;
    if (!current) {
      current = { glyphs: [], texts: [], text: '' };
      from = glyph.cluster;
      to = glyph.cluster;
    }
    const seen = current.glyphs.some((g) => g.cluster === glyph.cluster);
    current.glyphs.push(glyph);
    current.texts.push(seen ? '' : chars.slice(glyph.cluster, endOf(glyph.cluster)).join(''));
    from = Math.min(from, glyph.cluster);
    to = Math.max(to, endOf(glyph.cluster));
    if (i === glyphs.length - 1 || laterMin[i + 1]! >= to) {
      current.text = chars.slice(from, to).join('');
      out.push(current);
      current = null;
    }
  }
  return out;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
/** UTF-16BE hex of a text, as ToUnicode and a hex string with a byte-order mark both want it. */
const utf16Hex = (text: string) => [...text].map((ch) => {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x10000) return hex4(cp);
  const v = cp - 0x10000;
  return hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
}).join('');

/**
 * A font file embedded once per document and written in glyph ids: what the shaper gives is
 * shown as TJ arrays, and what each glyph stands for is collected for the ToUnicode CMap that
 * `finish` writes.
 */
export class ShapedFont {
  /** Glyph → the characters it stands for in the ToUnicode CMap; the first time a glyph is written decides. */
  private readonly unicode = new Map<number, string>();

  constructor(readonly shaper: Shaper, private readonly font: mupdf.Font, readonly ref: mupdf.PDFObject) {}

  width(text: string): number {
    return this.shaper.shape(text).width;
  }

  /**
   * The text-showing operators for `text` at `size` points, from the pen's position: each
   * glyph put where the shaper places it by TJ adjustments against the width the PDF font
   * gives it, a vertical offset as text rise. A cluster whose glyphs do not spell its letters
   * in drawing order (कि is drawn ि then क) is wrapped in an ActualText span with its text.
   * Not done otherwise: drawing क before ि is read back as िक by pdftotext and MuPDF, which
   * order glyphs by position; a span per word is read by MuPDF with its last letters twice.
   */
  show(text: string, size: number): string {
    const ops: string[] = [];
    let items: string[] = [];
    let rise = 0;
    /** Where the PDF's pen stands and where the shaper's pen stands, ems from the start. */
    let pdfPen = 0;
    let pen = 0;
    const flush = () => {
      if (items.length > 0) ops.push(`[${items.join(' ')}] TJ`);
      items = [];
    };
    // TJ numbers move the pen back (positive) or forward (negative) by thousandths of the size.
    const moveTo = (x: number) => {
      if (Math.abs(x - pdfPen) > 0.00005) items.push(num(-(x - pdfPen) * 1000));
      pdfPen = x;
    };
    for (const cluster of clustersOf(this.shaper.shape(text))) {
      const actual = !this.spells(cluster);
      if (actual) {
        flush();
        ops.push(`/Span <</ActualText <feff${utf16Hex(cluster.text)}>>> BDC`);
      }
      for (const glyph of cluster.glyphs) {
        if (Math.abs(glyph.dy * size - rise) > 0.005) {
          flush();
          rise = glyph.dy * size;
          ops.push(`${num(rise)} Ts`);
        }
        moveTo(pen + glyph.dx);
        items.push(`<${hex4(glyph.gid)}>`);
        pdfPen += this.font.advanceGlyph(glyph.gid);
        pen += glyph.advance;
      }
      if (actual) {
        // The pen ends the span where the next cluster starts.
        moveTo(pen);
        flush();
        ops.push('EMC');
      }
    }
    moveTo(pen);
    flush();
    if (rise !== 0) ops.push('0 Ts');
    return ops.join(' ');
  }

  /**
   * Whether the glyphs' ToUnicode entries spell the cluster's letters in drawing order. A glyph
   * not in the map yet is entered with the characters the shaper says it stands for (a
   * conjunct glyph its three letters, a reordered i-matra its vowel sign).
   */
  private spells(cluster: Cluster): boolean {
    const spelled = cluster.glyphs.map((glyph, i) => {
      const text = cluster.texts[i]!;
      if (!this.unicode.has(glyph.gid) && text !== '') this.unicode.set(glyph.gid, text);
      return this.unicode.get(glyph.gid) ?? '\ufffd';
    });
    return spelled.join('') === cluster.text;
  }

  /** Writes the ToUnicode CMap: the font's cmap reversed, and what the clusters taught about the other glyphs. */
  finish(doc: PDFDocument): void {
    const entries = new Map(this.shaper.nominal);
    for (const [gid, text] of this.unicode) entries.set(gid, text);
    const lines = [...entries].sort((a, b) => a[0] - b[0]).map(([gid, text]) => `<${hex4(gid)}> <${utf16Hex(text)}>`);
    const blocks: string[] = [];
    // A bfchar block holds at most 100 entries.
    for (let i = 0; i < lines.length; i += 100) {
      const block = lines.slice(i, i + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    const cmap = [
      '/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap',
      '/CIDSystemInfo <</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def',
      '/CMapName /Adobe-Identity-UCS def', '/CMapType 2 def',
      '1 begincodespacerange', '<0000> <FFFF>', 'endcodespacerange',
      ...blocks,
      'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end',
    ].join('\n');
    this.ref.resolve().put('ToUnicode', doc.addStream(cmap, {}));
  }
}

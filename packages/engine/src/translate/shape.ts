/**
 * OpenType shaping of the scripts whose letters change with their neighbours (Devanagari,
 * Bengali, Gujarati, Tamil, Telugu, Thai): conjuncts (क्ष), the i-matra drawn before its
 * consonant (कि), reph, below-base forms and marks placed over or under their base (Thai tone
 * marks over a vowel) come from the font's GSUB and GPOS tables, which only a shaper reads.
 * HarfBuzz (npm `harfbuzzjs`, WebAssembly) shapes; the glyphs are written by glyph id through
 * the Type0 font MuPDF embeds (Identity-H, CIDToGIDMap Identity: a CID is a glyph id), each
 * glyph moved by its shaped advance and offset. Text extraction gets the text back through a
 * ToUnicode CMap written from the shaped clusters (a conjunct glyph maps to its letters) and,
 * where a cluster's glyphs in drawing order do not spell its letters (कि is drawn ि then क),
 * an ActualText span carrying the cluster's text.
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
  /** Index (in code points) of the first character of the glyph's cluster. */
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

/** A glyph's cluster: its glyphs (in drawing order) and the characters they stand for. */
interface Cluster {
  glyphs: ShapedGlyph[];
  text: string;
}

function clustersOf(shaped: ShapedText): Cluster[] {
  const out: Cluster[] = [];
  for (const glyph of shaped.glyphs) {
    const last = out[out.length - 1];
    if (last && last.glyphs[0]!.cluster === glyph.cluster) last.glyphs.push(glyph);
    else out.push({ glyphs: [glyph], text: '' });
  }
  // Left-to-right clusters rise with the text: each spans up to the next one's first character.
  const starts = out.map((c) => c.glyphs[0]!.cluster).sort((a, b) => a - b);
  for (const cluster of out) {
    const start = cluster.glyphs[0]!.cluster;
    const end = starts.find((s) => s > start) ?? shaped.chars.length;
    cluster.text = shaped.chars.slice(start, end).join('');
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
  /** Glyph → the characters it stands for in the ToUnicode CMap; the first cluster a glyph is seen in decides. */
  private readonly unicode = new Map<number, string>();

  constructor(readonly shaper: Shaper, private readonly font: mupdf.Font, readonly ref: mupdf.PDFObject) {}

  width(text: string): number {
    return this.shaper.shape(text).width;
  }

  /**
   * The text-showing operators for `text` at `size` points, from the pen's position: each
   * glyph's advance and horizontal offset as TJ adjustments against the width the PDF font
   * gives it, a vertical offset as text rise, and clusters the ToUnicode map cannot spell in
   * an ActualText span.
   */
  show(text: string, size: number): string {
    const ops: string[] = [];
    let items: string[] = [];
    let rise = 0;
    /** Pending pen movement in thousandths of an em, written before the next glyph. */
    let move = 0;
    const flush = () => {
      if (items.length > 0) ops.push(`[${items.join(' ')}] TJ`);
      items = [];
    };
    for (const cluster of clustersOf(this.shaper.shape(text))) {
      const spelled = this.spell(cluster);
      if (!spelled) {
        flush();
        ops.push(`/Span <</ActualText <feff${utf16Hex(cluster.text)}>>> BDC`);
      }
      for (const glyph of cluster.glyphs) {
        if (Math.abs(glyph.dy * size - rise) > 0.005) {
          flush();
          rise = glyph.dy * size;
          ops.push(`${num(rise)} Ts`);
        }
        // TJ numbers move the pen back (positive) or forward (negative) by thousandths of the size.
        move += glyph.dx * 1000;
        if (Math.abs(move) > 0.05) items.push(num(-move));
        items.push(`<${hex4(glyph.gid)}>`);
        const pdfWidth = this.font.advanceGlyph(glyph.gid);
        move = (glyph.advance - glyph.dx - pdfWidth) * 1000;
      }
      if (!spelled) {
        // The pen's last movement goes inside the span, so the next cluster starts where it should.
        if (Math.abs(move) > 0.05) items.push(num(-move));
        move = 0;
        flush();
        ops.push('EMC');
      }
    }
    if (Math.abs(move) > 0.05) items.push(num(-move));
    flush();
    if (rise !== 0) ops.push('0 Ts');
    return ops.join(' ');
  }

  /**
   * Whether the ToUnicode map spells the cluster with its glyphs in drawing order, after giving
   * the glyphs it does not know yet the characters their cluster leaves for them: a glyph alone
   * in its cluster (a conjunct, a ligature) the whole cluster, else what the glyphs mapped by
   * the font's cmap do not account for.
   */
  private spell(cluster: Cluster): boolean {
    const known = (gid: number) => this.unicode.get(gid) ?? this.shaper.nominal.get(gid);
    const unknown = cluster.glyphs.filter((g) => known(g.gid) === undefined);
    if (unknown.length > 0) {
      let rest = cluster.text;
      for (const glyph of cluster.glyphs) {
        const chars = known(glyph.gid);
        if (chars !== undefined && rest.includes(chars)) rest = rest.replace(chars, '');
      }
      if (rest !== '') this.unicode.set(unknown[0]!.gid, rest);
    }
    return cluster.glyphs.map((g) => known(g.gid) ?? '\ufffd').join('') === cluster.text;
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

import { mupdf } from '../mupdf.js';
/**
 * Font names as PDFs carry them ("ABCDEF+TimesNewRomanPS-BoldItalicMT", "CMBX12", "Arial,Bold")
 * turned into a family and a style, and the family a word processor should use for it.
 */

export interface FontStyle {
  family: string;
  /** TeX's math extension font (big delimiters, sums, integrals): a displayed formula. */
  mathExtension?: boolean;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  serif: boolean;
}

const STYLE_WORDS = /[-,_ ]?(bold|black|heavy|semibold|demibold|demi|medium|light|regular|roman|book|normal|italic|oblique|inclined|slanted|it|bd|bi|mt|ps|std|pro|lt|condensed|cond)$/i;

/** TeX's Computer Modern and AMS fonts: the name encodes the style (cmbx = bold, cmti = italic). */
const TEX_FONT = /^(cm|lm|sf|ec|tc)([a-z]*?)(\d+)$/i;

/** Family, bold and italic from the PDF font name and MuPDF's flags (from the font descriptor). */
export function fontStyle(rawName: string, flags: { bold: boolean; italic: boolean; mono: boolean; serif: boolean }): FontStyle {
  const name = rawName.replace(/^[A-Z]{6}\+/, '');
  const lower = name.toLowerCase();
  let bold = flags.bold || /bold|black|heavy|semibold|demi|[-,]bd\b|bx/.test(lower);
  let italic = flags.italic || /italic|oblique|inclined|slanted|[-,]it$|[-,]bi$/.test(lower);
  let mono = flags.mono || /mono|courier|consol|typewriter|^cmtt|^lmmono|code/.test(lower);
  let serif = flags.serif;
  let family: string;
  const tex = TEX_FONT.exec(name);
  if (/^(cmex|lmex|euex)/i.test(name)) return { family: 'Times New Roman', bold, italic, mono: false, serif: true, mathExtension: true };
  if (tex) {
    const shape = tex[2]!.toLowerCase();
    if (shape.includes('bx') || shape === 'b') bold = true;
    if (shape.includes('ti') || shape.includes('sl') || shape === 'mi' || shape === 'bxti') italic = true;
    if (shape.startsWith('tt')) mono = true;
    serif = !shape.startsWith('ss') && !mono;
    family = mono ? 'Courier New' : serif ? 'Times New Roman' : 'Arial';
    return { family, bold, italic, mono, serif };
  }
  family = name.split(/[,+]/)[0] ?? name;
  let previous = '';
  while (previous !== family) {
    previous = family;
    family = family.replace(STYLE_WORDS, '');
  }
  family = family.replace(/[-_]+$/, '') || name;
  // CamelCase PostScript names read better with spaces: TimesNewRoman -> Times New Roman.
  if (!family.includes(' ')) family = family.replace(/([a-z])([A-Z])/g, '$1 $2');
  const known = knownFamily(family);
  if (known) {
    serif = known.serif;
    mono = known.mono;
  }
  return { family: known?.name ?? family, bold, italic, mono, serif };
}

interface KnownFamily {
  name: string;
  serif: boolean;
  mono: boolean;
}

/** The base-14 names and their usual stand-ins, as word processors know them. */
function knownFamily(family: string): KnownFamily | undefined {
  const key = family.toLowerCase().replace(/[^a-z]/g, '');
  if (key === 'times' || key === 'timesnewroman' || key === 'timesroman' || key === 'nimbusroman' || key === 'liberationserif' || key === 'tinos') return { name: 'Times New Roman', serif: true, mono: false };
  if (key === 'helvetica' || key === 'arial' || key === 'arialmt' || key === 'nimbussans' || key === 'liberationsans' || key === 'arimo') return { name: 'Arial', serif: false, mono: false };
  // Arial's letters with the CJK ones: proportional, though its CID descriptor often says fixed
  // pitch (set in Courier, a table's figures fill the gaps between its columns).
  if (key === 'arialunicodems') return { name: 'Arial', serif: false, mono: false };
  if (key === 'courier' || key === 'couriernew' || key === 'nimbusmono' || key === 'nimbusmonops' || key === 'liberationmono' || key === 'cousine') return { name: 'Courier New', serif: false, mono: true };
  if (key === 'dejavusans') return { name: 'DejaVu Sans', serif: false, mono: false };
  if (key === 'dejavuserif') return { name: 'DejaVu Serif', serif: true, mono: false };
  if (key === 'dejavusansmono') return { name: 'DejaVu Sans Mono', serif: false, mono: true };
  if (key === 'symbol' || key === 'standardsymbolsps') return { name: 'Symbol', serif: true, mono: false };
  if (key === 'zapfdingbats' || key === 'dingbats') return { name: 'ZapfDingbats', serif: false, mono: false };
  return undefined;
}

/** Families a word processor can be expected to have (or to substitute with a metric twin). */
const COMMON_FAMILIES = new Set(
  [
    'Times New Roman', 'Arial', 'Courier New', 'Calibri', 'Cambria', 'Georgia', 'Verdana', 'Tahoma', 'Trebuchet MS',
    'Garamond', 'Book Antiqua', 'Palatino Linotype', 'Century Gothic', 'Segoe UI', 'Consolas', 'Symbol',
    'DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Liberation Sans', 'Liberation Serif', 'Liberation Mono',
    'Carlito', 'Caladea',
  ].map((name) => name.toLowerCase()),
);

/**
 * The family to name in an editable document: the PDF's own when it is a common one, else a
 * metric-compatible standard family of the same kind (an embedded subset font is not available
 * to the reader, and an unknown name falls back to whatever the reader's default is).
 */
export function portableFamily(run: { font: string; mono?: boolean; serif?: boolean }): string {
  if (COMMON_FAMILIES.has(run.font.toLowerCase())) return run.font;
  if (run.mono) return 'Courier New';
  return run.serif === false ? 'Arial' : 'Times New Roman';
}

/** The stand-ins a glyph's advances are matched against, with the kind each stands for. */
const STAND_INS = [
  { family: 'Times New Roman', serif: true, mono: false },
  { family: 'Arial', serif: false, mono: false },
  { family: 'Courier New', serif: false, mono: true },
] as const;

/** Fewest distinct characters whose advances tell a font's stand-in. */
const MIN_MATCHED_CHARS = 8;
/** Largest mean deviation (natural log of drawn over stand-in advance) of a stand-in that matches. */
const MAX_MATCH_ERROR = 0.08;
/** How much closer the best stand-in must be than the next one. */
const MATCH_MARGIN = 0.6;

/**
 * Sets the kind (serif, sans, mono) of each font of the document whose family is not one a word
 * processor knows from the glyphs' advances as drawn: the stand-in (Times New Roman, Arial or
 * Courier New) whose advances for the same characters are closest, when one is clearly closest.
 * A descriptor's serif and fixed-pitch flags are often wrong (Helvetica Neue and Roboto say
 * serif, Arial Unicode MS fixed pitch); set in Times, a sans text comes out a tenth narrower
 * and in the wrong face, in Courier a proportional one wider than its page. Without a clear
 * match the flags stand, except that a font flagged fixed pitch whose letters differ in width
 * is proportional. Glyphs: upright ones, their width the advance drawn, sharing their font's
 * style object per page.
 */
export function matchStandIns(glyphs: Iterable<{ c: string; x0: number; x1: number; size: number; style: FontStyle }>): void {
  const groups = new Map<string, { styles: Set<FontStyle>; advances: Map<string, Drawn> }>();
  for (const g of glyphs) {
    const { style } = g;
    if (g.size <= 0 || /\s/.test(g.c) || WIDE.test(g.c) || style.mathExtension) continue;
    if (knownFamily(style.family) || COMMON_FAMILIES.has(style.family.toLowerCase())) continue;
    const key = `${style.family}|${style.bold}|${style.italic}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { styles: new Set(), advances: new Map() }));
    group.styles.add(style);
    const advance = (g.x1 - g.x0) / g.size;
    if (advance < 0.05 || advance > 2) continue;
    const drawn = group.advances.get(g.c);
    if (!drawn) group.advances.set(g.c, { advances: [advance], count: 1 });
    else {
      drawn.count++;
      if (drawn.advances.length < 64) drawn.advances.push(advance);
    }
  }
  for (const { styles, advances } of groups.values()) {
    const first = styles.values().next().value!;
    const kind = closestStandIn(advances, first);
    if (kind) {
      for (const style of styles) Object.assign(style, kind);
      continue;
    }
    const drawn = [...advances.values()].map((d) => median(d.advances));
    const varied = drawn.length >= MIN_MATCHED_CHARS && Math.max(...drawn) > Math.min(...drawn) * 1.2;
    if (varied) for (const style of styles) style.mono = false;
  }
}

/** A character's advances as drawn (em, the first few), and how often it is drawn. */
interface Drawn {
  advances: number[];
  count: number;
}

/**
 * The kind of the stand-in whose advances clearly come closest to the drawn ones, each
 * character counted as often as it is drawn (the text's width is what the stand-in must keep).
 */
function closestStandIn(advances: Map<string, Drawn>, style: { bold: boolean; italic: boolean }): { serif: boolean; mono: boolean } | undefined {
  const metrics = STAND_INS.map((s) => metricFont(style, s.family)!);
  const chars = [...advances.keys()].filter((c) => metrics.every((m) => advanceOf(m, c.codePointAt(0)!) > 0 && !m.missing.has(c.codePointAt(0)!)));
  if (chars.length < MIN_MATCHED_CHARS) return undefined;
  const total = chars.reduce((sum, c) => sum + advances.get(c)!.count, 0);
  const errors = STAND_INS.map((stand, i) => {
    const error = chars.reduce((sum, c) => {
      const drawn = advances.get(c)!;
      return sum + drawn.count * Math.abs(Math.log(median(drawn.advances) / advanceOf(metrics[i]!, c.codePointAt(0)!)));
    }, 0) / total;
    return { stand, error };
  }).sort((a, b) => a.error - b.error);
  const [best, next] = errors;
  if (best!.error > MAX_MATCH_ERROR || best!.error > next!.error * MATCH_MARGIN) return undefined;
  return { serif: best!.stand.serif, mono: best!.stand.mono };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** MuPDF's base-14 fonts, metric twins of Times New Roman, Arial and Courier New. */
const METRIC_FONTS: Record<string, [string, string, string, string]> = {
  'Times New Roman': ['Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic'],
  Arial: ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
  'Courier New': ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
};
/**
 * A metric twin with the advances (em) of the characters measured in it so far, by code point.
 * Every run of a document is measured, most of them twice (standInWidth, fittingSpacing), over
 * a few dozen distinct characters, and each look-up in MuPDF is two calls into WebAssembly.
 */
interface MetricFont {
  font: InstanceType<typeof mupdf.Font>;
  /** The advance of the character's glyph (glyph 0's where the font lacks it). */
  advances: Map<number, number>;
  /** The characters the font has no glyph for. */
  missing: Set<number>;
}
const metricCache = new Map<string, MetricFont>();

/** The metric twin of the stand-in family in the run's style, or undefined when its metrics are unknown. */
function metricFont(run: { bold: boolean; italic: boolean }, family: string): MetricFont | undefined {
  const names = METRIC_FONTS[family];
  if (!names) return undefined;
  const name = names[(run.bold ? 1 : 0) + (run.italic ? 2 : 0)]!;
  let metric = metricCache.get(name);
  if (!metric) {
    metric = { font: new mupdf.Font(name), advances: new Map(), missing: new Set() };
    metricCache.set(name, metric);
  }
  return metric;
}

/** The advance (em) of the character's glyph in the metric twin. */
function advanceOf(metric: MetricFont, code: number): number {
  let advance = metric.advances.get(code);
  if (advance === undefined) {
    const gid = metric.font.encodeCharacter(code);
    if (gid === 0) metric.missing.add(code);
    advance = metric.font.advanceGlyph(gid);
    metric.advances.set(code, advance);
  }
  return advance;
}

/**
 * The run's width in the stand-in family, spaces included, without character spacing, points
 * (what a word processor lays out on the line); undefined when the family's metrics are unknown.
 */
export function standInWidth(run: { text: string; size: number; bold: boolean; italic: boolean }, family: string): number | undefined {
  const metric = metricFont(run, family);
  if (!metric) return undefined;
  let width = 0;
  for (const ch of run.text) {
    if (ch === '\u00ad') continue;
    const code = ch.codePointAt(0)!;
    const advance = advanceOf(metric, code);
    // Letters the family lacks come from the word processor's fallback font: an East Asian
    // wide character is an em wide in every CJK font, anything else about half an em.
    if (metric.missing.has(code)) width += (WIDE.test(ch) ? 1 : 0.5) * run.size;
    else width += advance * run.size;
  }
  return width;
}

/**
 * The advance of each character of the run in the stand-in family, points, in the order of
 * `[...run.text]` (soft hyphens take none); undefined when the family's metrics are unknown.
 */
export function standInAdvances(run: { text: string; size: number; bold: boolean; italic: boolean }, family: string): number[] | undefined {
  const metric = metricFont(run, family);
  if (!metric) return undefined;
  return [...run.text].map((ch) => {
    if (ch === '\u00ad') return 0;
    const code = ch.codePointAt(0)!;
    const advance = advanceOf(metric, code);
    // As in standInWidth: a letter the family lacks is as wide as in the fallback font.
    return (metric.missing.has(code) ? (WIDE.test(ch) ? 1 : 0.5) : advance) * run.size;
  });
}

/** East Asian wide and full-width characters (CJK, kana, hangul, full-width forms and punctuation). */
export const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * Where LibreOffice adds room between East Asian text and other text: a fifth of the larger
 * size between an East Asian letter and a Latin letter or digit side by side (its "space
 * between Asian and non-Asian text", on by default and read from no DOCX setting; punctuation
 * and spaces on either side take none), and the letter before it loses its character spacing.
 * A line measured without it is as much too narrow, and its last word carried over makes the
 * page taller than drawn. Each gap: the index of the run holding the letter before it, points.
 */
export function scriptGaps(runs: readonly { text: string; size: number }[]): { run: number; gap: number }[] {
  const gaps: { run: number; gap: number }[] = [];
  let last: { c: string; size: number; run: number } | undefined;
  runs.forEach((run, index) => {
    for (const c of run.text) {
      if (c === '\u00ad') continue;
      if (last && LETTER_OR_DIGIT.test(c) && LETTER_OR_DIGIT.test(last.c) && WIDE.test(c) !== WIDE.test(last.c)) gaps.push({ run: last.run, gap: Math.max(run.size, last.size) / 5 });
      last = { c, size: run.size, run: index };
    }
  });
  return gaps;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Character spacing (twentieths of a point, as Word counts) that makes the run as wide in the
 * stand-in family as it was in the PDF, so lines break where they did. 0 when the family's
 * metrics are unknown or the difference is negligible; at most 2.5% of the size wider (text
 * extractors read gaps from a tenth of the size on as spaces, and the stand-in's side bearings
 * add to it) and an eighth narrower.
 */
export function fittingSpacing(run: { text: string; size: number; bold: boolean; italic: boolean; advance?: number }, family: string): number {
  const metric = metricFont(run, family);
  if (!metric || !run.advance) return 0;
  let width = 0;
  let count = 0;
  for (const ch of run.text) {
    // Soft hyphens take no room unless a line breaks at them.
    if (/\s/.test(ch) || ch === '\u00ad') continue;
    width += advanceOf(metric, ch.codePointAt(0)!) * run.size;
    count++;
  }
  if (count === 0) return 0;
  const perChar = (run.advance - width) / count;
  // Wider than a tenth of the size, text extractors see a space between the letters.
  const twips = Math.round(Math.max(-run.size / 8, Math.min(run.size * 0.025, perChar)) * 20);
  return Math.abs(twips) < 2 ? 0 : twips;
}

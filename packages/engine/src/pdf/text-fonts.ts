/**
 * Fonts for writing new text onto a page: a standard (base-14) font matching the family and
 * style of the text it replaces, as a simple WinAnsi font (nothing embedded) when the text
 * fits in WinAnsi; otherwise the replaced text's own font when it has every glyph, or the
 * standard font embedded as a CID font (Cyrillic, Greek), or for Chinese, Japanese and Korean
 * a non-embedded CID font in UTF-16 that viewers fill in. Text is written as a hex string in
 * the font's encoding. The editor's edit mode (`metricSubstitutes`) sets text its own font
 * cannot show in an embedded metric-compatible face from Debian's font packages instead
 * (Liberation for Arial, Times New Roman, Courier New; Carlito for Calibri; Caladea for
 * Cambria), so that a reflowed paragraph keeps the widths, and so the line breaks, of its font.
 */
import { existsSync } from 'node:fs';
import { CatalogueError } from '@pagewright/contracts';
import { mupdf, type PDFDocument, type PDFObject } from '../mupdf.js';

/** WinAnsiEncoding (CP1252) codes 0x80..0x9F; the rest of 0x20..0xFF is Latin-1. */
export const WIN_ANSI_HIGH: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

/** A character's WinAnsi code; undefined for one the encoding lacks. */
export function winAnsiCode(codePoint: number): number | undefined {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  return WIN_ANSI_HIGH[codePoint];
}

const hex2 = (n: number): string => n.toString(16).padStart(2, '0');
const hex4 = (n: number): string => n.toString(16).padStart(4, '0');
const utf16Hex = (ch: string): string => Array.from({ length: ch.length }, (_, i) => hex4(ch.charCodeAt(i))).join('');

/** A subset font's name tag (six capitals and a plus): the font is embedded in the document. */
const SUBSET_TAG = /^[A-Z]{6}\+/;

export interface FontStyle {
  mono: boolean;
  serif: boolean;
  bold: boolean;
  italic: boolean;
}

/**
 * A font's family kind and style: by its name, else by its font descriptor's flags when given
 * (`flags`, /Flags: 1 fixed pitch, 2 serif, 64 italic, 1 << 18 force bold), else by MuPDF's
 * reading of the font file.
 */
export function fontStyle(font: mupdf.Font, flags?: number): FontStyle {
  const lower = font.getName().toLowerCase();
  const has = (bit: number): boolean | undefined => (flags === undefined ? undefined : (flags & bit) !== 0);
  const mono = /courier|mono|consol|typewriter|cousine/.test(lower) || (has(1) ?? font.isMono());
  const serif = !mono && !/sans/.test(lower) && (/times|serif|roman|georgia|garamond|cambria|caladea|tinos|palatino|minion|book|cmr|lmroman/.test(lower) || (has(2) ?? font.isSerif()));
  const bold = font.isBold() || has(1 << 18) === true || /bold|black|heavy|semibold|demi/.test(lower);
  const italic = font.isItalic() || has(64) === true || /italic|oblique|slanted/.test(lower);
  return { mono, serif, bold, italic };
}

/** The /Flags of the font descriptor of the page's font resource named `name` (a CID font's descendant's), if any. */
export function descriptorFlags(page: mupdf.PDFPage, name: string): number | undefined {
  const fonts = page.getObject().getInheritable('Resources').get('Font');
  if (!fonts.isDictionary()) return undefined;
  let flags: number | undefined;
  fonts.forEach((font) => {
    if (flags !== undefined || font.get('BaseFont').asName() !== name) return;
    const descendant = font.get('DescendantFonts');
    const value = (descendant.isArray() ? descendant.get(0) : font).get('FontDescriptor').get('Flags');
    if (value.isNumber()) flags = value.asNumber();
  });
  return flags;
}

/** The standard font closest to `font`: Helvetica, Times or Courier, bold and italic kept. */
export function standardFontName(font: mupdf.Font): string {
  const { mono, serif, bold, italic } = fontStyle(font);
  if (mono) return `Courier${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
  if (serif) return bold && italic ? 'Times-BoldItalic' : bold ? 'Times-Bold' : italic ? 'Times-Italic' : 'Times-Roman';
  return `Helvetica${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
}

/** Where Debian puts the metric-compatible faces (fonts-liberation2, else fonts-liberation; fonts-crosextra-*; fonts-dejavu-*). */
const FONT_DIRS = [
  '/usr/share/fonts/truetype/liberation2', '/usr/share/fonts/truetype/liberation',
  '/usr/share/fonts/truetype/crosextra', '/usr/share/fonts/truetype/dejavu',
];

/** A face's four files, regular, bold, italic, bold italic. */
type Faces = readonly [string, string, string, string];
const liberation = (family: string): Faces => [`${family}-Regular`, `${family}-Bold`, `${family}-Italic`, `${family}-BoldItalic`];
const LIBERATION_SANS = liberation('LiberationSans');
const LIBERATION_SERIF = liberation('LiberationSerif');
const LIBERATION_MONO = liberation('LiberationMono');

/**
 * The metric-compatible stand-ins by the family they have the advance widths of, the name
 * lower-cased without spaces, hyphens or subset tag. DejaVu stands in for itself (a subset of
 * it lacking a letter, as LibreOffice writes): the same widths exactly.
 */
const METRIC_FAMILIES: readonly { test: RegExp; faces: Faces }[] = [
  { test: /calibri|carlito/, faces: liberation('Carlito') },
  { test: /cambria(?!math)|caladea/, faces: liberation('Caladea') },
  { test: /dejavusansmono/, faces: ['DejaVuSansMono', 'DejaVuSansMono-Bold', 'DejaVuSansMono-Oblique', 'DejaVuSansMono-BoldOblique'] },
  { test: /dejavuserif/, faces: ['DejaVuSerif', 'DejaVuSerif-Bold', 'DejaVuSerif-Italic', 'DejaVuSerif-BoldItalic'] },
  { test: /dejavusans|bitstreamvera/, faces: ['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Oblique', 'DejaVuSans-BoldOblique'] },
  { test: /couriernew|courier|cousine|liberationmono/, faces: LIBERATION_MONO },
  { test: /arial|helvetica|arimo|liberationsans/, faces: LIBERATION_SANS },
  { test: /timesnewroman|times|tinos|liberationserif/, faces: LIBERATION_SERIF },
];

/**
 * The file of the metric-compatible face for `font`: by its family name, else by its kind
 * (fixed pitch, serif, sans: its descriptor's `flags` when given) in Liberation; bold and italic
 * kept. Undefined when the set-up's font packages are not installed.
 */
export function metricFontFile(font: mupdf.Font, flags?: number): string | undefined {
  const key = font.getName().replace(SUBSET_TAG, '').toLowerCase().replace(/[^a-z]/g, '');
  const style = fontStyle(font, flags);
  const faces = METRIC_FAMILIES.find((f) => f.test.test(key))?.faces
    ?? (style.mono ? LIBERATION_MONO : style.serif ? LIBERATION_SERIF : LIBERATION_SANS);
  const face = faces[(style.bold ? 1 : 0) + (style.italic ? 2 : 0)]!;
  for (const dir of FONT_DIRS) {
    const file = `${dir}/${face}.ttf`;
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** The base-14 names: text set in one of these (not embedded) is written in it again, as before. */
const STANDARD_NAME = /^(?:Helvetica|Times|Courier)(?:-(?:Roman|Bold|Italic|Oblique|BoldItalic|BoldOblique))?$|^(?:Symbol|ZapfDingbats)$/;

export interface WritingFont {
  /** The font dictionary to put in the page resources. */
  ref: PDFObject;
  /** The text as the content of a hex string (without the angle brackets). */
  encode(text: string): string;
  /** Name of the font used, for logs and tests. */
  name: string;
  /** Advance width of the text, in ems. */
  width(text: string): number;
  /** The text-showing operation for `text` (`<…> Tj`, or a TJ array where the font has no space glyph). */
  show(text: string): string;
}

function widthIn(font: mupdf.Font): (text: string) => number {
  return (text) => [...text].reduce((sum, ch) => sum + font.advanceGlyph(font.encodeCharacter(ch.codePointAt(0)!)), 0);
}

/** Chooses and adds (once per document) the font to write `text` in place of text set in `original`. */
export class FontChooser {
  private readonly simple = new Map<string, PDFObject>();
  private readonly cid = new Map<string, PDFObject>();
  private readonly standard = new Map<string, mupdf.Font>();
  private readonly own = new Map<string, PDFObject | null>();
  private readonly files = new Map<string, { font: mupdf.Font; ref?: PDFObject } | null>();
  /**
   * With `preferOwn` (the editor's edit mode), text is written in the replaced text's own
   * embedded font whenever that font has every glyph it needs; otherwise as without it.
   * With `metricSubstitutes` (edit mode too), text its own font cannot show and that was not
   * set in a standard font is written in the embedded metric-compatible face (metricFontFile)
   * when that face has every glyph; otherwise as without it.
   */
  constructor(private readonly doc: PDFDocument, private readonly options: { preferOwn?: boolean; metricSubstitutes?: boolean } = {}) {}

  /** `page`, the page written on, lets `preferOwn` find the original font's kind. */
  choose(original: mupdf.Font, text: string, page?: mupdf.PDFPage): WritingFont {
    if (this.options.preferOwn && page) {
      const own = this.ownFont(original, text, page);
      if (own) return own;
    }
    if (this.options.metricSubstitutes) {
      const metric = this.metricFont(original, text, page);
      if (metric) return metric;
    }
    return this.substitute(original, text);
  }

  /** Whether a face of Debian's font packages was embedded (the caller may subset it). */
  get embeddedFiles(): boolean {
    return [...this.files.values()].some((entry) => entry?.ref !== undefined);
  }

  /**
   * The metric-compatible face of `original` embedded as a CID font (Identity-H, with its
   * ToUnicode map), when every character of `text` has a glyph in it. Not for text set in a
   * standard font: a viewer draws the rest of it in its own stand-in, and so the new text too.
   */
  private metricFont(original: mupdf.Font, text: string, page?: mupdf.PDFPage): WritingFont | undefined {
    if (STANDARD_NAME.test(original.getName())) return undefined;
    const file = metricFontFile(original, page && descriptorFlags(page, original.getName()));
    if (!file) return undefined;
    let entry = this.files.get(file);
    if (entry === undefined) {
      try {
        entry = { font: new mupdf.Font(file.replace(/^.*\/|\.ttf$/g, ''), file) };
      } catch {
        entry = null;
      }
      this.files.set(file, entry);
    }
    if (!entry) return undefined;
    const { font } = entry;
    if (![...text].every((ch) => /\s/.test(ch) || font.encodeCharacter(ch.codePointAt(0)!) > 0)) return undefined;
    // Embedded once per document, the first time a text needs it.
    entry.ref ??= this.doc.addFont(font);
    const ref = entry.ref;
    const encode = (s: string): string => [...s].map((ch) => hex4(font.encodeCharacter(ch.codePointAt(0)!))).join('');
    return { ref, name: font.getName(), encode, width: widthIn(font), show: (s) => `<${encode(s.replace(/\s/g, ' '))}> Tj` };
  }

  /**
   * The embedded (subset-tagged) font itself as a CID font, when every visible character of
   * `text` has a glyph with an advance (a Type 3 font's do not; a subset lacks most letters).
   * Spaces are written as TJ offsets when the font has no space glyph (TeX's fonts).
   */
  private ownFont(original: mupdf.Font, text: string, page: mupdf.PDFPage): WritingFont | undefined {
    const name = original.getName();
    if (!SUBSET_TAG.test(name) || !FontChooser.trueTypeOnPage(page, name)) return undefined;
    const visible = [...text].filter((ch) => /\S/.test(ch));
    if (!visible.every((ch) => {
      const gid = original.encodeCharacter(ch.codePointAt(0)!);
      return gid > 0 && original.advanceGlyph(gid) > 0;
    })) return undefined;
    let ref = this.own.get(name);
    if (ref === undefined) {
      try {
        ref = this.doc.addFont(original);
      } catch {
        ref = null;
      }
      this.own.set(name, ref);
    }
    if (!ref) return undefined;
    const spaceGid = original.encodeCharacter(0x20);
    // Without a space glyph, a space is as wide as the standard substitute's.
    const space = spaceGid > 0 ? original.advanceGlyph(spaceGid) : this.standardFont(standardFontName(original)).advanceGlyph(this.standardFont(standardFontName(original)).encodeCharacter(0x20));
    const glyphs = (s: string): string => [...s].map((ch) => hex4(original.encodeCharacter(ch.codePointAt(0)!))).join('');
    const advance = widthIn(original);
    return {
      ref,
      name,
      encode: glyphs,
      width: (s) => [...s].reduce((sum, ch) => sum + (/\s/.test(ch) ? space : advance(ch)), 0),
      show: (s) => spaceGid > 0
        ? `<${glyphs(s.replace(/\s/g, ' '))}> Tj`
        : `[${s.split(/\s/).map((word) => `<${glyphs(word)}>`).join(` ${-Math.round(space * 1000)} `)}] TJ`,
    };
  }

  /**
   * Whether the page's own font resources hold `name` as an embedded TrueType font (a
   * /FontFile2, simple or CID). Only these are re-embedded as CID fonts: a Type 1 font file
   * under a CID font is invalid (poppler refuses it and drops glyphs).
   */
  private static trueTypeOnPage(page: mupdf.PDFPage, name: string): boolean {
    const fonts = page.getObject().getInheritable('Resources').get('Font');
    if (!fonts.isDictionary()) return false;
    let found = false;
    fonts.forEach((font) => {
      if (found || font.get('BaseFont').asName() !== name) return;
      const descendant = font.get('DescendantFonts');
      const described = descendant.isArray() ? descendant.get(0) : font;
      found = described.get('FontDescriptor').get('FontFile2').isStream();
    });
    return found;
  }

  private substitute(original: mupdf.Font, text: string): WritingFont {
    const codePoints = [...text].map((ch) => ch.codePointAt(0)!);
    const standardName = standardFontName(original);
    if (codePoints.every((cp) => winAnsiCode(cp) !== undefined)) {
      let ref = this.simple.get(standardName);
      if (!ref) {
        ref = this.doc.addSimpleFont(this.standardFont(standardName), 'Latin');
        this.simple.set(standardName, ref);
      }
      return {
        ref,
        name: standardName,
        encode: (s) => [...s].map((ch) => hex2(winAnsiCode(ch.codePointAt(0)!)!)).join(''),
        width: widthIn(this.standardFont(standardName)),
        show(s) {
          return `<${this.encode(s)}> Tj`;
        },
      };
    }
    for (const [key, font] of [[`embedded:${original.getName()}`, original], [`standard:${standardName}`, this.standardFont(standardName)]] as const) {
      if (!codePoints.every((cp) => font.encodeCharacter(cp) > 0)) continue;
      let ref = this.cid.get(key);
      if (!ref) {
        try {
          ref = this.doc.addFont(font);
        } catch {
          continue;
        }
        this.cid.set(key, ref);
      }
      return {
        ref,
        name: font.getName(),
        encode: (s) => [...s].map((ch) => hex4(font.encodeCharacter(ch.codePointAt(0)!))).join(''),
        width: widthIn(font),
        show(s) {
          return `<${this.encode(s)}> Tj`;
        },
      };
    }
    // Chinese, Japanese, Korean: a non-embedded CID font in Unicode (UTF-16) encoding; the viewer supplies the font.
    const lang = /[\u3040-\u30ff]/.test(text) ? 'ja' : /[\uac00-\ud7af\u1100-\u11ff]/.test(text) ? 'ko' : 'zh-Hans';
    const cjk = this.standardFont(lang);
    if (codePoints.every((cp) => cjk.encodeCharacter(cp) > 0)) {
      let ref = this.cid.get(`cjk:${lang}`);
      if (!ref) {
        ref = this.doc.addCJKFont(cjk, lang, 0, !standardName.startsWith('Helvetica'));
        this.cid.set(`cjk:${lang}`, ref);
      }
      const encode = (s: string): string => [...s].map((ch) => utf16Hex(ch)).join('');
      return { ref, name: `CJK ${lang}`, encode, width: widthIn(cjk), show: (s) => `<${encode(s)}> Tj` };
    }
    throw new CatalogueError('INVALID_PARAMS', `no available font has glyphs for '${text}'`);
  }

  private standardFont(name: string): mupdf.Font {
    let font = this.standard.get(name);
    if (!font) {
      font = new mupdf.Font(name);
      this.standard.set(name, font);
    }
    return font;
  }

  destroy(): void {
    for (const font of this.standard.values()) font.destroy();
    this.standard.clear();
    for (const entry of this.files.values()) entry?.font.destroy();
    this.files.clear();
  }
}

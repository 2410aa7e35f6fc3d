/**
 * Fonts that cover the target script of a translation. Latin, Greek, Cyrillic and Chinese,
 * Japanese, Korean go through the chooser replace-text uses (standard fonts, embedded when the
 * text needs more than WinAnsi; CJK as a CID font); the scripts the standard fonts lack
 * (Arabic, Hebrew, Devanagari, Bengali, Tamil, Telugu, Gujarati, Thai) are set in the Noto
 * font of the script that the set-up installs, embedded; a character the chosen font lacks
 * falls back to DejaVu Sans. Devanagari, Bengali, Gujarati, Tamil, Telugu and Thai are shaped
 * (shape.ts) and written by glyph id.
 */
import { readFileSync } from 'node:fs';
import { CatalogueError } from '@pagewright/contracts';
import { mupdf, type PDFDocument } from '../mupdf.js';
import { FontChooser, type WritingFont } from '../pdf/text-fonts.js';
import { ShapedFont, Shaper, type loadHarfBuzz } from './shape.js';

export interface BoxStyle {
  bold: boolean;
  italic: boolean;
  serif: boolean;
  mono: boolean;
}

/** Where Debian puts the fonts scripts/setup.sh installs (fonts-noto-core, fonts-dejavu-core). */
const FONT_DIRS = ['/usr/share/fonts/truetype/noto', '/usr/share/fonts/truetype/dejavu'];

/** Scripts by a letter range, with the Noto file that covers them and whether HarfBuzz shapes them (Arabic has arabic.ts). */
const NOTO_SCRIPTS: readonly { test: RegExp; file: string; shaped: boolean }[] = [
  { test: /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/u, file: 'NotoSansArabic-Regular.ttf', shaped: false },
  { test: /[\u0590-\u05ff\ufb1d-\ufb4f]/u, file: 'NotoSansHebrew-Regular.ttf', shaped: false },
  { test: /[\u0900-\u097f]/u, file: 'NotoSansDevanagari-Regular.ttf', shaped: true },
  { test: /[\u0980-\u09ff]/u, file: 'NotoSansBengali-Regular.ttf', shaped: true },
  { test: /[\u0a80-\u0aff]/u, file: 'NotoSansGujarati-Regular.ttf', shaped: true },
  { test: /[\u0b80-\u0bff]/u, file: 'NotoSansTamil-Regular.ttf', shaped: true },
  { test: /[\u0c00-\u0c7f]/u, file: 'NotoSansTelugu-Regular.ttf', shaped: true },
  { test: /[\u0e00-\u0e7f]/u, file: 'NotoSansThai-Regular.ttf', shaped: true },
];
/** Shapers by font file and language; HarfBuzz's copies of the fonts live as long as the worker. */
const SHAPERS = new Map<string, Shaper>();
const FALLBACK_FILE = 'DejaVuSans.ttf';
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

function standardName(style: BoxStyle): string {
  const { bold, italic } = style;
  if (style.mono) return `Courier${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
  if (style.serif) return bold && italic ? 'Times-BoldItalic' : bold ? 'Times-Bold' : italic ? 'Times-Italic' : 'Times-Roman';
  return `Helvetica${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
}

/** A font to write a span in: the shaped ones show their text by glyph ids at a size (ShapedFont.show). */
export interface SettingFont extends WritingFont {
  showAt?: (text: string, size: number) => string;
}

/** A piece of a line set in one font. */
export interface FontSpan {
  font: SettingFont;
  text: string;
}

type HarfBuzzModule = Awaited<ReturnType<typeof loadHarfBuzz>>;

export interface TranslationFontOptions {
  /** HarfBuzz, loaded when the translation has text in a shaped script; without it those scripts are set unshaped. */
  harfBuzz?: HarfBuzzModule;
  /** The target language (BCP 47), for the shaper's language-specific forms. */
  lang?: string;
}

export class TranslationFonts {
  private readonly chooser: FontChooser;
  private readonly styleFonts = new Map<string, mupdf.Font>();
  private readonly files = new Map<string, { font: mupdf.Font; writing: SettingFont } | null>();
  private readonly shaped: ShapedFont[] = [];

  constructor(private readonly doc: PDFDocument, private readonly options: TranslationFontOptions = {}) {
    this.chooser = new FontChooser(doc);
  }

  /** The text cut into spans, each in a font that has its glyphs. Throws INVALID_PARAMS when none has. */
  spans(text: string, style: BoxStyle): FontSpan[] {
    const script = NOTO_SCRIPTS.find((s) => s.test.test(text));
    if (!script) {
      try {
        const chosen = this.chooser.choose(this.styleFont(style), text);
        // The chooser's last resort is a CJK font, whose Latin is set full width: right for
        // Chinese, Japanese and Korean only; other text goes to DejaVu Sans.
        if (!chosen.name.startsWith('CJK ') || CJK.test(text)) return [{ font: chosen, text }];
      } catch (err) {
        if (!(err instanceof CatalogueError)) throw err;
      }
    }
    const chain = [script ? this.fileFont(script.file) : null, this.fileFont(FALLBACK_FILE)].filter((f) => f !== null);
    if (chain.length === 0) throw new CatalogueError('INVALID_PARAMS', `no installed font covers '${text.slice(0, 40)}'`);
    const out: FontSpan[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      // Spaces and marks go with the span they stand in, so a line is not cut into needless pieces.
      const owner = chain.find((f) => f.font.encodeCharacter(cp) > 0) ?? chain[0]!;
      const last = out[out.length - 1];
      if (last && (last.font === owner.writing || /\s/u.test(ch))) last.text += ch;
      else out.push({ font: owner.writing, text: ch });
    }
    return out;
  }

  /** Width of `text` at 1 pt in the fonts `spans` picks. */
  width(text: string, style: BoxStyle): number {
    return this.spans(text, style).reduce((sum, span) => sum + span.font.width(span.text), 0);
  }

  private styleFont(style: BoxStyle): mupdf.Font {
    const name = standardName(style);
    let font = this.styleFonts.get(name);
    if (!font) {
      font = new mupdf.Font(name);
      this.styleFonts.set(name, font);
    }
    return font;
  }

  private fileFont(file: string): { font: mupdf.Font; writing: SettingFont } | null {
    if (this.files.has(file)) return this.files.get(file)!;
    let entry: { font: mupdf.Font; writing: SettingFont } | null = null;
    for (const dir of FONT_DIRS) {
      let data: Buffer;
      try {
        data = readFileSync(`${dir}/${file}`);
      } catch {
        continue;
      }
      const font = new mupdf.Font(file.replace(/\.ttf$/u, ''), data);
      const ref = this.doc.addFont(font);
      const hex4 = (n: number) => n.toString(16).padStart(4, '0');
      entry = {
        font,
        writing: {
          ref, name: font.getName(),
          encode: (s) => [...s].map((ch) => hex4(font.encodeCharacter(ch.codePointAt(0)!))).join(''),
          width: (s) => [...s].reduce((sum, ch) => sum + font.advanceGlyph(font.encodeCharacter(ch.codePointAt(0)!)), 0),
          show(s) {
            return `<${this.encode(s)}> Tj`;
          },
        },
      };
      const shaper = this.shaperFor(file, data);
      if (shaper) {
        const shaped = new ShapedFont(shaper, font, ref);
        this.shaped.push(shaped);
        entry.writing.width = (s) => shaped.width(s);
        entry.writing.showAt = (s, size) => shaped.show(s, size);
      }
      break;
    }
    this.files.set(file, entry);
    return entry;
  }

  /** The shaper of a Noto file of a shaped script, once per process and language (a font's tables do not change). */
  private shaperFor(file: string, data: Uint8Array): Shaper | null {
    const hb = this.options.harfBuzz;
    const script = NOTO_SCRIPTS.find((s) => s.file === file);
    if (!hb || !script?.shaped) return null;
    const key = `${file}|${this.options.lang ?? ''}`;
    let shaper = SHAPERS.get(key);
    if (!shaper) {
      shaper = new Shaper(hb, data, this.options.lang);
      SHAPERS.set(key, shaper);
    }
    return shaper;
  }

  /** Writes what the shaped fonts' ToUnicode maps need; before the document is saved. */
  finish(): void {
    for (const font of this.shaped) font.finish(this.doc);
  }

  destroy(): void {
    this.chooser.destroy();
    for (const font of this.styleFonts.values()) font.destroy();
    for (const entry of this.files.values()) entry?.font.destroy();
  }
}

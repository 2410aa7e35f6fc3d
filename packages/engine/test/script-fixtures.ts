/**
 * Documents in other scripts, made at test time, and what the fonts tests read back from the
 * PDFs they convert to: a DOCX whose runs carry the font and language Word writes for them, each
 * glyph MuPDF draws (font, glyph id, character), and a detector for "tofu", the hollow box (or
 * nothing) a font draws for a character it lacks.
 */
import { mupdf } from '../src/mupdf.js';
import { docxPackage, xmlText } from './office-fixtures.js';

/**
 * One paragraph of a Word document, with the run properties Word writes for its script:
 * `latin` text in w:ascii/w:hAnsi fonts, `eastAsia` (CJK) text in w:eastAsia with the
 * eastAsia hint, `complex` (Arabic, Hebrew, Indic) text in w:cs with w:cs set; `rtl` makes the
 * paragraph and run right to left (Arabic, Hebrew).
 */
export interface ScriptParagraph {
  text: string;
  script: 'latin' | 'eastAsia' | 'complex';
  /** The font the run asks for (typically one this machine does not have: MS Mincho, Mangal, Calibri). */
  font?: string;
  /** BCP 47 language of the run (ja-JP, ar-SA, hi-IN, en-GB). */
  lang?: string;
  rtl?: boolean;
  /** Point size; Word's default is 11. */
  size?: number;
}

function runProperties(p: ScriptParagraph): string {
  const font = p.font ? xmlText(p.font) : undefined;
  const props: string[] = [];
  if (p.script === 'latin' && font) props.push(`<w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:cs="${font}"/>`);
  if (p.script === 'eastAsia') props.push(`<w:rFonts w:hint="eastAsia"${font ? ` w:eastAsia="${font}"` : ''}/>`);
  if (p.script === 'complex' && font) props.push(`<w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:cs="${font}"/>`);
  if (p.rtl) props.push('<w:rtl/>');
  if (p.script === 'complex') props.push('<w:cs/>');
  const half = Math.round((p.size ?? 11) * 2);
  props.push(`<w:sz w:val="${half}"/><w:szCs w:val="${half}"/>`);
  if (p.lang) {
    const attribute = p.script === 'eastAsia' ? 'w:eastAsia' : p.script === 'complex' ? 'w:bidi' : 'w:val';
    props.push(`<w:lang ${attribute}="${xmlText(p.lang)}"/>`);
  }
  return `<w:rPr>${props.join('')}</w:rPr>`;
}

/** A DOCX of these paragraphs, packaged as office-fixtures.ts packages its documents. */
export function scriptDocx(paragraphs: ScriptParagraph[]): Uint8Array {
  const body = paragraphs.map((p) => `<w:p>${p.rtl ? '<w:pPr><w:bidi/><w:jc w:val="left"/></w:pPr>' : ''}<w:r>${runProperties(p)}<w:t xml:space="preserve">${xmlText(p.text)}</w:t></w:r></w:p>`);
  return docxPackage(body);
}

/** One glyph a page draws: its font (subset tag removed), glyph id, character and box in points. */
export interface DrawnGlyph {
  font: string;
  gid: number;
  /** The character the glyph stands for (-1 when the PDF does not say). */
  unicode: number;
  /** [x0, y0, x1, y1] in page space, y down: the glyph's advance by the font's em height. */
  box: [number, number, number, number];
}

/** The glyphs every text-drawing call of page `index` draws, in drawing order. */
export function drawnGlyphs(pdf: Uint8Array, index = 0): DrawnGlyph[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const glyphs: DrawnGlyph[] = [];
  try {
    const page = doc.loadPage(index);
    const collect = (text: InstanceType<typeof mupdf.Text>, ctm: mupdf.Matrix): void => {
      text.walk({
        showGlyph(font, trm, gid, unicode) {
          // The glyph's advance across (none for gid -1, a further character of the glyph
          // before), the em from descender (-0.2) to ascender (0.8) up.
          const advance = gid >= 0 ? Math.max(font.advanceGlyph(gid), 0) : 0;
          const box = mupdf.Rect.transform([0, -0.2, advance, 0.8], mupdf.Matrix.concat(trm, ctm));
          glyphs.push({ font: font.getName().replace(/^[A-Z]{6}\+/, ''), gid, unicode, box });
        },
      });
    };
    const device = new mupdf.Device({
      fillText: (text, ctm) => collect(text, ctm),
      strokeText: (text, _stroke, ctm) => collect(text, ctm),
    });
    try {
      page.run(device, mupdf.Matrix.identity);
      device.close();
    } finally {
      device.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
  return glyphs;
}

/** MuPDF's text of page `index` (structured text, lines joined by newlines). */
export function mupdfText(pdf: Uint8Array, index = 0): string {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(index);
    try {
      const stext = page.toStructuredText('preserve-whitespace');
      try {
        return stext.asText();
      } finally {
        stext.destroy();
      }
    } finally {
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}

/** What a glyph looks like on the rendered page: some shape, nothing at all, or a hollow box (tofu). */
export type GlyphLook = 'shape' | 'blank' | 'box';

/** Dark enough to count as ink (0 black, 255 white). */
const INK = 160;

/**
 * How each of `glyphs` (from drawnGlyphs, same page) looks when MuPDF renders page `index` at
 * `dpi`: 'blank' when its box holds no ink, 'box' when the ink is a hollow rectangle (all four
 * edges inked along at least 85% of their length, the inside below 3% ink), else 'shape'.
 * Glyphs without an advance (marks drawn over the previous letter) are 'shape'.
 */
export function glyphLooks(pdf: Uint8Array, glyphs: DrawnGlyph[], index = 0, dpi = 300): GlyphLook[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(index);
    const scale = dpi / 72;
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false);
    try {
      const [width, height, stride, left, top] = [pixmap.getWidth(), pixmap.getHeight(), pixmap.getStride(), pixmap.getX(), pixmap.getY()];
      const pixels = pixmap.getPixels();
      const inked = (x: number, y: number): boolean => pixels[(y - top) * stride + (x - left)]! < INK;
      return glyphs.map((glyph) => {
        const x0 = Math.max(left, Math.ceil(glyph.box[0] * scale));
        const y0 = Math.max(top, Math.ceil(glyph.box[1] * scale));
        const x1 = Math.min(left + width - 1, Math.floor(glyph.box[2] * scale));
        const y1 = Math.min(top + height - 1, Math.floor(glyph.box[3] * scale));
        if (x1 <= x0 || y1 <= y0) return 'shape';
        // The ink's bounding box inside the glyph's box.
        let [ix0, iy0, ix1, iy1] = [Infinity, Infinity, -Infinity, -Infinity];
        for (let y = y0; y <= y1; y++) {
          for (let x = x0; x <= x1; x++) {
            if (!inked(x, y)) continue;
            ix0 = Math.min(ix0, x);
            iy0 = Math.min(iy0, y);
            ix1 = Math.max(ix1, x);
            iy1 = Math.max(iy1, y);
          }
        }
        if (ix1 < ix0) return 'blank';
        const w = ix1 - ix0 + 1;
        const h = iy1 - iy0 + 1;
        if (w < 6 || h < 6) return 'shape';
        // Edge bands a little thicker than a stroke; the inside starts beyond them.
        const band = Math.max(1, Math.round(Math.min(w, h) * 0.12));
        const inset = Math.max(band + 1, Math.round(Math.min(w, h) * 0.25));
        const covered = (xs: [number, number], ys: [number, number], along: 'x' | 'y'): number => {
          let hit = 0;
          const [a0, a1] = along === 'x' ? xs : ys;
          for (let a = a0; a <= a1; a++) {
            let any = false;
            for (let b = along === 'x' ? ys[0] : xs[0]; b <= (along === 'x' ? ys[1] : xs[1]) && !any; b++) any = along === 'x' ? inked(a, b) : inked(b, a);
            if (any) hit++;
          }
          return hit / (a1 - a0 + 1);
        };
        const edges = [
          covered([ix0, ix1], [iy0, iy0 + band - 1], 'x'),
          covered([ix0, ix1], [iy1 - band + 1, iy1], 'x'),
          covered([ix0, ix0 + band - 1], [iy0, iy1], 'y'),
          covered([ix1 - band + 1, ix1], [iy0, iy1], 'y'),
        ];
        let inside = 0;
        let area = 0;
        for (let y = iy0 + inset; y <= iy1 - inset; y++) {
          for (let x = ix0 + inset; x <= ix1 - inset; x++) {
            area++;
            if (inked(x, y)) inside++;
          }
        }
        return edges.every((edge) => edge >= 0.85) && area > 0 && inside / area < 0.03 ? 'box' : 'shape';
      });
    } finally {
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}

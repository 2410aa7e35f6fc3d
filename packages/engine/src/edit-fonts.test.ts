/**
 * Edit mode's metric-compatible stand-ins: text the document's own font cannot show is set in
 * the embedded Debian face with the widths of that font (Carlito for Calibri, Liberation Serif
 * for Times New Roman, by the descriptor's serif flag for an unknown name), so the new word is
 * as wide as in the original font. The fixtures are subsets made by MuPDF (only the glyphs of
 * their text, as Word writes them) renamed to the font they stand for.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { annotatePdf } from './index.js';
import { mupdf } from './mupdf.js';
import { savePdf } from './pdf/save.js';
import { pageChars, wordBox, type PageChar } from '../test/page-tools-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-edit-fonts-');

const FACES = '/usr/share/fonts/truetype';
const CARLITO = `${FACES}/crosextra/Carlito-Regular.ttf`;
const LIBERATION_SERIF = `${FACES}/liberation2/LiberationSerif-Regular.ttf`;
const LINES = ['The committee met on Monday to review', 'the plans for the new library.'];
const SIZE = 12;

/**
 * A page of LINES set in `file` as a simple TrueType font, subset to the glyphs of LINES and
 * named `baseFont` (its /BaseFont and /FontName), with descriptor flags `flags` when given.
 */
function subsetFontPdf(name: string, file: string, baseFont: string, flags?: number): string {
  const doc = new mupdf.PDFDocument();
  const font = new mupdf.Font('Face', file);
  const resources = doc.newDictionary();
  const fonts = doc.newDictionary();
  fonts.put('F1', doc.addSimpleFont(font, 'Latin'));
  resources.put('Font', fonts);
  const content = LINES.map((line, i) => `BT /F1 ${SIZE} Tf 72 ${700 - 15 * i} Td <${Buffer.from(line, 'latin1').toString('hex')}> Tj ET`).join('\n');
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  doc.subsetFonts();
  const dict = doc.loadPage(0).getObject().get('Resources').get('Font').get('F1');
  dict.put('BaseFont', doc.newName(baseFont));
  dict.get('FontDescriptor').put('FontName', doc.newName(baseFont));
  if (flags !== undefined) dict.get('FontDescriptor').put('Flags', flags);
  const path = tmp.out(name);
  writeFileSync(path, savePdf(doc, 'compress,garbage=compact'));
  font.destroy();
  doc.destroy();
  return path;
}

/** The advance of `text` in the font file, in points at SIZE. */
function advances(file: string, text: string): number {
  const font = new mupdf.Font('Face', file);
  const width = [...text].reduce((sum, ch) => sum + font.advanceGlyph(font.encodeCharacter(ch.codePointAt(0)!)), 0) * SIZE;
  font.destroy();
  return width;
}

/** How far a text's width may be from the sum of its advances: the font's /W widths are whole thousandths of an em. */
const widthTolerance = (text: string): number => [...text].length * 0.0005 * SIZE;

/** The distance from the first letter of `word` to the character after it, read back by MuPDF. */
function setWidth(list: PageChar[], word: string): { width: number; font: string } {
  const text = list.map((g) => g.c).join('');
  const at = text.indexOf(word);
  expect(at, `"${word}" in "${text}"`).toBeGreaterThanOrEqual(0);
  return { width: list[at + word.length]!.x - list[at]!.x, font: list[at]!.font };
}

/** pdffonts' rows: name, type, embedded. */
function pdffonts(path: string): { name: string; emb: string }[] {
  return execFileSync('pdffonts', [path], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim() !== '')
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      return { name: cells[0]!, emb: cells.at(-5)! };
    });
}

const pdftotext = (path: string): string => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();

describe.runIf(toolsAvailable('edit mode stand-in fonts: pdffonts and pdftotext read the result', 'pdffonts', 'pdftotext'))('edit mode sets text its own font lacks in a metric-compatible face', () => {
  it('a Calibri subset lacking "W" and "s": the new word is set in embedded Carlito, as wide as Carlito\'s advances', async () => {
    const path = subsetFontPdf('calibri.pdf', CARLITO, 'ABCDEF+Calibri');
    const output = tmp.out('calibri-edited.pdf');
    await annotatePdf({ path }, output, { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'Monday'), find: 'Monday', replace: 'Wednesday' }] });
    expect(pdftotext(output)).toBe(LINES.join(' ').replace('Monday', 'Wednesday'));
    const carlito = pdffonts(output).find((f) => /^([A-Z]{6}\+)?Carlito/.test(f.name));
    expect(carlito, JSON.stringify(pdffonts(output))).toBeDefined();
    expect(carlito!.emb).toBe('yes');
    const { width, font } = setWidth(pageChars(output), 'Wednesday ');
    expect(font).toMatch(/Carlito/);
    expect(Math.abs(width - advances(CARLITO, 'Wednesday '))).toBeLessThanOrEqual(widthTolerance('Wednesday '));
    // Helvetica, the standard stand-in, would set it 11% wider: the measure tells them apart.
    expect(Math.abs(width - advances(`${FACES}/liberation2/LiberationSans-Regular.ttf`, 'Wednesday '))).toBeGreaterThan(2);
  });

  it('a Times New Roman subset: the new word is set in embedded Liberation Serif, as wide as its advances', async () => {
    const path = subsetFontPdf('times.pdf', LIBERATION_SERIF, 'GHIJKL+TimesNewRomanPSMT');
    const output = tmp.out('times-edited.pdf');
    await annotatePdf({ path }, output, { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'Monday'), find: 'Monday', replace: 'Wednesday' }] });
    expect(pdftotext(output)).toBe(LINES.join(' ').replace('Monday', 'Wednesday'));
    expect(pdffonts(output).find((f) => /LiberationSerif/.test(f.name))?.emb).toBe('yes');
    const { width, font } = setWidth(pageChars(output), 'Wednesday ');
    expect(font).toMatch(/LiberationSerif/);
    expect(Math.abs(width - advances(LIBERATION_SERIF, 'Wednesday '))).toBeLessThanOrEqual(widthTolerance('Wednesday '));
  });

  // The original's face (a subset renamed), and the face the new word must be set in: by family name, bold and italic kept; else by the descriptor's flags.
  const FAMILIES: { baseFont: string; file: string; flags?: number; expected: RegExp }[] = [
    { baseFont: 'AAAAAA+Calibri-Bold', file: 'crosextra/Carlito-Bold.ttf', expected: /^[A-Z]{6}\+Carlito-Bold$/ },
    { baseFont: 'AAAAAB+Cambria-Italic', file: 'crosextra/Caladea-Italic.ttf', expected: /^[A-Z]{6}\+Caladea-Italic$/ },
    { baseFont: 'AAAAAC+Arial-BoldMT', file: 'liberation2/LiberationSans-Bold.ttf', expected: /^[A-Z]{6}\+LiberationSans-Bold$/ },
    { baseFont: 'AAAAAD+CourierNewPSMT', file: 'liberation2/LiberationMono-Regular.ttf', expected: /^[A-Z]{6}\+LiberationMono-Regular$/ },
    { baseFont: 'AAAAAE+Arimo-Italic', file: 'liberation2/LiberationSans-Italic.ttf', expected: /^[A-Z]{6}\+LiberationSans-Italic$/ },
    // Flags 33: fixed pitch (1) and non-symbolic (32), on a proportional face: the flag decides; 32 alone: a sans.
    { baseFont: 'AAAAAF+Letterpress', file: 'liberation2/LiberationSans-Regular.ttf', flags: 33, expected: /^[A-Z]{6}\+LiberationMono-Regular$/ },
    { baseFont: 'AAAAAG+Frutiger', file: 'liberation2/LiberationSans-Regular.ttf', flags: 32, expected: /^[A-Z]{6}\+LiberationSans-Regular$/ },
  ];
  for (const { baseFont, file, flags, expected } of FAMILIES) {
    it(`text set in ${baseFont.slice(7)}${flags === undefined ? '' : ` (flags ${flags})`} lacking a letter is set in ${expected.source.replace(/^.*\\\+|\$$/g, '')}`, async () => {
      const path = subsetFontPdf(`${baseFont}.pdf`, `${FACES}/${file}`, baseFont, flags);
      const output = tmp.out(`${baseFont}-edited.pdf`);
      await annotatePdf({ path }, output, { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'Monday'), find: 'Monday', replace: 'Wednesday' }] });
      expect(pdftotext(output)).toBe(LINES.join(' ').replace('Monday', 'Wednesday'));
      // The font of the new word's first letter (a wider face may end the line after it).
      const list = pageChars(output);
      expect(list[list.map((g) => g.c).join('').indexOf('Wednesday')]?.font).toMatch(expected);
    });
  }

  it('a script the stand-in lacks (Chinese in a Calibri paragraph) falls back to the CJK font, and pdftotext shows it', async () => {
    const path = subsetFontPdf('calibri-cjk.pdf', CARLITO, 'ABCDEF+Calibri');
    const output = tmp.out('calibri-cjk-edited.pdf');
    await annotatePdf({ path }, output, { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'Monday'), find: 'Monday', replace: '星期三' }] });
    expect(pdftotext(output).replace(/\s/g, '')).toBe(LINES.join(' ').replace('Monday', '星期三').replace(/\s/g, ''));
    expect(pdffonts(output).some((f) => /Carlito/.test(f.name))).toBe(false);
  });

  it('an unknown family with the serif flag in its descriptor is set in Liberation Serif', async () => {
    // Flags 34: serif (2) and non-symbolic (32); the face itself is a sans: the flag decides.
    const path = subsetFontPdf('serif-flag.pdf', `${FACES}/liberation2/LiberationSans-Regular.ttf`, 'MNOPQR+Chronicle', 34);
    const output = tmp.out('serif-flag-edited.pdf');
    await annotatePdf({ path }, output, { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'Monday'), find: 'Monday', replace: 'Wednesday' }] });
    expect(pdftotext(output)).toBe(LINES.join(' ').replace('Monday', 'Wednesday'));
    expect(setWidth(pageChars(output), 'Wednesday ').font).toMatch(/LiberationSerif/);
  });
});

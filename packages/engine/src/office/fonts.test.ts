/**
 * Fonts for every script. Word documents in Japanese, Chinese, Korean, Arabic and Hindi, set in
 * the fonts Word writes for them (none of which a Linux server has), convert through the
 * LibreOffice pool to PDFs whose text reads back and whose glyphs are letters, not "tofu" (the
 * hollow box, or nothing, a font draws for a character it lacks). The text alone would not
 * tell: LibreOffice writes the right text over boxes. Three independent checks do:
 * - font: the glyphs beyond ASCII come from fonts fontconfig lists for the language;
 * - glyphs: every character of the sentence is drawn by a glyph of its own (tofu is one glyph,
 *   which the PDF maps to a single character);
 * - pixels: rendered by MuPDF (what PDF to image and the thumbnails use), no glyph's box is
 *   blank or a hollow rectangle.
 * Calibri and Cambria come out in their metric twins, Carlito and Caladea. A control converts
 * the same documents with fontconfig narrowed to Liberation (the fonts missing, as before the
 * set-up installed them) and expects all three checks to find the tofu.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfficePool } from './pool.js';
import { documentToPdf } from './convert.js';
import { useTempDir } from '../../test/harness.js';
import { drawnGlyphs, glyphLooks, mupdfText, scriptDocx, type DrawnGlyph, type ScriptParagraph } from '../../test/script-fixtures.js';
import { prerequisite, toolsAvailable } from '../../test/tools.js';

const SUITE = 'office conversion: fonts for every script';

interface ScriptCase {
  name: string;
  /** fontconfig's code for the language, to list the fonts that cover it. */
  fcLang: string;
  paragraph: ScriptParagraph & { lang: string };
  /**
   * The family the sentence's glyphs come from. Not the region of a CJK font: the faces of the
   * OpenType collection share one CFF table, whose name (NotoSansCJKjp-...) LibreOffice writes
   * for each of them, though it uses the SC and KR faces (a rendering of 直 shows which).
   */
  font?: RegExp;
}

const SCRIPTS: ScriptCase[] = [
  { name: 'Japanese', fcLang: 'ja', paragraph: { text: '日本語の文書です。', script: 'eastAsia', font: 'ＭＳ 明朝', lang: 'ja-JP' }, font: /^NotoS(ans|erif)CJK/ },
  { name: 'Chinese', fcLang: 'zh-cn', paragraph: { text: '这是一份中文文件。', script: 'eastAsia', font: '宋体', lang: 'zh-CN' }, font: /^NotoS(ans|erif)CJK/ },
  { name: 'Korean', fcLang: 'ko', paragraph: { text: '한국어 문서입니다.', script: 'eastAsia', font: '맑은 고딕', lang: 'ko-KR' }, font: /^NotoS(ans|erif)CJK/ },
  // Word's complex-script default. LibreOffice maps it to Liberation Serif, which has no Arabic;
  // fontconfig's fallback for Arabic then decides (DejaVu Sans ahead of the Noto Arabic families).
  { name: 'Arabic', fcLang: 'ar', paragraph: { text: 'هذا مستند عربي', script: 'complex', font: 'Times New Roman', lang: 'ar-SA', rtl: true } },
  { name: 'Hindi', fcLang: 'hi', paragraph: { text: 'यह हिंदी दस्तावेज़ है', script: 'complex', font: 'Mangal', lang: 'hi-IN' }, font: /^NotoS(ans|erif)Devanagari/ },
];

/** The fonts the set-up installs for these documents, by fontconfig family, and their packages. */
const FONT_PACKAGES: Array<[family: string, pkg: string]> = [
  ['Noto Sans CJK JP', 'fonts-noto-cjk'],
  ['Noto Naskh Arabic', 'fonts-noto-core'],
  ['Noto Sans Devanagari', 'fonts-noto-core'],
  ['Carlito', 'fonts-crosextra-carlito'],
  ['Caladea', 'fonts-crosextra-caladea'],
];

/** fc-list's output lines, or undefined when it does not run. */
function fcList(...args: string[]): string[] | undefined {
  const result = spawnSync('fc-list', args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.split('\n').filter(Boolean) : undefined;
}

function fontsPresent(): boolean {
  if (fcList('--version') === undefined) return prerequisite(SUITE, 'fc-list (Debian package fontconfig, installed with LibreOffice by scripts/setup.sh)', false);
  const missing = FONT_PACKAGES.filter(([family]) => !fcList(family, 'family')?.length);
  return prerequisite(SUITE, missing.map(([family, pkg]) => `font ${family} (Debian package ${pkg}, installed by scripts/setup.sh)`).join('; '), missing.length === 0);
}

const ready = toolsAvailable(SUITE, 'soffice') && fontsPresent();

/** PostScript names of the fonts fontconfig has for a language. */
function fontsForLanguage(fcLang: string): string[] {
  return [...new Set(fcList(`:lang=${fcLang}`, '-f', '%{postscriptname}\n') ?? [])];
}

/** MuPDF keeps 24-odd characters of a font's name: a drawn name matches a full one it begins. */
function sameFont(drawn: string, full: string): boolean {
  return full.startsWith(drawn) || drawn.startsWith(full);
}

function normalised(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

const isSpace = (unicode: number): boolean => unicode >= 0 && /\s/u.test(String.fromCodePoint(unicode));
const character = (g: DrawnGlyph): string => (g.unicode > 0 ? String.fromCodePoint(g.unicode) : '');

interface Reading {
  /** MuPDF's text of the page, whitespace collapsed. */
  text: string;
  /** The glyphs with ink of their own: not spaces, not the further characters of a cluster (gid -1). */
  glyphs: DrawnGlyph[];
  /** Those standing for characters beyond ASCII: the script's (ASCII punctuation is in the Latin font). */
  scriptGlyphs: DrawnGlyph[];
  /** Every character the drawn glyphs stand for. */
  drawnCharacters: Set<string>;
  looks: ReturnType<typeof glyphLooks>;
}

function read(pdfPath: string): Reading {
  const pdf = readFileSync(pdfPath);
  const all = drawnGlyphs(pdf);
  const glyphs = all.filter((g) => g.gid >= 0 && !isSpace(g.unicode));
  return {
    text: normalised(mupdfText(pdf)),
    glyphs,
    scriptGlyphs: glyphs.filter((g) => g.unicode > 0x7f),
    drawnCharacters: new Set(all.map((g) => character(g).normalize('NFC'))),
    looks: glyphLooks(pdf, glyphs),
  };
}

/** What the three checks find wrong with the glyphs of `sentence` in a reading; empty when they are letters. */
function tofu(reading: Reading, sentence: string, coveringFonts: string[]): string[] {
  const problems: string[] = [];
  const uncovered = [...new Set(reading.scriptGlyphs.map((g) => g.font))].filter((font) => !coveringFonts.some((full) => sameFont(font, full)));
  if (uncovered.length > 0) problems.push(`font: drawn in fonts without the script: ${uncovered.join(', ')}`);
  const undrawn = [...new Set(sentence.normalize('NFC'))].filter((ch) => !/\s/u.test(ch) && !reading.drawnCharacters.has(ch));
  if (undrawn.length > 0) problems.push(`glyphs: characters without a glyph of their own: ${undrawn.join(' ')}`);
  const boxes = reading.looks.filter((look) => look === 'box').length;
  const blanks = reading.looks.filter((look) => look === 'blank').length;
  if (boxes + blanks > 0) problems.push(`pixels: ${boxes} hollow boxes and ${blanks} blanks among ${reading.looks.length} glyphs`);
  return problems;
}

const dir = useTempDir('pw-office-fonts-test-');

/** Converts a DOCX of the script's sentence through `pool`; returns the PDF's path. */
async function converted(pool: OfficePool, script: ScriptCase, prefix = ''): Promise<string> {
  const input = dir.file(`${prefix}${script.name}.docx`, scriptDocx([script.paragraph]));
  const output = dir.out(`${prefix}${script.name}.pdf`);
  await documentToPdf(pool, input, output, 'docx');
  return output;
}

describe.skipIf(!ready)(SUITE, () => {
  let pool: OfficePool;
  beforeAll(() => {
    pool = new OfficePool({ instances: 1 });
  });
  afterAll(() => pool.close());

  for (const script of SCRIPTS) {
    it(`converts a DOCX in ${script.name} to a PDF whose text reads back and whose glyphs are letters, not boxes`, async () => {
      const reading = read(await converted(pool, script));
      const sentence = normalised(script.paragraph.text);
      expect(reading.text).toBe(sentence);
      expect(reading.scriptGlyphs.length).toBeGreaterThan(0);
      expect(tofu(reading, sentence, fontsForLanguage(script.fcLang))).toEqual([]);
      if (script.font) for (const glyph of reading.scriptGlyphs) expect(glyph.font, `glyph for ${character(glyph)}`).toMatch(script.font);
    });
  }

  it('sets Calibri text in Carlito and Cambria text in Caladea, their metric twins (same widths, so the lines break as in Word)', async () => {
    const calibri = 'The quarterly figures for the harbour office were higher than expected, and the board asked for a second review of the shipping costs before the summer.';
    const cambria = 'Cambria headings and body text keep their widths when the document is converted on a server without the Microsoft fonts.';
    const input = dir.file('calibri.docx', scriptDocx([
      { text: calibri, script: 'latin', font: 'Calibri', lang: 'en-GB' },
      { text: cambria, script: 'latin', font: 'Cambria', lang: 'en-GB' },
    ]));
    await documentToPdf(pool, input, dir.out('calibri.pdf'), 'docx');
    const pdf = readFileSync(dir.out('calibri.pdf'));
    expect(normalised(mupdfText(pdf))).toBe(`${calibri} ${cambria}`);
    const glyphs = drawnGlyphs(pdf).filter((g) => !isSpace(g.unicode));
    expect(new Set(glyphs.map((g) => g.font))).toEqual(new Set(['Carlito', 'Caladea-Regular']));
    const inFont = (font: string): string => glyphs.filter((g) => g.font === font).map(character).join('');
    expect(inFont('Carlito')).toBe(calibri.replace(/\s/g, ''));
    expect(inFont('Caladea-Regular')).toBe(cambria.replace(/\s/g, ''));
  });

  it('control: with fontconfig narrowed to Liberation, all three checks find the tofu', async () => {
    // The system's rules (aliases, fallbacks) with a single font directory, handed to a second
    // pool's LibreOffice through FONTCONFIG_FILE in the environment it starts with.
    const liberation = fcList('Liberation Serif', '-f', '%{file}\n')?.[0];
    expect(liberation, 'Liberation Serif (fonts-liberation2)').toBeDefined();
    const configDir = dir.out('fontconfig-liberation-only');
    mkdirSync(configDir);
    writeFileSync(join(configDir, 'fonts.conf'), `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${dirname(liberation!)}</dir>
  <cachedir>${join(configDir, 'cache')}</cachedir>
  <include ignore_missing="yes">/etc/fonts/conf.d</include>
</fontconfig>
`);
    // The fonts that do cover each language, listed before fontconfig is narrowed.
    const covering = new Map(SCRIPTS.map((script) => [script.name, fontsForLanguage(script.fcLang)]));
    const saved = process.env.FONTCONFIG_FILE;
    process.env.FONTCONFIG_FILE = join(configDir, 'fonts.conf');
    const bare = new OfficePool({ instances: 1 });
    try {
      for (const script of SCRIPTS) {
        const reading = read(await converted(bare, script, 'bare-'));
        const found = tofu(reading, script.paragraph.text, covering.get(script.name)!).map((problem) => problem.split(':')[0]);
        expect(found, script.name).toEqual(['font', 'glyphs', 'pixels']);
      }
      const input = dir.file('bare-calibri.docx', scriptDocx([{ text: 'Calibri without Carlito', script: 'latin', font: 'Calibri' }]));
      await documentToPdf(bare, input, dir.out('bare-calibri.pdf'), 'docx');
      expect(drawnGlyphs(readFileSync(dir.out('bare-calibri.pdf'))).map((g) => g.font)).not.toContain('Carlito');
    } finally {
      await bare.close();
      if (saved === undefined) delete process.env.FONTCONFIG_FILE;
      else process.env.FONTCONFIG_FILE = saved;
    }
  });
});

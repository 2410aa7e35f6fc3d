/**
 * Text set sideways up the page's margin (an archive's identifier beside a paper's first page,
 * a register's stamp on every page) is written across in the body's flow: it is neither the
 * body's margin nor a column's worth of lines. The PDF is drawn here with MuPDF: a page of
 * running text 10 pt on a 14 pt pitch with a stamp turned a quarter up its left edge, or a
 * chapter's tab label up its right edge.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pdfToWord } from '../convert/pdf-to-word.js';
import { mupdf } from '../mupdf.js';
import { savedBytes } from '../../test/fixtures.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { useTempDir } from '../../test/harness.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-sideways-margin-');
const roundTrip = useWordRoundTrip(tmp);

const HEIGHT = 842;
const LEFT = 72;
const RIGHT = 523;
const SIZE = 10;
const PITCH = 14;
const LINES = 50;
const TOP = 72;
const helvetica = new mupdf.Font('Helvetica');
const widthOf = (text: string): number => [...text].reduce((w, c) => w + helvetica.advanceGlyph(helvetica.encodeCharacter(c.codePointAt(0)!)) * SIZE, 0);
const WORDS = 'the committee reviewed every application received during the quarter and recorded its decision together with the reasons given by each member present at the meeting'.split(' ');
const STAMP = 'arXiv:1601.03642v1 [cs.CV] 12 Jan 2016';

/** A page of paragraphs of ten full lines and a short last one, with the stamp up the margin at x 20. */
function stampedPage(): Uint8Array {
  return opsPdf([...bodyOps(), `BT /F1 12 Tf 0 1 -1 0 20 ${HEIGHT - 560} Tm (${STAMP}) Tj ET`]);
}

/** The body's lines: paragraphs of ten full lines and a short last one. */
function bodyOps(): string[] {
  const ops: string[] = [];
  let word = 0;
  for (let i = 0; i < LINES; i++) {
    let line = '';
    const last = i % 11 === 10;
    while (widthOf(`${line} ${WORDS[word % WORDS.length]!}`.trim()) < (RIGHT - LEFT) * (last ? 0.4 : 1)) line = `${line} ${WORDS[word++ % WORDS.length]!}`.trim();
    ops.push(`BT /F1 ${SIZE} Tf ${LEFT} ${HEIGHT - TOP - i * PITCH} Td (${line}) Tj ET`);
  }
  return ops;
}

/** The document.xml of the DOCX written for the PDF. */
async function documentXml(name: string, pdf: Uint8Array): Promise<string> {
  const docx = tmp.out(`${name}.docx`);
  await pdfToWord({ path: tmp.file(`${name}.pdf`, pdf) }, docx);
  return execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

describe('a page with a stamp set sideways up its left margin', () => {
  it("keeps the body's left margin and line pitch as drawn: the stamp is one line across, not the margin nor a column of lines", async () => {
    const xml = await documentXml('stamped', stampedPage());
    // The body starts 72 pt from the page's left edge, not at the stamp's 20 pt.
    expect(xml).toMatch(new RegExp(`<w:pgMar [^>]*w:left="${LEFT * 20}"`));
    const paragraphs = xml.split('<w:p>').slice(1);
    const stamp = paragraphs.filter((p) => p.includes('arXiv'));
    expect(stamp).toHaveLength(1);
    // Every paragraph of the body keeps the 14 pt pitch: the fitting pass found the page fits.
    const body = paragraphs.filter((p) => p.includes('committee'));
    expect(body.length).toBeGreaterThan(3);
    for (const p of body) expect(p).toContain(`w:line="${PITCH * 20}" w:lineRule="exact"`);
  });
});

describe("a full page with a chapter's tab label set sideways at its right edge", () => {
  it('stays one page in LibreOffice: the fitting pass counts the lines the label takes written across its narrow room', async () => {
    // A line of the page's head reaching the right edge makes the column as wide as the page's
    // text; the label, 20 pt bold up the edge, is written at its place across the column's
    // last few dozen points: one line in the PDF, several as written.
    const ops = [...bodyOps(), `BT /F1 ${SIZE} Tf 420 ${HEIGHT - 50} Td (Chapter 5: Item 265 of the programme) Tj ET`];
    ops.push(`BT /F2 20 Tf 0 1 -1 0 ${RIGHT + 30} ${HEIGHT - 700} Tm (Acid-base balance disorders of the kidney) Tj ET`);
    const doc = new mupdf.PDFDocument();
    let pdf: Uint8Array;
    try {
      const fonts = { F1: doc.addSimpleFont(helvetica), F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')) };
      doc.insertPage(-1, doc.addPage([0, 0, 595, HEIGHT], 0, { Font: fonts }, ops.join('\n')));
      pdf = savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
    expect((await roundTrip('tab', tmp.file('tab.pdf', pdf))).pages).toBe(1);
  }, 120_000);
});

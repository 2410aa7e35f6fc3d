/**
 * Text set sideways up the page's margin (an archive's identifier beside a paper's first page,
 * a register's stamp on every page) is written across in the body's flow: it is neither the
 * body's margin nor a column's worth of lines. The PDF is drawn here with MuPDF: a page of
 * running text 10 pt on a 14 pt pitch with a stamp turned a quarter up its left edge.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pdfToWord } from '../convert/pdf-to-word.js';
import { mupdf } from '../mupdf.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { useTempDir } from '../../test/harness.js';

const tmp = useTempDir('pagewright-sideways-margin-');

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
  const ops: string[] = [];
  let word = 0;
  for (let i = 0; i < LINES; i++) {
    let line = '';
    const last = i % 11 === 10;
    while (widthOf(`${line} ${WORDS[word % WORDS.length]!}`.trim()) < (RIGHT - LEFT) * (last ? 0.4 : 1)) line = `${line} ${WORDS[word++ % WORDS.length]!}`.trim();
    ops.push(`BT /F1 ${SIZE} Tf ${LEFT} ${HEIGHT - TOP - i * PITCH} Td (${line}) Tj ET`);
  }
  // Turned a quarter anticlockwise: the stamp reads upwards, 20 pt from the page's left edge.
  ops.push(`BT /F1 12 Tf 0 1 -1 0 20 ${HEIGHT - 560} Tm (${STAMP}) Tj ET`);
  return opsPdf(ops);
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

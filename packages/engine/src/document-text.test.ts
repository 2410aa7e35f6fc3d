import { describe, expect, it } from 'vitest';
import { documentText, type DocumentText, type TextLine } from './document-text.js';
import { mupdf } from './mupdf.js';
import { savedBytes, writePdf } from '../test/fixtures.js';
import { errorOf, useTempDir } from '../test/harness.js';

const temp = useTempDir('pagewright-document-text-');

const W = 400;
const H = 500;
const HEADING = 'Annual Survey of Rivers';
const BODY = ['The survey measured the water level of eleven rivers', 'during the dry months of the year.'];

/** One A5-like page: a 20 pt bold heading over two 11 pt body lines, with a metadata title. */
function reportPdf(title: string): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')), F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')) };
    const content = [
      `BT /F2 20 Tf 40 ${H - 60} Td (${HEADING}) Tj ET`,
      `BT /F1 11 Tf 40 ${H - 100} Td (${BODY[0]}) Tj 0 -14 Td (${BODY[1]}) Tj ET`,
    ].join('\n');
    doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, { Font: fonts }, content));
    doc.setMetaData('info:Title', title);
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

const lines = (text: DocumentText, page = 1): TextLine[] => text.pages[page - 1]!.blocks.flatMap((b) => b.lines);
const lineWith = (text: DocumentText, words: string): TextLine => {
  const line = lines(text).find((l) => l.text.includes(words));
  if (!line) throw new Error(`no line with '${words}'`);
  return line;
};

describe('documentText', () => {
  it('reads each line with its text and a rect inside the page, top-left origin', async () => {
    const text = await documentText(temp.file('report.pdf', reportPdf('Rivers')), { maxPages: 10 });
    expect(text.pages).toHaveLength(1);
    expect(text.pages[0]).toMatchObject({ page: 1, width: W, height: H });
    expect(lines(text).map((l) => l.text)).toEqual([HEADING, ...BODY]);
    for (const { rect } of lines(text)) {
      const [x, y, width, height] = rect;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(W);
      expect(y + height).toBeLessThanOrEqual(H);
      expect(width).toBeGreaterThan(0);
      expect(height).toBeGreaterThan(0);
    }
    // The heading's baseline is 60 pt below the top edge, so its rect spans that height.
    const [x, y, , height] = lineWith(text, HEADING).rect;
    expect(x).toBeCloseTo(40, 0);
    expect(y).toBeLessThan(60);
    expect(y + height).toBeGreaterThan(60);
    expect(lineWith(text, 'survey measured').rect[1]).toBeGreaterThan(y + height);
  });

  it('reports the heading font as larger than the body and as bold', async () => {
    const text = await documentText(temp.file('sizes.pdf', reportPdf('Rivers')), { maxPages: 10 });
    const heading = lineWith(text, HEADING);
    const body = lineWith(text, 'survey measured');
    expect(heading.size).toBeCloseTo(20, 1);
    expect(body.size).toBeCloseTo(11, 1);
    expect(heading.bold).toBe(true);
    expect(body.bold).toBe(false);
  });

  it('takes the title from the metadata, and none from a file name there', async () => {
    expect((await documentText(temp.file('titled.pdf', reportPdf('Annual Survey')), { maxPages: 1 })).title).toBe('Annual Survey');
    expect((await documentText(temp.file('file-named.pdf', reportPdf('Microsoft Word - survey_2016.docx')), { maxPages: 1 })).title).toBeNull();
    expect((await documentText(temp.file('untitled.pdf', reportPdf('untitled')), { maxPages: 1 })).title).toBeNull();
  });

  it('tags each page with its own 1-based number and text', async () => {
    const path = writePdf(temp.dir, 'three.pdf', { pages: ['alpha page', 'beta page', 'gamma page'] });
    const text = await documentText(path, { maxPages: 10 });
    expect(text.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(text.pages.map((p) => lines(text, p.page).map((l) => l.text))).toEqual([['alpha page'], ['beta page'], ['gamma page']]);
  });

  it('reads the outline with 1-based pages and levels, skipping entries without a page', async () => {
    const path = writePdf(temp.dir, 'outline.pdf', {
      pages: ['one', 'two', 'three'],
      outline: [{ title: 'Introduction', page: 0, children: [{ title: 'Scope', page: 1 }, { title: 'Nowhere' }] }, { title: 'Results', page: 2 }],
    });
    expect((await documentText(path, { maxPages: 10 })).outline).toEqual([
      { title: 'Introduction', page: 1, level: 1 },
      { title: 'Scope', page: 2, level: 2 },
      { title: 'Results', page: 3, level: 1 },
    ]);
  });

  it('reads no more than maxPages pages, and no outline entry beyond them', async () => {
    const path = writePdf(temp.dir, 'long.pdf', {
      pages: ['one', 'two', 'three', 'four'],
      outline: [{ title: 'Start', page: 0 }, { title: 'End', page: 3 }],
    });
    const text = await documentText(path, { maxPages: 2 });
    expect(text.pages.map((p) => lines(text, p.page)[0]?.text)).toEqual(['one', 'two']);
    expect(text.outline).toEqual([{ title: 'Start', page: 1, level: 1 }]);
  });

  it('gives sizes and rects of a rotated page as displayed', async () => {
    const path = writePdf(temp.dir, 'rotated.pdf', { pages: ['turned text'], size: [300, 400], rotate: 90 });
    const text = await documentText(path, { maxPages: 1 });
    expect(text.pages[0]).toMatchObject({ width: 400, height: 300 });
    const [x, y, width, height] = lineWith(text, 'turned text').rect;
    expect(Math.min(x, y)).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(400);
    expect(y + height).toBeLessThanOrEqual(300);
    // Drawn along the page's long side, the line runs downwards once the page is turned.
    expect(height).toBeGreaterThan(width);
  });

  it('opens an encrypted file with its password and asks for it otherwise', async () => {
    const path = writePdf(temp.dir, 'locked.pdf', { pages: ['secret page'], encrypt: { user: 'open sesame', owner: 'owner' } });
    expect((await errorOf(documentText(path, { maxPages: 1 }))).code).toBe(3122);
    expect((await errorOf(documentText(path, { maxPages: 1, password: 'wrong' }))).code).toBe('INCORRECT_PASSWORD');
    expect(lines(await documentText(path, { maxPages: 1, password: 'open sesame' }))[0]?.text).toBe('secret page');
  });

  it('throws FILE_TYPE_ERROR for a file that is not a PDF and INVALID_PARAMS for no page to read', async () => {
    const notPdf = temp.file('note.pdf', new TextEncoder().encode('just some words'));
    expect((await errorOf(documentText(notPdf, { maxPages: 1 }))).code).toBe('FILE_TYPE_ERROR');
    const path = writePdf(temp.dir, 'one.pdf', { pages: ['one'] });
    expect((await errorOf(documentText(path, { maxPages: 0 }))).code).toBe('INVALID_PARAMS');
  });
});

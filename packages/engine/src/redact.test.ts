import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { redactPdf } from './index.js';
import { mupdf } from './mupdf.js';
import { readBack } from '../test/fixtures.js';
import { decompressedFile, extractText, openPdf, photoPixels, renderRgb, writeDoc, type DocSpec } from '../test/page-tools-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { cli, errorOf, useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-redact-');
const { out } = tmp;

/** The decompressed file must not hold the text (skipped without qpdf, a failure under CI; pdftotext is checked anyway). */
function expectGoneFromFile(path: string, ...texts: string[]): void {
  if (!toolsAvailable('redactPdf: the decompressed file no longer holds the text', 'qpdf')) return;
  const flat = decompressedFile(path, tmp.dir);
  for (const text of texts) expect(flat).not.toContain(text);
}

const textDoc: DocSpec = {
  pages: [
    {
      texts: [
        { text: 'Public intro. Secret plan Lorem here.', x: 30, y: 450 },
        { text: 'Call 555-1234 or LOREM later', x: 30, y: 420 },
        { text: 'Untouched line', x: 30, y: 390 },
      ],
      formText: { text: 'Form says Lorem too', x: 30, y: 300 },
    },
    { texts: [{ text: 'Page two lorem ipsum', x: 30, y: 450 }] },
  ],
  outline: ['Lorem chapter', 'Other'],
  title: 'About Lorem',
  freeText: 'Note about Lorem',
};

describe('redactPdf', () => {
  let doc: string;
  beforeAll(async () => {
    doc = await writeDoc(tmp.dir, 'text.pdf', textDoc);
  });

  it('removes every match of a term (any case) from pages, forms, annotations, bookmarks and properties', async () => {
    const progress: number[] = [];
    const result = await redactPdf({ path: doc }, out('lorem.pdf'), { boxes: [], search: ['lorem'], regex: false, caseSensitive: false }, (p) => progress.push(p));
    // Page 1: 2 in text, 1 in the form, 1 in the FreeText annotation; page 2: 1.
    expect(result.redactions).toBe(5);
    expect(progress.at(-1)).toBe(100);
    const text = extractText(out('lorem.pdf'));
    expect(text).not.toMatch(/lorem/i);
    expect(text).toContain('Public intro. Secret plan');
    expect(text).toContain('Untouched line');
    expect(text).toContain('Form says');
    expect(text).toContain('Page two');
    expect(text).toContain('ipsum');
    expectGoneFromFile(out('lorem.pdf'), 'Lorem', 'LOREM', 'lorem');
    const back = readBack(readFileSync(out('lorem.pdf')));
    expect(back.annotations).toEqual([]);
    expect(back.outline.map((o) => o.title)).toEqual(['\u2588'.repeat(5) + ' chapter', 'Other']);
    const pdf = openPdf(out('lorem.pdf'));
    try {
      expect(pdf.getMetaData('info:Title')).toBe(`About ${'\u2588'.repeat(5)}`);
      expect(pdf.getMetaData('encryption')).toBe('None');
    } finally {
      pdf.destroy();
    }
    // Black boxes where the words were: page 1, "Lorem" on the first line.
    const page = renderRgb(out('lorem.pdf'), 0, 72);
    const lorem = findWord(doc, 0, 'Lorem');
    expect(page.at(lorem[0] + 3, (lorem[1] + lorem[3]) / 2)).toEqual([0, 0, 0]);
  });

  it('matches case-sensitively and by regular expression', async () => {
    const result = await redactPdf({ path: doc }, out('regex.pdf'), { boxes: [], search: ['LOREM', '\\d{3}-\\d{4}'], regex: true, caseSensitive: true });
    expect(result.redactions).toBe(2);
    const text = extractText(out('regex.pdf'));
    expect(text).not.toContain('555-1234');
    expect(text).not.toContain('LOREM');
    expect(text).toContain('Secret plan Lorem here');
    expect(text).toContain('lorem ipsum');
    expectGoneFromFile(out('regex.pdf'), '555-1234', 'LOREM');
  });

  it('blacks out a box: text under it gone, the rest of the line kept, image pixels removed', async () => {
    const path = await writeDoc(tmp.dir, 'image.pdf', {
      pages: [{
        images: [{ image: { kind: 'photo-flate', width: 200, height: 100 }, x: 100, y: 100, w: 200, h: 100 }],
        texts: [{ text: 'Name: Alice Example', x: 30, y: 450, size: 20 }],
      }],
    });
    const name = findWord(path, 0, 'Alice');
    // Box from "Alice" to the end of the line (top-left coordinates), and one over the image's left half.
    const boxes = [
      { page: 1, x: name[0] - 1, y: name[1] - 2, w: 300, h: name[3] - name[1] + 4 },
      { page: 1, x: 100, y: 300, w: 100, h: 100 },
    ];
    const result = await redactPdf({ path }, out('boxes.pdf'), { boxes, search: [], regex: false, caseSensitive: false });
    expect(result.redactions).toBe(2);
    const text = extractText(out('boxes.pdf'));
    expect(text).toContain('Name:');
    expect(text).not.toContain('Alice');
    expectGoneFromFile(out('boxes.pdf'), 'Alice', 'Example');
    const page = renderRgb(out('boxes.pdf'), 0, 72);
    expect(page.at(150, 350)).toEqual([0, 0, 0]);
    // The image data itself changed under the box, not just covered; the right half is intact.
    const original = photoPixels(200, 100);
    const pdf = openPdf(out('boxes.pdf'));
    try {
      let image: mupdf.Image | undefined;
      for (let num = 1; num < pdf.countObjects() && !image; num++) {
        const obj = pdf.newIndirect(num);
        if (obj.isStream() && obj.get('Subtype').toString() === '/Image') image = pdf.loadImage(obj);
      }
      const pixmap = image!.toPixmap();
      const pixels = pixmap.getPixels();
      const stride = pixmap.getStride();
      const sample = (x: number, y: number) => [...pixels.subarray(y * stride + x * 3, y * stride + x * 3 + 3)];
      const originalAt = (x: number, y: number) => [...original.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
      expect(sample(50, 50)).not.toEqual(originalAt(50, 50));
      expect(sample(150, 50)).toEqual(originalAt(150, 50));
      pixmap.destroy();
      image!.destroy();
    } finally {
      pdf.destroy();
    }
  });

  it('places boxes as the page is displayed on a rotated page', async () => {
    const path = await writeDoc(tmp.dir, 'rotated.pdf', {
      pages: [{ rotate: 90, texts: [{ text: 'Keep this', x: 30, y: 450 }, { text: 'Hide that', x: 30, y: 300 }] }],
    });
    const hide = findWord(path, 0, 'Hide');
    const result = await redactPdf({ path }, out('rotated-out.pdf'), {
      boxes: [{ page: 1, x: hide[0] - 2, y: hide[1] - 2, w: hide[2] - hide[0] + 4, h: 100 }],
      search: [],
      regex: false,
      caseSensitive: false,
    });
    expect(result.redactions).toBe(1);
    const text = extractText(out('rotated-out.pdf'));
    expect(text).toContain('Keep this');
    expect(text).not.toContain('Hide');
    // The black box is where the word was displayed.
    expect(renderRgb(out('rotated-out.pdf'), 0, 72).at((hide[0] + hide[2]) / 2, (hide[1] + hide[3]) / 2)).toEqual([0, 0, 0]);
  });

  it('redacts a phrase that wraps onto the next line (one match, two quads)', async () => {
    const path = await writeDoc(tmp.dir, 'wrap.pdf', {
      pages: [{ texts: [{ text: 'The account number is', x: 30, y: 450, size: 12 }, { text: 'DE44 5001 and more', x: 30, y: 436, size: 12 }] }],
    });
    const result = await redactPdf({ path }, out('wrap-out.pdf'), { boxes: [], search: ['number is DE44'], regex: false, caseSensitive: true });
    expect(result.redactions).toBe(1);
    const text = extractText(out('wrap-out.pdf'));
    expect(text).not.toMatch(/number|DE44/);
    expect(text).toContain('The account');
    expect(text).toContain('5001 and more');
  });

  it('counts no match as zero and still writes the document', async () => {
    const result = await redactPdf({ path: doc }, out('none.pdf'), { boxes: [], search: ['absent'], regex: false, caseSensitive: false });
    expect(result.redactions).toBe(0);
    expect(extractText(out('none.pdf'))).toContain('Secret plan Lorem here');
  });

  it('opens an encrypted input with its password', async () => {
    const locked = await writeDoc(tmp.dir, 'locked.pdf', { ...textDoc, encrypt: { user: 'pw', owner: 'ow' } });
    expect((await errorOf(redactPdf({ path: locked }, out('x.pdf'), { boxes: [], search: ['Lorem'], regex: false, caseSensitive: false }))).code).toBe(3122);
    const result = await redactPdf({ path: locked, password: 'pw' }, out('unlocked.pdf'), { boxes: [], search: ['Secret'], regex: false, caseSensitive: true });
    expect(result.redactions).toBe(1);
    expect(extractText(out('unlocked.pdf'))).not.toContain('Secret');
  });

  it('rejects bad parameters with catalogue errors and leaves nothing behind', async () => {
    const sub = join(tmp.dir, 'errors');
    mkdirSync(sub);
    const target = join(sub, 'x.pdf');
    const base = { boxes: [], search: [], regex: false, caseSensitive: false };
    expect((await errorOf(redactPdf({ path: doc }, target, base))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(redactPdf({ path: doc }, target, { ...base, search: ['('], regex: true }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(redactPdf({ path: doc }, target, { ...base, search: [''] }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(redactPdf({ path: doc }, target, { ...base, boxes: [{ page: 1, x: 0, y: 0, w: 0, h: 5 }] }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(redactPdf({ path: doc }, target, { ...base, boxes: [{ page: 3, x: 0, y: 0, w: 5, h: 5 }] }))).code).toBe('PAGE_RANGE_INVALID');
    expect(readdirSync(sub)).toEqual([]);
  });
});

describe('pagewright redact-pdf', () => {
  it('redacts terms and boxes from the command line', async () => {
    const doc = await writeDoc(tmp.dir, 'cli.pdf', textDoc);
    const result = await cli('redact-pdf', '--search', 'Lorem', '--search', 'Secret', '--case-sensitive', '--box', '2,0,0,100,100', doc, '-o', out('cli-out.pdf'));
    expect(result.status).toBe(0);
    // Case-sensitive: "Lorem" on page 1, in the form and in the note; "Secret"; the box on page 2.
    expect(JSON.parse(result.stdout)).toEqual({ redactions: 5, output: out('cli-out.pdf') });
    const text = extractText(out('cli-out.pdf'));
    expect(text).not.toContain('Secret');
    expect(text).toContain('LOREM');
    const regex = await cli('redact-pdf', '--search', '\\d+-\\d+', '--regex', doc, '-o', out('cli-regex.pdf'));
    expect(regex.status).toBe(0);
    expect(extractText(out('cli-regex.pdf'))).not.toContain('555');
  });

  it('rejects bad usage with exit code 2', async () => {
    expect((await cli('redact-pdf', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    expect((await cli('redact-pdf', '--box', '1,2,3', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    expect((await cli('redact-pdf', '--box', '0,2,3,4,5', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    const help = await cli('redact-pdf', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: pagewright redact-pdf/);
  });
});

/** The bounds [x0, y0, x1, y1] of the first occurrence of `word` on a page, top-left page space. */
function findWord(path: string, index: number, word: string): [number, number, number, number] {
  const pdf = openPdf(path);
  try {
    const page = pdf.loadPage(index);
    const hits = page.search(word, {});
    page.destroy();
    const quad = hits[0]![0]!;
    const xs = [quad[0], quad[2], quad[4], quad[6]];
    const ys = [quad[1], quad[3], quad[5], quad[7]];
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  } finally {
    pdf.destroy();
  }
}

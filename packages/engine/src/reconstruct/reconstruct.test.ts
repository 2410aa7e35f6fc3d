/**
 * PDF -> docx, txt, rtf, epub, pages from our layout analysis, on a generated report (test/
 * layout-fixtures.ts). Outputs are read back on their own terms: the DOCX's XML parts (unzip),
 * the text files as text, the EPUB's zip structure.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import { pdfToWord } from '../convert/pdf-to-word.js';
import { pdfToTxt } from '../convert/pdf-to-txt.js';
import { pdfToRtf } from '../convert/pdf-to-rtf.js';
import { pdfToEpub } from '../convert/pdf-to-epub.js';
import { pdfToPages } from '../convert/pdf-to-pages.js';
import type { DocumentLayout, PageLayout, Paragraph, Table } from './layout.js';
import { cli, epubcheck, errorOf, useTempDir } from '../../test/harness.js';
import { ACCENTS, BAR_CHART, CHART_IN_TABLE, EXPANDED, STAMPED_COLUMNS, INDEX, OVERPRINTED, PAIRS, PARTS, REPORT, accentsPdf, barChartPdf, chartInTablePdf, expandedPdf, figurePdf, indexPdf, overprintedPdf, pairsPdf, paragraphPdf, partsFigurePdf, reportPdf, SHADED, shadedPdf, stampedColumnsPdf, stencilMaskPdf, TIGHT_LINES, tightLinesPdf, tightPdf, turnedImagePdf } from '../../test/layout-fixtures.js';
import { SUPPLEMENTARY_TEXT, buildPdf, supplementaryPdf } from '../../test/fixtures.js';
import { wordParagraphTexts } from '../../test/convert-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';
import { mupdf } from '../mupdf.js';
import { OfficePool } from '../office/pool.js';

const tmp = useTempDir('pagewright-reconstruct-');
const roundTrip = useWordRoundTrip(tmp);
let pdf: string;
let layout: DocumentLayout;

beforeAll(async () => {
  pdf = tmp.file('report.pdf', reportPdf());
  layout = await analysePdf({ path: pdf });
});

function unzip(file: string, entry: string): string {
  return execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function zipEntries(file: string): string[] {
  return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
}

const textOf = (p: Paragraph): string => p.runs.map((r) => r.text).join('');
const paragraphsOf = (page: PageLayout): Paragraph[] => page.blocks.filter((b): b is Paragraph => b.kind === 'paragraph');
/** The XML of each paragraph of a DOCX's body that has text. */
const wordParagraphXml = (docx: string): string[] => [...unzip(docx, 'word/document.xml').matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => m[0]).filter((p) => p.includes('<w:t'));
/** The text of every w:p in the XML, one string per paragraph. */
const wordParagraphs = wordParagraphTexts;

describe('layout analysis', () => {
  it('finds the running header and the page number footer on every page', () => {
    expect(layout.pages).toHaveLength(2);
    for (const page of layout.pages) {
      expect(page.header.map(textOf)).toEqual([REPORT.header]);
      expect(page.footer.map(textOf)).toEqual([String(page.index)]);
      expect(page.blocks.some((b) => b.kind === 'paragraph' && textOf(b).includes(REPORT.header))).toBe(false);
    }
  });

  it('merges the wrapped lines into one paragraph and marks the heading', () => {
    const blocks = paragraphsOf(layout.pages[0]!);
    const heading = blocks.find((b) => textOf(b) === REPORT.heading);
    expect(heading?.headingLevel).toBe(1);
    expect(heading?.runs[0]).toMatchObject({ bold: true, size: 18, font: 'Arial' });
    const body = blocks.find((b) => textOf(b).startsWith('The survey'));
    expect(textOf(body!)).toBe(`${REPORT.paragraph.join(' ')} ${REPORT.bold} results were read ${REPORT.italic} and one ${REPORT.red} was noted.`);
    expect(body!.lineSpacing).toBeCloseTo(14, 0);
    const runs = body!.runs;
    expect(runs.find((r) => r.text.includes(REPORT.bold))).toMatchObject({ bold: true, italic: false });
    expect(runs.find((r) => r.text.includes(REPORT.italic))).toMatchObject({ italic: true, bold: false });
    expect(runs.find((r) => r.text.includes(REPORT.red))?.color).toBe('ff0000');
  });

  it('recognises the bulleted list', () => {
    const items = layout.pages[0]!.blocks.filter((b): b is Paragraph => b.kind === 'paragraph' && b.list !== undefined);
    expect(items.map(textOf)).toEqual(REPORT.bullets);
    expect(items.every((i) => i.list!.ordered === false && i.list!.marker === '•')).toBe(true);
  });

  it('makes tables of the ruled grid and of the aligned borderless cells', () => {
    const tables = layout.pages[0]!.blocks.filter((b): b is Table => b.kind === 'table');
    expect(tables.map((t) => t.ruled)).toEqual([true, false]);
    const cells = (t: Table): string[][] => t.rows.map((r) => r.cells.map((c) => c.text.map(textOf).join(' ')));
    expect(cells(tables[0]!)).toEqual(REPORT.ruled);
    expect(cells(tables[1]!)).toEqual(REPORT.loose);
    expect(tables[0]!.columns.map(Math.round)).toEqual([120, 120, 120]);
  });

  it('keeps the image in place after the tables', () => {
    const blocks = layout.pages[0]!.blocks;
    const index = blocks.findIndex((b) => b.kind === 'image');
    expect(index).toBe(blocks.length - 1);
    const image = blocks[index]!;
    expect(image.kind === 'image' && [image.pixelWidth, image.pixelHeight]).toEqual([60, 40]);
    expect(image.bbox.x1 - image.bbox.x0).toBeCloseTo(120, 0);
  });

  it('finds two columns on page 2 and reads them one after the other', () => {
    const page = layout.pages[1]!;
    expect(page.columns).toHaveLength(2);
    const text = paragraphsOf(page).map(textOf);
    expect(text).toEqual([REPORT.left.join(' '), REPORT.right.join(' ')]);
  });

  it('analyses only the pages asked for, and refuses a page past the end', async () => {
    const one = await analysePdf({ path: pdf }, undefined, { pages: [2] });
    expect(one.pages.map((p) => p.index)).toEqual([2]);
    expect((await errorOf(analysePdf({ path: pdf }, undefined, { pages: [3] }))).code).toBe('PAGE_RANGE_INVALID');
  });
});

describe('words hyphenated at the end of a line', () => {
  it("joins them again, the typesetter's hyphen before a lower-case letter as a soft hyphen, a word's own hyphen kept", async () => {
    const path = tmp.file('hyphens.pdf', paragraphPdf(['The survey went out by post to every single docu-', 'ment holder in the region and to every one E-', 'Mail address on our mailing list, in the plain', 'black-and-white edition only.']));
    const blocks = paragraphsOf((await analysePdf({ path })).pages[0]!);
    expect(blocks.map(textOf)).toEqual(['The survey went out by post to every single docu\u00adment holder in the region and to every one E-Mail address on our mailing list, in the plain black-and-white edition only.']);
    // Word gets an optional hyphen there (a line may break as the PDF's did); text readers the word.
    const docx = tmp.out('hyphens.docx');
    await pdfToWord({ path }, docx);
    expect(unzip(docx, 'word/document.xml')).toMatch(/every single docu<\/w:t><w:softHyphen\/><w:t xml:space="preserve">ment holder/);
    const txt = tmp.out('hyphens.txt');
    await pdfToTxt({ path }, txt);
    expect(readFileSync(txt, 'utf8')).toContain('every single document holder');
    const rtf = tmp.out('hyphens.rtf');
    await pdfToRtf({ path }, rtf);
    expect(readFileSync(rtf, 'latin1')).toContain('every single docu\\-ment holder');
  });
});

describe('pages whose text reads sideways', () => {
  it('reads a page turned by /Rotate upright, and leaves the document as it was', async () => {
    const sentence = 'This sentence was typed on a turned page';
    for (const rotate of [90, 180, 270] as const) {
      const path = tmp.file(`turned-${rotate}.pdf`, buildPdf({ pages: [sentence], size: [595, 842], rotate }));
      const turned = await analysePdf({ path });
      const page = turned.pages[0]!;
      // Upright again: the page's own portrait size, the sentence on one line as one paragraph.
      expect([page.width, page.height]).toEqual([595, 842]);
      expect(paragraphsOf(page).map(textOf)).toEqual([sentence]);
      const again = await analysePdf({ path });
      expect(again.pages[0]!.width).toBe(595);
    }
  });

  it('keeps the page as displayed when its text already reads left to right', async () => {
    const path = tmp.file('landscape.pdf', buildPdf({ pages: ['A plain landscape page'], size: [842, 595] }));
    const page = (await analysePdf({ path })).pages[0]!;
    expect([page.width, page.height]).toEqual([842, 595]);
  });

  it('gives a landscape page a landscape page size in Word', async () => {
    const path = tmp.file('landscape-word.pdf', buildPdf({ pages: ['A plain landscape page'], size: [842, 595] }));
    const out = tmp.out('landscape.docx');
    await pdfToWord({ path }, out);
    const size = /<w:pgSz w:w="(\d+)" w:h="(\d+)" w:orient="(\w+)"/.exec(unzip(out, 'word/document.xml'));
    expect(size?.slice(1)).toEqual(['16840', '11900', 'landscape']);
  });
});

describe('a page in two halves of short entries', () => {
  it('reads an index set in two halves one half after the other, not across', async () => {
    const path = tmp.file('index.pdf', indexPdf());
    const page = (await analysePdf({ path })).pages[0]!;
    expect(page.columns).toHaveLength(2);
    const texts = paragraphsOf(page).map(textOf);
    expect(texts[0]).toBe('Index');
    const entries = texts.slice(1).join(' ');
    expect(entries).toBe([...INDEX.left, ...INDEX.right].join(' '));
  });
});

describe('labels and their values in two halves', () => {
  it('keeps each label with its value when the halves pair up line by line', async () => {
    const path = tmp.file('pairs.pdf', pairsPdf());
    const page = (await analysePdf({ path })).pages[0]!;
    expect(page.columns).toHaveLength(1);
    const text = page.blocks.map((b) => (b.kind === 'paragraph' ? textOf(b) : b.kind === 'table' ? b.rows.map((r) => r.cells.map((c) => c.text.map(textOf).join(' ')).join(' ')).join(' ') : '')).join(' ');
    expect(text).toBe(PAIRS.map(([label, value]) => `${label} ${value}`).join(' '));
  });
});

describe('two columns under a heading, with a stamp up the margin and a form under them', () => {
  it('reads the heading, the left column whole, then the right column, and each label of the form with its value', async () => {
    const path = tmp.file('stamped-columns.pdf', stampedColumnsPdf());
    const page = (await analysePdf({ path })).pages[0]!;
    expect(page.columns).toHaveLength(2);
    const text = page.blocks
      .map((b) => (b.kind === 'paragraph' ? textOf(b) : b.kind === 'table' ? b.rows.map((r) => r.cells.map((c) => c.text.map(textOf).join(' ')).join(' ')).join(' ') : ''))
      .filter((t) => t !== STAMPED_COLUMNS.stamp);
    expect(text).toEqual([
      STAMPED_COLUMNS.heading,
      STAMPED_COLUMNS.left.join(' '),
      STAMPED_COLUMNS.right.join(' '),
      STAMPED_COLUMNS.form.map(([label, value]) => `${label} ${value}`).join(' '),
    ]);
    // The sideways stamp is read with the column beside it, not as a band across the page.
    expect(page.blocks.find((b) => b.kind === 'paragraph' && textOf(b) === STAMPED_COLUMNS.stamp)?.column).toBe(0);
  });
});

describe('the parts of a figure', () => {
  it('keeps the captions of its parts as text under the picture', async () => {
    const path = tmp.file('parts.pdf', partsFigurePdf());
    const page = (await analysePdf({ path })).pages[0]!;
    // A caption starting "(a)" reads as a list item: its marker is printed by the numbering.
    const kinds = page.blocks.map((b) => (b.kind === 'paragraph' ? `${b.list ? `${b.list.marker} ` : ''}${textOf(b)}` : b.kind));
    const picture = kinds.indexOf('image');
    expect(picture).toBeGreaterThan(0);
    expect(kinds.slice(picture + 1).join(' ')).toContain(`${PARTS.captions[0]} ${PARTS.captions[1]}`);
    expect(kinds.at(-1)).toBe(PARTS.figure);
  });
});

describe('right-to-left text', () => {
  const arabic = ['هذه فقرة عربية طويلة بما يكفي لتلتف على عدة أسطر في الصفحة، وهي تحتوي على رقم 2024 وكلمة English في وسطها.', 'فقرة ثانية قصيرة.'];
  const english = 'An English paragraph follows the Arabic ones and wraps over two lines on the narrow page.';

  it('reads Arabic paragraphs in reading order, right-aligned as printed, and writes them right to left in Word', async () => {
    // Chromium shapes and lays out the Arabic as a browser prints it: glyph runs from left to right on the page.
    const html = `<html><head><meta charset="utf-8"><style>body{font-family:'DejaVu Sans';font-size:14px;width:400px} p{margin:0 0 12px}</style></head><body>${arabic.map((p) => `<p dir="rtl">${p}</p>`).join('')}<p>${english}</p></body></html>`;
    const path = await tmp.printed('arabic.pdf', html);
    const paragraphs = paragraphsOf((await analysePdf({ path })).pages[0]!);
    expect(paragraphs.map(textOf)).toEqual([...arabic, english]);
    expect(paragraphs.map((p) => p.rtl ?? false)).toEqual([true, true, false]);
    // The short Arabic paragraph ends at the column's left side: it is right-aligned.
    expect(paragraphs[1]!.align).toBe('right');
    const out = tmp.out('arabic.docx');
    await pdfToWord({ path }, out);
    const body = wordParagraphXml(out);
    expect(body.map((p) => p.includes('<w:bidi/>'))).toEqual([true, true, false]);
    expect(body[0]).toMatch(/<w:rtl\/>[\s\S]*?<w:t[^>]*>هذه/);
  });
});

describe('lists in right-to-left text', () => {
  const bullets = ['العنصر الأول في القائمة', 'العنصر الثاني في القائمة', 'العنصر الثالث في القائمة'];
  const steps = ['افتح الملف من القائمة', 'اختر الصفحات المطلوبة'];
  const intro = 'مقدمة قصيرة قبل القائمة.';

  it('finds bulleted and numbered Arabic lists by their markers at the right end, and numbers them right to left in Word', async () => {
    const items = [...bullets.map((t) => `• ${t}`), ...steps.map((t, i) => `${i + 1}. ${t}`)];
    const html = `<html><head><meta charset="utf-8"><style>body{font-family:'DejaVu Sans';font-size:14px;width:400px} p{margin:0 0 4px}</style></head><body><p dir="rtl" style="margin-bottom:16px">${intro}</p>${items.map((t) => `<p dir="rtl">${t}</p>`).join('')}</body></html>`;
    const path = await tmp.printed('arabic-lists.pdf', html);
    const paragraphs = paragraphsOf((await analysePdf({ path })).pages[0]!);
    expect(paragraphs.map(textOf)).toEqual([intro, ...bullets, ...steps]);
    expect(paragraphs.map((p) => p.list?.ordered)).toEqual([undefined, false, false, false, true, true]);
    expect(paragraphs.every((p) => p.rtl)).toBe(true);
    const out = tmp.out('arabic-lists.docx');
    await pdfToWord({ path }, out);
    const body = wordParagraphXml(out);
    expect(body.map((p) => p.includes('<w:numPr>'))).toEqual([false, true, true, true, true, true]);
    expect(body.every((p) => p.includes('<w:bidi/>'))).toBe(true);
  });
});

describe('text set to fit its column', () => {
  it('writes a size between half points at the half point below it, and leaves the widest line room in its column', async () => {
    const heading = 'Header';
    const line = 'Produced with a Trial Version of PDF Annotator - www.PDFAnnotator.com';
    const path = tmp.file('tight.pdf', tightPdf(heading, line));
    const out = tmp.out('tight.docx');
    await pdfToWord({ path }, out);
    const xml = unzip(out, 'word/document.xml');
    const sizes = [...xml.matchAll(/<w:sz w:val="(\d+)"\/>/g)].map((m) => Number(m[1]));
    // 24.78 pt rounded up to 25 would make the heading wider than the line it filled.
    expect(sizes).toContain(49);
    expect(sizes).not.toContain(50);
    const [, width] = /<w:pgSz w:w="(\d+)"/.exec(xml)!;
    const margin = /<w:pgMar w:top="\d+" w:right="(\d+)" w:bottom="\d+" w:left="(\d+)"/.exec(xml)!;
    const indent = Number(/<w:ind w:left="(\d+)"/.exec(xml)![1]);
    const column = Number(width) - Number(margin[1]) - Number(margin[2]) - indent;
    const font = new mupdf.Font('Helvetica');
    const lineTwips = [...line].reduce((sum, c) => sum + font.advanceGlyph(font.encodeCharacter(c.codePointAt(0)!)) * 12 * 20, 0);
    // Word processors round glyph advances to their own units: a column exactly as wide as the
    // line wraps its last word.
    expect(column - lineTwips).toBeGreaterThanOrEqual(1.5);
  });
});

describe('text widened or narrowed by font expansion', () => {
  it('keeps the size the text is set in on every line, whatever its horizontal scale', async () => {
    const path = tmp.file('expanded.pdf', expandedPdf());
    const page = (await analysePdf({ path })).pages[0]!;
    const runs = paragraphsOf(page).flatMap((p) => p.runs);
    const text = runs.map((r) => r.text).join('');
    for (const { text: line } of EXPANDED) expect(text).toContain(line);
    // 10.909 pt is 11 in half points; MuPDF's size on a line scaled to 98 % is 10.80 (10.5).
    expect(new Set(runs.map((r) => r.size))).toEqual(new Set([11]));
  });
});

describe('pictures in RTF', () => {
  it('embeds each picture at its size, and LibreOffice shows them', async () => {
    const path = tmp.file('figure-rtf.pdf', figurePdf());
    const out = tmp.out('figure.rtf');
    await pdfToRtf({ path }, out);
    const rtf = readFileSync(out, 'latin1');
    const picts = [...rtf.matchAll(/\{\\pict\\(png|jpeg)blip\\picw(\d+)\\pich(\d+)\\picwgoal(\d+)\\pichgoal(\d+)\n([0-9a-f\n]+)\}/g)];
    expect(picts).toHaveLength(2);
    for (const m of picts) {
      const bytes = Buffer.from(m[6]!.replace(/\n/g, ''), 'hex');
      // The hex is the encoded image itself: a PNG (its width as declared) or a JPEG.
      if (m[1] === 'png') {
        expect(bytes.subarray(0, 4).toString('hex')).toBe('89504e47');
        expect(bytes.readUInt32BE(16)).toBe(Number(m[2]));
      } else expect(bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect(Number(m[4])).toBeGreaterThan(0);
    }
    const pool = new OfficePool({ instances: 1 });
    try {
      await pool.convertToPdf(out, tmp.out('figure-rtf-lo.pdf'), { sourceExtension: 'rtf' });
    } finally {
      await pool.close();
    }
    const listed = execFileSync('pdfimages', ['-list', tmp.out('figure-rtf-lo.pdf')], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(listed.filter((line) => line.trim().split(/\s+/)[2] === 'image')).toHaveLength(2);
  }, 120_000);
});

describe('accents drawn over a letter', () => {
  it('makes an accent drawn over a letter that letter\'s mark, and keeps accents set beside letters as they are', async () => {
    const path = tmp.file('accents.pdf', accentsPdf());
    const page = (await analysePdf({ path })).pages[0]!;
    const texts = paragraphsOf(page).map(textOf);
    const all = texts.join('\n');
    for (const line of ACCENTS.over) expect(all).toContain(line);
    expect(all).toContain(ACCENTS.beside);
    expect(all).not.toMatch(/\u02dcf|f\u02dc|o\u00a8/);
  });
});

describe('characters outside the Basic Multilingual Plane', () => {
  it('keeps mathematical letters and flag emoji whole in Word and in text', async () => {
    const path = tmp.file('supplementary.pdf', supplementaryPdf());
    const docx = tmp.out('supplementary.docx');
    await pdfToWord({ path }, docx);
    expect(wordParagraphs(unzip(docx, 'word/document.xml')).join('')).toBe(SUPPLEMENTARY_TEXT);
    const txt = tmp.out('supplementary.txt');
    await pdfToTxt({ path }, txt);
    expect(readFileSync(txt, 'utf8').trim()).toBe(SUPPLEMENTARY_TEXT);
  });
});

describe('figures and pictures beside text', () => {
  it('turns a vector drawing and its label into a picture, and floats a picture with text beside it', async () => {
    const path = tmp.file('figure.pdf', figurePdf());
    const page = (await analysePdf({ path })).pages[0]!;
    const images = page.blocks.filter((b) => b.kind === 'image');
    expect(images).toHaveLength(2);
    const [drawing, picture] = images as Array<Extract<(typeof images)[number], { kind: 'image' }>>;
    // The circle (150..250 wide) with its label at 256.. is drawn into one picture, in the flow.
    expect(drawing!.bbox.x0).toBeCloseTo(149, 0);
    expect(drawing!.bbox.x1).toBeGreaterThan(270);
    expect(drawing!.float).toBeUndefined();
    expect(picture!.float).toBe(true);
    const text = paragraphsOf(page).map(textOf).join(' ');
    expect(text).not.toContain('r = 1');
    expect(text).toContain('Beside the picture runs line number 6 of text.');
    const order = page.blocks.map((b) => (b.kind === 'paragraph' ? textOf(b).slice(0, 12) : b.kind));
    expect(order.slice(0, 3)).toEqual(['A paragraph ', 'image', 'A paragraph ']);

    const docx = tmp.out('figure.docx');
    await pdfToWord({ path }, docx);
    const xml = unzip(docx, 'word/document.xml');
    expect((xml.match(/<wp:inline /g) ?? []).length).toBe(1);
    expect(xml).toMatch(/<wp:anchor [^>]*><wp:simplePos [^>]*\/><wp:positionH relativeFrom="page"><wp:posOffset>5080000<\/wp:posOffset>/);
    expect(xml).toContain('<wp:wrapSquare wrapText="bothSides"');
  });
});

/** The RGB of a pixel of an encoded picture, `fx` and `fy` as fractions of its width and height. */
function pixelAt(data: Uint8Array, fx: number, fy: number): number[] {
  const image = new mupdf.Image(data);
  const pixmap = image.toPixmap();
  try {
    const rgb = pixmap.getColorSpace()?.isRGB() ? pixmap : pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
    const n = rgb.getNumberOfComponents() + rgb.getAlpha();
    const x = Math.floor(fx * rgb.getWidth());
    const y = Math.floor(fy * rgb.getHeight());
    const i = (y * rgb.getWidth() + x) * n;
    return [...rgb.getPixels().slice(i, i + 3)];
  } finally {
    pixmap.destroy();
  }
}

describe('images that their own pixels do not show as drawn', () => {
  it('keeps a 1-bit stencil mask as a picture in its fill colour, painted where the mask paints', async () => {
    const path = tmp.file('mask.pdf', stencilMaskPdf());
    const page = (await analysePdf({ path })).pages[0]!;
    const images = page.blocks.filter((b) => b.kind === 'image');
    expect(images).toHaveLength(1);
    const mask = images[0]!;
    expect(mask.bbox).toMatchObject({ x0: 72, y0: 142, x1: 272, y1: 242 });
    // The top row of cells: unpainted, painted (blue), unpainted, painted.
    expect(pixelAt(mask.data, 1 / 8, 1 / 8)).toEqual([255, 255, 255]);
    expect(pixelAt(mask.data, 3 / 8, 1 / 8)).toEqual([0, 0, 255]);
    expect(page.blocks.map((b) => b.kind)).toEqual(['paragraph', 'image', 'paragraph']);
  });

  it('makes a mask drawn over a picture one picture with it, as seen, not two stacked ones', async () => {
    const path = tmp.file('mask-over-image.pdf', stencilMaskPdf({ overImage: true }));
    const page = (await analysePdf({ path })).pages[0]!;
    const images = page.blocks.filter((b) => b.kind === 'image');
    expect(images).toHaveLength(1);
    expect(images[0]!.bbox).toMatchObject({ x0: 72, y0: 142, x1: 272, y1: 242 });
    // The picture where the mask leaves it, the mask's colour where it paints (within rounding).
    const near = (rgb: number[], want: number[]): boolean => rgb.every((v, i) => Math.abs(v - want[i]!) <= 3);
    expect(near(pixelAt(images[0]!.data, 1 / 8, 1 / 8), [0, 255, 0])).toBe(true);
    expect(near(pixelAt(images[0]!.data, 3 / 8, 1 / 8), [0, 0, 255])).toBe(true);
  });

  it('keeps a picture turned on the page as it stands there, not as its pixels are stored', async () => {
    const path = tmp.file('turned.pdf', turnedImagePdf());
    const page = (await analysePdf({ path })).pages[0]!;
    const images = page.blocks.filter((b) => b.kind === 'image');
    expect(images).toHaveLength(1);
    const picture = images[0]!;
    expect(picture.bbox.x1 - picture.bbox.x0).toBeCloseTo(40, 0);
    expect(picture.bbox.y1 - picture.bbox.y0).toBeCloseTo(80, 0);
    // Upright like its box (the stored pixels are twice as wide as tall) ...
    expect(picture.pixelHeight / picture.pixelWidth).toBeCloseTo(2, 1);
    // ... with the red corner at the bottom left, where the page shows it.
    expect(pixelAt(picture.data, 0.1, 0.95)).toEqual([255, 0, 0]);
    expect(pixelAt(picture.data, 0.1, 0.05)).toEqual([0, 0, 255]);
    expect(pixelAt(picture.data, 0.9, 0.95)).toEqual([0, 0, 255]);
  });
});

describe('shaded cells and highlighted text', () => {
  it('keeps the fill of a header row with white text and of a highlighted word, in the layout and in Word', async () => {
    const path = tmp.file('shaded.pdf', shadedPdf());
    const page = (await analysePdf({ path })).pages[0]!;
    const table = page.blocks.find((b): b is Table => b.kind === 'table');
    expect(table?.rows.map((r) => r.cells.map((c) => c.shading ?? null))).toEqual([
      [SHADED.headerFill, SHADED.headerFill, SHADED.headerFill],
      [null, null, null],
      [null, null, null],
    ]);
    expect(table!.rows[0]!.cells.map((c) => c.text.map(textOf).join(''))).toEqual(SHADED.header);
    expect(table!.rows[0]!.cells[0]!.text[0]!.runs[0]).toMatchObject({ color: 'ffffff', bold: true });
    const line = paragraphsOf(page).find((p) => textOf(p).startsWith(SHADED.before.trim()))!;
    expect(line.runs.filter((r) => r.shading).map((r) => [r.text.trim(), r.shading])).toEqual([[SHADED.highlighted, SHADED.highlight]]);

    const docx = tmp.out('shaded.docx');
    await pdfToWord({ path }, docx);
    const xml = unzip(docx, 'word/document.xml');
    const cells = [...xml.matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((m) => m[0]);
    expect(cells).toHaveLength(9);
    for (const cell of cells.slice(0, 3)) expect(cell).toMatch(new RegExp(`<w:tcPr>[\\s\\S]*<w:shd [^>]*w:fill="${SHADED.headerFill}"`, 'i'));
    for (const cell of cells.slice(3)) expect(cell).not.toContain('<w:shd');
    const highlighted = wordParagraphXml(docx).find((p) => p.includes(SHADED.highlighted))!;
    const runs = [...highlighted.matchAll(/<w:r>[\s\S]*?<\/w:r>/g)].map((m) => m[0]);
    expect(runs.filter((r) => r.includes('<w:shd')).map((r) => /<w:t[^>]*>([^<]*)</.exec(r)![1]!.trim())).toEqual([SHADED.highlighted]);
    expect(highlighted).toMatch(new RegExp(`<w:shd [^>]*w:fill="${SHADED.highlight}"`, 'i'));
  });
});

describe('a page whose text would run past its bottom', () => {
  it('stays one page in Word: the fitting pass tightens the lines so that LibreOffice lays them out on one page', async () => {
    const { pages, texts } = await roundTrip('tight-lines', tmp.file('tight-lines.pdf', tightLinesPdf()));
    expect(pages).toBe(1);
    expect(texts[0]).toContain(TIGHT_LINES.heading);
    expect(texts[0]).toContain(TIGHT_LINES.entries[TIGHT_LINES.entries.length - 1]);
  }, 120_000);
});

describe('a bar chart drawn with filled paths', () => {
  it('is one picture at the chart with its axis labels, in the DOCX the labels framed over it, and the labels are not also flowing paragraphs', async () => {
    const path = tmp.file('bar-chart.pdf', barChartPdf());
    const page = (await analysePdf({ path })).pages[0]!;
    expect(page.blocks.map((b) => b.kind)).toEqual(['paragraph', 'image', 'paragraph']);
    // The bars and axes (120..400 across, 560..700 up from the bottom), the quarter labels
    // under them and the ticks left of the axis (from x = 100).
    const chart = page.blocks[1]!.bbox;
    expect(chart.x0).toBeLessThan(101);
    expect(chart.x1).toBeGreaterThan(399);
    expect(chart.y0).toBeLessThan(842 - 700);
    expect(chart.y1).toBeGreaterThan(842 - 550);
    expect(paragraphsOf(page).map(textOf)).toEqual([BAR_CHART.above, BAR_CHART.below]);

    const docx = tmp.out('bar-chart.docx');
    await pdfToWord({ path }, docx);
    const xml = unzip(docx, 'word/document.xml');
    expect(xml.match(/<pic:pic\b/g)).toHaveLength(1);
    const flowing = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => m[0]).filter((p) => !p.includes('<w:framePr'));
    expect(wordParagraphs(flowing.join('')).filter((t) => t !== '')).toEqual([BAR_CHART.above, BAR_CHART.below]);
    const framed = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => m[0]).filter((p) => p.includes('<w:framePr'));
    expect(wordParagraphs(framed.join('')).sort()).toEqual([...BAR_CHART.quarters, ...BAR_CHART.ticks].sort());
  });

  it('keeps a title set inside the chart as text and out of the picture, while its ticks go with the picture', async () => {
    const path = tmp.file('titled-bar-chart.pdf', barChartPdf({ title: true }));
    const page = (await analysePdf({ path })).pages[0]!;
    expect(page.blocks.filter((b) => b.kind === 'image')).toHaveLength(1);
    expect(paragraphsOf(page).map(textOf)).toEqual([BAR_CHART.above, BAR_CHART.title, BAR_CHART.below]);
  });
});

describe('a chart drawn in a cell of a ruled page', () => {
  it('comes before the table, so the DOCX anchors its picture above the table on the same page', async () => {
    const path = tmp.file('chart-in-table.pdf', chartInTablePdf());
    const page = (await analysePdf({ path })).pages[0]!;
    expect(page.blocks.map((b) => b.kind)).toEqual(['image', 'table']);
    expect(page.blocks[0]).toMatchObject({ float: true });
    const docx = tmp.out('chart-in-table.docx');
    await pdfToWord({ path }, docx);
    const xml = unzip(docx, 'word/document.xml');
    expect(xml.indexOf('<wp:anchor')).toBeGreaterThan(0);
    expect(xml.indexOf('<wp:anchor')).toBeLessThan(xml.indexOf('<w:tbl>'));
    expect(xml).toContain(CHART_IN_TABLE.rows[0]!.split(' ')[0]);
  });
});

describe('text printed over itself', () => {
  it('reads a title printed three times a few tenths of a point apart once, and keeps doubled letters and leader dots', async () => {
    const path = tmp.file('overprinted.pdf', overprintedPdf());
    const page = (await analysePdf({ path })).pages[0]!;
    expect(paragraphsOf(page).map(textOf)).toEqual([OVERPRINTED.bold, OVERPRINTED.plain]);
  });
});

describe('pdfToWord', () => {
  let document: string;
  let docx: string;
  const progress: number[] = [];
  beforeAll(async () => {
    docx = tmp.out('report.docx');
    await pdfToWord({ path: pdf }, docx, (p) => progress.push(p));
    document = unzip(docx, 'word/document.xml');
  });

  it('writes flowing paragraphs, never text boxes or frames', () => {
    expect(document).not.toMatch(/txbxContent|w:framePr|<v:shape|wp:anchor/);
    const paragraphs = wordParagraphs(document);
    expect(paragraphs).toContain(`${REPORT.paragraph.join(' ')} ${REPORT.bold} results were read ${REPORT.italic} and one ${REPORT.red} was noted.`);
    expect(paragraphs).toContain(REPORT.left.join(' '));
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('keeps fonts, sizes, bold, italic, colour and exact line spacing', () => {
    expect(document).toMatch(/<w:rFonts w:ascii="Times New Roman"/);
    expect(document).toMatch(/<w:rFonts w:ascii="Arial"[^>]*\/>(<[^>]+>)*<w:b\/>/);
    const runOf = (word: string): string => document.match(new RegExp(`<w:r>(?:(?!<w:r>)[\\s\\S])*?${word}[^<]*</w:t>`))?.[0] ?? '';
    expect(runOf(REPORT.bold)).toContain('<w:b/>');
    expect(runOf(REPORT.italic)).toContain('<w:i/>');
    expect(runOf(REPORT.red)).toContain('w:val="ff0000"');
    expect(runOf('The survey')).toContain('<w:sz w:val="22"/>');
    expect(document).toMatch(/<w:spacing [^>]*w:line="280" w:lineRule="exact"/);
    expect(document).toMatch(/<w:pStyle w:val="Heading1"\/>/);
  });

  it('writes real Word tables: the ruled one with borders (its grid\'s as the table\'s), the borderless one without', () => {
    const tables = [...document.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((m) => m[0]);
    expect(tables).toHaveLength(2);
    const grid = (xml: string): string[][] => [...xml.matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((r) => [...r[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((c) => wordParagraphs(c[0]).join(' ')));
    expect(grid(tables[0]!)).toEqual(REPORT.ruled);
    expect(grid(tables[1]!)).toEqual(REPORT.loose);
    // The grid is ruled throughout, every edge of every cell in black: the table's borders draw
    // them all, outside and inside, and no cell has a set of its own.
    const borders = /<w:tblBorders>([\s\S]*?)<\/w:tblBorders>/.exec(tables[0]!)?.[1] ?? '';
    for (const side of ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']) expect(borders).toMatch(new RegExp(`<w:${side} w:val="single" w:color="000000"`));
    expect(tables[0]).not.toContain('<w:tcBorders>');
    expect(tables[1]).toMatch(/<w:tblBorders><w:top w:val="none"/);
  });

  it('numbers the list, places the image inline, sets two columns and the page size', () => {
    expect((document.match(/<w:numPr>/g) ?? []).length).toBe(3);
    expect(unzip(docx, 'word/numbering.xml')).toContain('w:val="bullet"');
    expect(document).toMatch(/<wp:inline[\s\S]*?<wp:extent cx="1524000" cy="10\d{5}"\/>/);
    expect(zipEntries(docx).some((e) => e.startsWith('word/media/'))).toBe(true);
    expect(document).toMatch(/<w:cols w:space="\d+" w:num="2" w:equalWidth="(0|false)">/);
    expect(document).toMatch(/<w:pgSz w:w="11900" w:h="16840"/);
    expect(document).toContain('<w:br w:type="column"/>');
  });

  it('puts the running header and the page number into the header and footer parts', () => {
    const entries = zipEntries(docx);
    const headers = entries.filter((e) => /^word\/header\d+\.xml$/.test(e)).map((e) => unzip(docx, e));
    const footers = entries.filter((e) => /^word\/footer\d+\.xml$/.test(e)).map((e) => unzip(docx, e));
    expect(headers.some((h) => h.includes(REPORT.header))).toBe(true);
    expect(footers.some((f) => /PAGE/.test(f))).toBe(true);
    expect(document).not.toContain(REPORT.header);
  });
});

describe('pdfToTxt, pdfToRtf, pdfToEpub, pdfToPages', () => {
  it('writes the text in reading order, paragraphs separated by blank lines, columns not interleaved', async () => {
    const out = tmp.out('report.txt');
    await pdfToTxt({ path: pdf }, out);
    const text = readFileSync(out, 'utf8');
    const paragraphs = text.split(/\n\n|\n\f\n/);
    expect(paragraphs).toContain(REPORT.heading);
    expect(paragraphs).toContain(REPORT.left.join(' '));
    expect(text.indexOf(REPORT.left.at(-1)!)).toBeLessThan(text.indexOf(REPORT.right[0]!));
    expect(text).toContain(REPORT.loose.map((r) => r.join('\t')).join('\n'));
    expect(text).not.toContain(REPORT.header);
    expect(text).toContain('\f');
  });

  it('writes RTF with a font table, a colour table and styled runs', async () => {
    const out = tmp.out('report.rtf');
    await pdfToRtf({ path: pdf }, out);
    const rtf = readFileSync(out, 'latin1');
    expect(rtf.startsWith('{\\rtf1\\ansi')).toBe(true);
    expect(rtf).toMatch(/\{\\fonttbl\{\\f0\\fnil\\fcharset0 Times New Roman;\}/);
    expect(rtf).toContain('\\red255\\green0\\blue0;');
    expect(rtf).toMatch(new RegExp(`\\\\b\\\\cf1 ${REPORT.bold}`));
    expect(rtf).toMatch(new RegExp(`\\\\i\\\\cf1 ${REPORT.italic}`));
    expect(rtf).toContain('\\trowd');
    expect(rtf).toContain('\\u8226?');
  });

  it('writes an EPUB 3 with mimetype first and stored, container, OPF and navigation', async () => {
    const out = tmp.out('report.epub');
    await pdfToEpub({ path: pdf }, out);
    const bytes = readFileSync(out);
    // The first local header: stored (method 0), no extra field, named mimetype.
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(8)).toBe(0);
    expect(bytes.readUInt16LE(28)).toBe(0);
    expect(bytes.toString('latin1', 30, 38)).toBe('mimetype');
    expect(bytes.toString('latin1', 38, 58)).toBe('application/epub+zip');
    const entries = zipEntries(out);
    expect(entries).toEqual(expect.arrayContaining(['META-INF/container.xml', 'OEBPS/content.opf', 'OEBPS/nav.xhtml', 'OEBPS/chapter-1.xhtml', 'OEBPS/images/image-1.png']));
    const opf = unzip(out, 'OEBPS/content.opf');
    expect(opf).toContain('properties="nav"');
    expect(opf).toContain('<itemref idref="c1"/>');
    expect(unzip(out, 'OEBPS/nav.xhtml')).toContain(REPORT.heading);
    expect(unzip(out, 'OEBPS/chapter-1.xhtml')).toContain(`<h1><b>${REPORT.heading}</b></h1>`);
  });

  it('writes an EPUB that epubcheck passes with no error or warning', async () => {
    const out = tmp.out('report-checked.epub');
    await pdfToEpub({ path: pdf }, out);
    expect(epubcheck(out)).toEqual([]);
  });

  it('writes a Pages package whose index.xml holds the text as paragraphs', async () => {
    const out = tmp.out('report.pages');
    await pdfToPages({ path: pdf }, out);
    expect(zipEntries(out)).toEqual(['index.xml']);
    const xml = unzip(out, 'index.xml');
    expect(xml).toContain('<sl:document xmlns:sfa="http://developer.apple.com/namespaces/sfa" xmlns:sf="http://developer.apple.com/namespaces/sf"');
    expect(xml).toMatch(new RegExp(`<sf:p sf:style="[^"]+"><sf:span sf:style="[^"]+">${REPORT.heading}</sf:span><sf:br/></sf:p>`));
    expect(xml).toContain(`<sf:p>${REPORT.loose[1]!.join('<sf:tab/>')}<sf:br/></sf:p>`);
  });

  it('writes Pages text that LibreOffice shows with its fonts, sizes, styles and colour', async () => {
    const out = tmp.out('styled.pages');
    await pdfToPages({ path: pdf }, out);
    const pool = new OfficePool({ instances: 1 });
    try {
      await pool.convertToPdf(out, tmp.out('styled-pages.pdf'), { sourceExtension: 'pages' });
    } finally {
      await pool.close();
    }
    // Each word of the page as LibreOffice set it: its font's weight and slant, size and colour.
    const doc = mupdf.Document.openDocument(readFileSync(tmp.out('styled-pages.pdf')), 'application/pdf');
    const words = new Map<string, { bold: boolean; italic: boolean; size: number; color: string }>();
    try {
      for (let i = 0; i < doc.countPages(); i++) {
        let word = '';
        let look: { bold: boolean; italic: boolean; size: number; color: string } | undefined;
        const flush = (): void => {
          if (word && look && !words.has(word)) words.set(word, look);
          word = '';
          look = undefined;
        };
        doc.loadPage(i).toStructuredText('').walk({
          onChar(c, _origin, font, size, _quad, color) {
            if (/\s/.test(c)) return flush();
            word += c;
            look ??= { bold: font.isBold() || /bold/i.test(font.getName()), italic: font.isItalic() || /italic|oblique/i.test(font.getName()), size: Math.round(size), color: color.map((v) => Math.round(v * 255)).join(',') };
          },
          endLine: flush,
        });
      }
    } finally {
      doc.destroy();
    }
    expect(words.get('Survey')).toMatchObject({ bold: true, size: 18 });
    expect(words.get(REPORT.bold)).toMatchObject({ bold: true, italic: false, size: 11 });
    expect(words.get(REPORT.italic)).toMatchObject({ bold: false, italic: true, size: 11 });
    expect(words.get(REPORT.red)).toMatchObject({ bold: false, color: '255,0,0' });
    expect(words.get('survey')).toMatchObject({ bold: false, italic: false, size: 11, color: '0,0,0' });
  }, 120_000);
});

describe('command line', () => {
  it('runs every flowing converter under its page name, with --help and usage errors', async () => {
    for (const [name, ext] of [['pdf-to-word', 'docx'], ['pdf-to-txt', 'txt'], ['pdf-to-rtf', 'rtf'], ['pdf-to-epub', 'epub'], ['pdf-to-pages', 'pages']] as const) {
      const out = tmp.out(`cli.${ext}`);
      const run = await cli(name, pdf, '-o', out);
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ output: out });
      expect(readFileSync(out).length).toBeGreaterThan(0);
      expect((await cli(name, '--help')).stdout).toContain(`pagewright ${name} <in.pdf> -o <out.${ext}>`);
    }
    expect((await cli('pdf-to-txt', pdf)).status).toBe(2);
    const locked = await cli('pdf-to-word', tmp.file('cli-locked.pdf', reportPdf({ encrypt: 'secret123' })), '-o', tmp.out('cli-locked.docx'));
    expect(locked.status).toBe(1);
    expect(locked.stderr).toMatch(/^error 3122:/);
  });
});

describe('errors', () => {
  it('asks for the password of an encrypted PDF, rejects a wrong one, opens with the right one', async () => {
    const locked = tmp.file('locked.pdf', reportPdf({ encrypt: 'secret123' }));
    expect((await errorOf(pdfToWord({ path: locked }, tmp.out('locked.docx')))).code).toBe(3122);
    expect((await errorOf(pdfToTxt({ path: locked, password: 'nope' }, tmp.out('locked.txt')))).code).toBe('INCORRECT_PASSWORD');
    await pdfToTxt({ path: locked, password: 'secret123' }, tmp.out('unlocked.txt'));
    expect(readFileSync(tmp.out('unlocked.txt'), 'utf8')).toContain(REPORT.heading);
  });

  it('refuses what is not a PDF and leaves no file behind', async () => {
    const before = readdirSync(tmp.dir).length;
    const notPdf = tmp.file('note.pdf', Buffer.from('just text'));
    expect((await errorOf(pdfToEpub({ path: notPdf }, tmp.out('note.epub')))).code).toBe('FILE_TYPE_ERROR');
    expect((await errorOf(pdfToRtf({ path: tmp.out('missing.pdf') }, tmp.out('missing.rtf')))).code).toBe('INVALID_PARAMS');
    expect(readdirSync(tmp.dir)).toHaveLength(before + 1);
  });

  it('converts a page without text into an empty but valid document', async () => {
    const blank = tmp.file('blank.pdf', buildPdf({ pages: [''] }));
    await pdfToWord({ path: blank }, tmp.out('blank.docx'));
    expect(unzip(tmp.out('blank.docx'), 'word/document.xml')).toContain('<w:body>');
    await pdfToTxt({ path: blank }, tmp.out('blank.txt'));
    expect(readFileSync(tmp.out('blank.txt'), 'utf8').trim()).toBe('');
  });
});

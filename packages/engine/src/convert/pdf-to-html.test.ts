import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { maskedImagePdf, RICH, richPdf } from '../../test/convert-fixtures.js';
import { UNKNOWN_FONT_LINES, buildPdf, unknownFontPdf } from '../../test/fixtures.js';
import { ChromiumRenderer } from '../office/chromium.js';
import { mupdf } from '../mupdf.js';
import { errorOf, useTempDir } from '../../test/harness.js';
import { pdfToHtml } from './pdf-to-html.js';
import { readPage } from './positional.js';

const tmp = useTempDir('pagewright-pdf-to-html-');

/** Text content of the HTML: tags dropped, entities decoded, whitespace collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function expectNoScript(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).toContain("Content-Security-Policy");
}

describe('pdfToHtml', () => {
  it('fixed: places styled, selectable text, embeds the picture and the vector art, never a script', async () => {
    const input = tmp.file('rich.pdf', richPdf());
    await pdfToHtml({ path: input }, tmp.out('fixed.html'));
    const html = readFileSync(tmp.out('fixed.html'), 'utf8');
    expectNoScript(html);
    const text = visibleText(html);
    for (const t of [RICH.title, RICH.body, RICH.red, RICH.script]) expect(text).toContain(t);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // One page box at the page's size.
    expect(html).toMatch(/class="page"[^>]*width:400pt;height:300pt/);
    // The title at its place: 20 pt from the left, its baseline 50 pt from the top (24 pt text
    // in Helvetica, drawn as Arial: the baseline (1 + 0.905 - 0.212) / 2 em below the box top).
    const title = new RegExp(`<span style="left:20pt;top:([\\d.]+)pt;[^"]*font-size:24pt;font-weight:bold">${RICH.title}</span>`).exec(html);
    expect(title).not.toBeNull();
    expect(Number(title![1])).toBeCloseTo(50 - 24 * ((1 + 0.905 - 0.212) / 2), 1);
    expect(html).toMatch(/font-size:14pt;font-style:italic;color:#ff0000">Red words</);
    // The raster picture in place (a JPEG data URI) and the vector-art background (PNG).
    const { x, y, w, h } = RICH.image;
    expect(html).toContain(`style="left:${x}pt;top:${y}pt;width:${w}pt;height:${h}pt"`);
    expect(html).toMatch(/<img alt="" src="data:image\/jpeg;base64,/);
    expect(html).toMatch(/<img class="art" alt="" src="data:image\/png;base64,/);
    // Nothing refers outside the file.
    expect(html).not.toMatch(/(src|href)="(?!data:)/);
  });

  it('reflow: the text in reading order with the picture, never a script', async () => {
    const input = tmp.file('rich2.pdf', richPdf(2));
    await pdfToHtml({ path: input }, tmp.out('reflow.html'), { layout: 'reflow' });
    const html = readFileSync(tmp.out('reflow.html'), 'utf8');
    expectNoScript(html);
    const text = visibleText(html);
    const at = [RICH.title, RICH.body, RICH.red, RICH.script].map((t) => text.indexOf(t));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html.match(/<article/g)).toHaveLength(2);
    expect(html).toMatch(/<img [^>]*src="data:image\/(jpeg|png);base64,/);
    expect(html).not.toContain('position:absolute');
  });

  it('keeps the transparency of a soft-masked picture (PNG with alpha)', async () => {
    const input = tmp.file('masked.pdf', maskedImagePdf());
    await pdfToHtml({ path: input }, tmp.out('masked.html'));
    const html = readFileSync(tmp.out('masked.html'), 'utf8');
    const uri = /<img alt="" src="data:image\/png;base64,([^"]+)" style="left:50pt/.exec(html);
    expect(uri).not.toBeNull();
    const { data, info } = await sharp(Buffer.from(uri![1]!, 'base64')).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([20, 10, 4]);
    const at = (x: number, y: number): number[] => [...data.subarray((y * 20 + x) * 4, (y * 20 + x) * 4 + 4)];
    expect(at(2, 5)[3]).toBe(0);
    expect(at(15, 5)).toEqual([220, 30, 30, 255]);
  });

  it('keeps a page without art free of a background picture', async () => {
    const input = tmp.file('plain.pdf', buildPdf({ pages: ['Only text & <b>tags</b>'] }));
    await pdfToHtml({ path: input }, tmp.out('plain.html'));
    const html = readFileSync(tmp.out('plain.html'), 'utf8');
    expect(html).not.toContain('class="art"');
    expect(html).toContain('Only text &amp; &lt;b&gt;tags&lt;/b&gt;');
  });

  it('refuses an unknown layout and a non-PDF, leaving nothing behind', async () => {
    const input = tmp.file('x.pdf', buildPdf({ pages: ['x'] }));
    const before = readdirSync(tmp.dir).length;
    expect((await errorOf(pdfToHtml({ path: input }, tmp.out('x.html'), { layout: 'wide' as 'fixed' }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(pdfToHtml({ path: tmp.file('x.txt', Buffer.from('hello')) }, tmp.out('x.html')))).code).toBe('FILE_TYPE_ERROR');
    expect(readdirSync(tmp.dir).length).toBe(before + 1);
  });
});

describe('pdfToHtml fixed layout in a browser', () => {
  it('draws each line on its baseline and as wide as in the PDF, in a font of the same widths when the PDF names one no system has', async () => {
    const input = tmp.file('unknown-fonts.pdf', unknownFontPdf());
    await pdfToHtml({ path: input }, tmp.out('unknown-fonts.html'), { layout: 'fixed' });
    // After the PDF's own name, the family with its widths: a browser whose default serif is
    // DejaVu Serif (Firefox on Linux) would set the line a sixth wider.
    const html = readFileSync(tmp.out('unknown-fonts.html'), 'utf8');
    expect(html).toContain('font-family:&#39;CMR10&#39;, &#39;Times New Roman&#39;, serif');
    expect(html).toContain('font-family:&#39;CMSS10&#39;, &#39;Arial&#39;, sans-serif');
    const chromium = new ChromiumRenderer(async () => tmp.dir);
    try {
      await chromium.htmlToPdf(tmp.out('unknown-fonts.html'), tmp.out('unknown-fonts-printed.pdf'), 60_000);
    } finally {
      await chromium.close();
    }
    const measure = (path: string): { art?: number[]; lines: Map<string, { base: number; x0: number; x1: number }> } => {
      const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
      const lines = new Map<string, { base: number; x0: number; x1: number }>();
      let art: number[] | undefined;
      try {
        let text = '';
        let line: { base: number; x0: number; x1: number } | undefined;
        doc.loadPage(0).toStructuredText('preserve-images').walk({
          onImageBlock(bbox) {
            art ??= [...bbox];
          },
          beginLine() {
            text = '';
            line = undefined;
          },
          onChar(c, origin, _font, _size, quad) {
            text += c;
            line ??= { base: origin[1], x0: quad[0], x1: quad[2] };
            line.x1 = Math.max(line.x1, quad[2], quad[6]);
          },
          endLine() {
            if (line) lines.set(text.trim(), line);
          },
        });
      } finally {
        doc.destroy();
      }
      return { art, lines };
    };
    const original = measure(input);
    const printed = measure(tmp.out('unknown-fonts-printed.pdf'));
    // The page's vector art fills the page: where the page sits on the printed sheet, and its scale.
    const [ox, oy, ox1] = printed.art!;
    const scale = (ox1! - ox!) / 595;
    for (const { text, baseline } of UNKNOWN_FONT_LINES) {
      const a = original.lines.get(text)!;
      const b = printed.lines.get(text)!;
      expect(a.base).toBeCloseTo(baseline, 0);
      // A fixed 0.8 em from the top put 40 pt lines 1.5 to 1.9 pt low.
      expect(Math.abs((b.base - oy!) / scale - baseline), text).toBeLessThan(0.6);
      expect(Math.abs((b.x1 - b.x0) / scale / (a.x1 - a.x0) - 1), text).toBeLessThan(0.03);
    }
  }, 120_000);
});

describe('pdfToHtml fixed layout of right-to-left text', () => {
  it('places each Arabic run by the left end of its glyphs, where MuPDF gives its rightmost glyph first', async () => {
    const arabic = 'هذه فقرة عربية طويلة بما يكفي لتلتف على عدة أسطر في الصفحة، وهي تحتوي على رقم 2024 وكلمة English في وسطها.';
    const input = await tmp.printed('arabic.pdf', `<html><head><meta charset="utf-8"><style>body{font-family:'DejaVu Sans';font-size:14px;width:400px}</style></head><body><p dir="rtl">${arabic}</p></body></html>`);
    const doc = mupdf.Document.openDocument(readFileSync(input), 'application/pdf');
    let runs: { text: string; left: number }[];
    try {
      const page = readPage(doc.loadPage(0) as InstanceType<typeof mupdf.PDFPage>, false);
      runs = page.blocks.flatMap((b) => b.lines.flatMap((l) => l.spans)).filter((s) => /[\u0600-\u06ff]{3}/.test(s.text)).map((s) => ({ text: s.text, left: s.bbox[0] }));
    } finally {
      doc.destroy();
    }
    expect(runs.length).toBeGreaterThanOrEqual(3);
    await pdfToHtml({ path: input }, tmp.out('arabic.html'), { layout: 'fixed' });
    const html = readFileSync(tmp.out('arabic.html'), 'utf8');
    for (const run of runs) {
      const left = new RegExp(`<span style="left:([\\d.]+)pt;[^"]*">${run.text}</span>`).exec(html);
      expect(left, run.text).not.toBeNull();
      // The first glyph's origin put a run of a whole line 290 pt to the right, off the page.
      expect(Math.abs(Number(left![1]) - run.left), run.text).toBeLessThan(0.5);
    }
  }, 120_000);
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mupdf } from '../mupdf.js';
import { REPORT, reportPdf } from '../../test/layout-fixtures.js';
import { useTempDir } from '../../test/harness.js';
import { readTextBoxes, type TextBoxPage } from './boxes.js';
import { similarityOutsideBoxes } from './similarity.js';
import { writeTranslation } from './write.js';

const tmp = useTempDir('pagewright-translate-');

interface Found {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  fonts: Set<string>;
}

/** The lines of a page with where they stand (top-left page space) and their fonts. */
function pageLines(path: string, index: number): Found[] {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const page = doc.loadPage(index);
    const stext = page.toStructuredText('preserve-whitespace');
    const lines: Found[] = [];
    let current: Found | null = null;
    stext.walk({
      beginLine(bbox) {
        current = { text: '', x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], fonts: new Set() };
      },
      onChar(c, _origin, font) {
        current!.text += c;
        current!.fonts.add(font.getName());
      },
      endLine() {
        lines.push(current!);
      },
    });
    stext.destroy();
    page.destroy();
    return lines;
  } finally {
    doc.destroy();
  }
}

function imageCount(path: string): number {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  let n = 0;
  try {
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      page.toStructuredText('preserve-images').walk({ onImageBlock: () => void n++ });
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
  return n;
}

/** A stand-in translation (the engine does not translate; Apertium is tested in packages/ai): a quarter longer, as Spanish runs. */
function spanishOf(pages: TextBoxPage[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const page of pages) {
    for (const box of page.boxes) {
      out[box.id] = box.text === REPORT.heading ? 'Resultados de la encuesta regional' : `${box.text} ${box.text.slice(0, Math.ceil(box.text.length / 4))}`;
    }
  }
  return out;
}

describe('translating a PDF in place', () => {
  it('reads the paragraphs of the layout analysis as text boxes, header and table cells included', async () => {
    const input = tmp.file('report.pdf', reportPdf());
    const pages = await readTextBoxes({ path: input });
    expect(pages).toHaveLength(2);
    const texts = pages[0]!.boxes.map((b) => b.text);
    expect(texts).toContain(REPORT.heading);
    expect(texts).toContain(REPORT.header);
    expect(texts.some((t) => t.startsWith(REPORT.paragraph[0]!.slice(0, 30)))).toBe(true);
    expect(texts).toContain('Region');
    // The page number has no letter: nothing to translate, no box.
    expect(texts).not.toContain('1');
  });

  it('replaces each paragraph in its box, removes the original text, fits every box and keeps images and rules', async () => {
    const input = tmp.file('report.pdf', reportPdf());
    const pages = await readTextBoxes({ path: input });
    const output = tmp.out('report-es.pdf');
    const fit = await writeTranslation({ path: input }, output, { pages, translations: spanishOf(pages), layout: 'translated', rtl: false, breakAnywhere: false });
    expect(fit.boxes).toBeGreaterThan(10);
    expect(fit.overflowing).toBe(0);
    expect(fit.shrunk).toBeGreaterThan(0);

    const before = pageLines(input, 0).find((l) => l.text.includes(REPORT.heading))!;
    const after = pageLines(output, 0);
    expect(after.some((l) => l.text.includes(REPORT.heading))).toBe(false);
    const heading = after.find((l) => l.text.includes('Resultados de la encuesta'))!;
    expect(heading).toBeDefined();
    expect(Math.abs(heading.x0 - before.x0)).toBeLessThan(2);
    expect(Math.abs(heading.y0 - before.y0)).toBeLessThan(before.y1 - before.y0);
    expect(imageCount(output)).toBe(imageCount(input));
    const similarity = await similarityOutsideBoxes(input, output, pages);
    for (const value of similarity) expect(value).toBeGreaterThanOrEqual(0.98);
  });

  it('writes the bilingual variant as each original page followed by its translation', async () => {
    const input = tmp.file('report.pdf', reportPdf());
    const pages = await readTextBoxes({ path: input });
    const output = tmp.out('report-bilingual.pdf');
    await writeTranslation({ path: input }, output, { pages, translations: spanishOf(pages), layout: 'bilingual', rtl: false, breakAnywhere: false });
    const doc = mupdf.Document.openDocument(readFileSync(output), 'application/pdf');
    expect(doc.countPages()).toBe(4);
    doc.destroy();
    expect(pageLines(output, 0).some((l) => l.text.includes(REPORT.heading))).toBe(true);
    expect(pageLines(output, 1).some((l) => l.text.includes('Resultados de la encuesta'))).toBe(true);
  });

  it('writes the translation as a DOCX holding the translated paragraphs', async () => {
    const input = tmp.file('report.pdf', reportPdf());
    const pages = await readTextBoxes({ path: input });
    const output = tmp.out('report-es.docx');
    await writeTranslation({ path: input }, output, { pages, translations: spanishOf(pages), layout: 'docx', rtl: false, breakAnywhere: false });
    const bytes = readFileSync(output);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('sets a Hebrew translation in a font with Hebrew glyphs, right-aligned in its box', async () => {
    const input = tmp.file('report.pdf', reportPdf());
    const pages = await readTextBoxes({ path: input });
    const headingBox = pages[0]!.boxes.find((b) => b.text === REPORT.heading)!;
    const output = tmp.out('report-he.pdf');
    await writeTranslation({ path: input }, output, {
      pages: [{ ...pages[0]!, boxes: [headingBox] }], translations: { [headingBox.id]: 'תוצאות הסקר' }, layout: 'translated', rtl: true, breakAnywhere: false,
    });
    const line = pageLines(output, 0).find((l) => /[\u05d0-\u05ea]/u.test(l.text))!;
    expect(line).toBeDefined();
    expect([...line.fonts].some((f) => /Hebrew|DejaVu/i.test(f))).toBe(true);
    expect(Math.abs(line.x1 - headingBox.rect.x1)).toBeLessThan(3);
  });

  it('sets Latin text with a character no standard font has in DejaVu Sans, not in a full-width CJK font', async () => {
    const input = tmp.file('report.pdf', reportPdf());
    const pages = await readTextBoxes({ path: input });
    const headingBox = pages[0]!.boxes.find((b) => b.text === REPORT.heading)!;
    const output = tmp.out('report-symbols.pdf');
    await writeTranslation({ path: input }, output, {
      pages: [{ ...pages[0]!, boxes: [headingBox] }], translations: { [headingBox.id]: 'Sea \u03b3\u0303 el camino' }, layout: 'translated', rtl: false, breakAnywhere: false,
    });
    const line = pageLines(output, 0).find((l) => l.text.includes('camino'))!;
    expect([...line.fonts].some((f) => /DejaVu/u.test(f))).toBe(true);
    expect(line.x1 - line.x0).toBeLessThan(headingBox.room.x1 - headingBox.room.x0 + 2);
  });
});

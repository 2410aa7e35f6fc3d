/**
 * A numbered list's numbers, on a PDF the test draws in Helvetica: in LibreOffice's rendering
 * of the DOCX they are set in the items' font and size, as drawn, not in the document's
 * default (a smaller serif number that text extractors read as a column of its own).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';
import { mupdf } from '../mupdf.js';

const tmp = useTempDir('pagewright-list-marks-');
const roundTrip = useWordRoundTrip(tmp);

const show = (size: number, x: number, y: number, text: string): string => `BT 0 0 0 rg /F1 ${size} Tf ${x} ${y} Td (${text}) Tj ET`;

const ITEMS = ['First item of the numbered list', 'Second item of the numbered list', 'Third item of the numbered list'];

/** Font name and size of each character of the first page, by character. */
function fontsOf(pdf: string): Map<string, { font: string; size: number }> {
  const doc = mupdf.Document.openDocument(readFileSync(pdf), 'application/pdf');
  const fonts = new Map<string, { font: string; size: number }>();
  try {
    doc.loadPage(0).toStructuredText('').walk({
      onChar(c, _origin, font, size) {
        if (!fonts.has(c)) fonts.set(c, { font: font.getName(), size: Math.round(size) });
      },
    });
  } finally {
    doc.destroy();
  }
  return fonts;
}

describe('a numbered list', () => {
  it("sets its numbers in the items' font and size", async () => {
    const ops = [
      show(11, 72, 760, 'A paragraph before the list, set in the body of the page.'),
      ...ITEMS.flatMap((item, i) => [show(11, 90, 736 - i * 15, `${i + 1}.`), show(11, 108, 736 - i * 15, item)]),
    ];
    const path = tmp.file('numbered.pdf', opsPdf(ops));
    const trip = await roundTrip('numbered', path);
    expect(trip.xml).toContain('w:numPr');
    const fonts = fontsOf(trip.rendered);
    // "1" is drawn only as a number, "F" only in the items.
    expect(fonts.get('1')).toEqual(fonts.get('F'));
  });
});

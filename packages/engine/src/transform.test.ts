import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropPdf, rotatePdf } from './index.js';
import { mupdf } from './mupdf.js';
import { readBack, tempDir, writePdf, type PdfSpec } from '../test/fixtures.js';
import {
  displayedSize, expectCode, expectQpdfClean, listDir, modifyPdf, pdfinfoPages, pdftotextPages, progressRecorder,
} from '../test/organize-fixtures.js';
import { toolsAvailable } from '../test/tools.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tempDir()));
afterAll(() => cleanup());

const rich: PdfSpec = {
  pages: ['First', 'Second', 'Third'],
  rotate: 90,
  outline: [{ title: 'One', page: 0, children: [{ title: 'Three', page: 2 }] }],
  links: [{ page: 0, toPage: 2 }, { page: 1, uri: 'https://example.com/' }],
  note: 'a sticky note',
  fields: [[1, 'name', 'value']],
};

/** Everything a viewer shows besides the page geometry: must not change. */
function navigation(path: string): unknown {
  const back = readBack(readFileSync(path));
  // A link's URI names the target position on the displayed page, which turning moves: left out.
  const links = back.links.map(({ on, target, external }) => ({ on, target, external }));
  return { texts: back.texts, outline: back.outline, links, annotations: back.annotations, widgets: back.widgets };
}

describe.skipIf(!toolsAvailable('rotatePdf', 'pdftotext', 'pdfinfo'))('rotatePdf', () => {
  it('turns only the named pages clockwise, on top of their rotation, keeping outline, links and annotations', async () => {
    const input = writePdf(dir, 'rich.pdf', rich);
    const out = join(dir, 'rotated.pdf');
    const progress = progressRecorder();
    expect(await rotatePdf({ path: input }, out, { angle: 90, pages: [1, 3] }, progress.onProgress)).toEqual({ pages: 3 });
    expect(progress.values.at(-1)).toBe(100);
    expect(pdfinfoPages(out).map((p) => p.rotate)).toEqual([180, 90, 180]);
    expect(navigation(out)).toEqual(navigation(input));
    expectQpdfClean(out);

    await rotatePdf({ path: out }, out, { angle: 270 });
    expect(pdfinfoPages(out).map((p) => p.rotate)).toEqual([90, 0, 90]);
    await rotatePdf({ path: out }, out, { angle: 180, pages: [] });
    expect(pdfinfoPages(out).map((p) => p.rotate)).toEqual([270, 180, 270]);
  });

  it('adds to a rotation inherited from the page tree', async () => {
    const input = writePdf(dir, 'inherited.pdf', { pages: ['A', 'B', 'C'] });
    modifyPdf(input, (doc) => {
      doc.getTrailer().get('Root', 'Pages').put('Rotate', 90);
      for (let i = 0; i < 3; i++) doc.findPage(i).delete('Rotate');
    });
    expect(pdfinfoPages(input).map((p) => p.rotate)).toEqual([90, 90, 90]);
    const out = join(dir, 'inherited-out.pdf');
    await rotatePdf({ path: input }, out, { angle: 180, pages: [2] });
    expect(pdfinfoPages(out).map((p) => p.rotate)).toEqual([90, 270, 90]);
  });

  it('rejects other angles and pages outside the document, and opens encrypted inputs with their password', async () => {
    const input = writePdf(dir, 'plain3.pdf', { pages: ['A', 'B', 'C'] });
    const bad = join(dir, 'rotate-bad');
    mkdirSync(bad);
    await expectCode(rotatePdf({ path: input }, join(bad, 'o.pdf'), { angle: 45 as 90 }), 'INVALID_PARAMS');
    await expectCode(rotatePdf({ path: input }, join(bad, 'o.pdf'), { angle: 90, pages: [4] }), 'PAGE_RANGE_INVALID');
    await expectCode(rotatePdf({ path: input }, join(bad, 'o.pdf'), { angle: 90, pages: [0] }), 'PAGE_RANGE_INVALID');
    const locked = writePdf(dir, 'locked.pdf', { pages: ['L1'], encrypt: { user: 'secret', owner: 'owner' } });
    await expectCode(rotatePdf({ path: locked }, join(bad, 'o.pdf'), { angle: 90 }), 3122);
    expect(listDir(bad)).toEqual([]);
    const out = join(dir, 'unlocked-rotated.pdf');
    await rotatePdf({ path: locked, password: 'secret' }, out, { angle: 90 });
    expect(pdfinfoPages(out).map((p) => p.rotate)).toEqual([90]);
    expect(readBack(readFileSync(out)).needsPassword).toBe(false);
  });
});

/** A 300 x 400 pt page with a label inside each edge of the unrotated page. */
function labelled(path: string, rotate: 0 | 90 | 180 | 270, extra?: (page: mupdf.PDFObject) => void): string {
  const doc = new mupdf.PDFDocument();
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const label = (x: number, y: number, text: string): string => `BT /F1 10 Tf ${x} ${y} Td (${text}) Tj ET `;
    const content = label(5, 200, 'XMIN') + label(260, 200, 'XMAX') + label(130, 5, 'YMIN') + label(130, 388, 'YMAX');
    for (let i = 0; i < 2; i++) doc.insertPage(-1, doc.addPage([0, 0, 300, 400], rotate, { Font: { F1: font } }, content));
    if (extra) extra(doc.findPage(0));
    const buffer = doc.saveToBuffer('compress');
    writeFileSync(path, buffer.asUint8Array());
    buffer.destroy();
    return path;
  } finally {
    doc.destroy();
  }
}

/** Which unrotated edge each displayed side is, for a clockwise page rotation. */
const EDGE_SHOWN: Record<number, Record<'l' | 'r' | 't' | 'b', string>> = {
  0: { l: 'XMIN', r: 'XMAX', t: 'YMAX', b: 'YMIN' },
  90: { l: 'YMIN', r: 'YMAX', t: 'XMIN', b: 'XMAX' },
  180: { l: 'XMAX', r: 'XMIN', t: 'YMIN', b: 'YMAX' },
  270: { l: 'YMAX', r: 'YMIN', t: 'XMAX', b: 'XMIN' },
};

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean).sort();
}

describe.skipIf(!toolsAvailable('cropPdf', 'pdftotext', 'pdfinfo'))('cropPdf', () => {
  it('cuts each margin from the side of the page as displayed, for every rotation', async () => {
    for (const rotate of [0, 90, 180, 270] as const) {
      const input = labelled(join(dir, `label-${rotate}.pdf`), rotate);
      expect(words(pdftotextPages(input)[0]!)).toEqual(['XMAX', 'XMIN', 'YMAX', 'YMIN']);
      for (const side of ['l', 'r', 't', 'b'] as const) {
        const out = join(dir, `label-${rotate}-${side}.pdf`);
        const margins = { l: 0, r: 0, t: 0, b: 0, [side]: 60 };
        await cropPdf({ path: input }, out, { margins, pages: [1] });
        const [first, second] = pdftotextPages(out);
        const cut = EDGE_SHOWN[rotate]![side];
        expect({ rotate, side, words: words(first!) }).toEqual({ rotate, side, words: ['XMAX', 'XMIN', 'YMAX', 'YMIN'].filter((w) => w !== cut) });
        expect(words(second!)).toHaveLength(4);
        const [p1, p2] = pdfinfoPages(out);
        const [w, h] = rotate % 180 === 0 ? [300, 400] : [400, 300];
        expect(displayedSize(p1!)).toEqual(side === 'l' || side === 'r' ? [w - 60, h] : [w, h - 60]);
        expect(displayedSize(p2!)).toEqual([w, h]);
        expect(p1!.rotate).toBe(rotate);
      }
    }
  });

  it('sets the crop box and media box to the remaining area, within an existing crop box', async () => {
    const input = labelled(join(dir, 'cropped-before.pdf'), 0, (page) => page.put('CropBox', [50, 60, 250, 360]));
    const out = join(dir, 'cropped-twice.pdf');
    const progress = progressRecorder();
    expect(await cropPdf({ path: input }, out, { margins: { l: 10, r: 20, t: 30, b: 40 } }, progress.onProgress)).toEqual({ pages: 2 });
    expect(progress.values.at(-1)).toBe(100);
    const [p1, p2] = pdfinfoPages(out);
    expect(p1!.cropBox).toEqual([60, 100, 230, 330]);
    expect(p1!.mediaBox).toEqual([60, 100, 230, 330]);
    expect(p2!.cropBox).toEqual([10, 40, 280, 370]);
    expect(p2!.mediaBox).toEqual([10, 40, 280, 370]);
    expectQpdfClean(out);
  });

  it('measures margins in points on pages with a user unit', async () => {
    const input = labelled(join(dir, 'userunit.pdf'), 0, (page) => page.put('UserUnit', 2));
    const out = join(dir, 'userunit-out.pdf');
    await cropPdf({ path: input }, out, { margins: { l: 20, r: 0, t: 0, b: 40 }, pages: [1] });
    expect(pdfinfoPages(out)[0]!.cropBox).toEqual([10, 20, 300, 400]);
  });

  it('keeps outline, links and annotations', async () => {
    const input = writePdf(dir, 'rich-crop.pdf', rich);
    const out = join(dir, 'rich-cropped.pdf');
    await cropPdf({ path: input }, out, { margins: { l: 5, r: 5, t: 5, b: 5 } });
    const before = navigation(input) as { outline: unknown; links: unknown[]; annotations: unknown };
    const after = navigation(out) as typeof before;
    expect(after.outline).toEqual(before.outline);
    expect(after.annotations).toEqual(before.annotations);
    expect(after.links.length).toBe(before.links.length);
  });

  it('rejects a remaining box under 50 pt, negative margins and pages outside the document', async () => {
    const input = labelled(join(dir, 'small.pdf'), 90);
    const bad = join(dir, 'crop-bad');
    mkdirSync(bad);
    const target = join(bad, 'o.pdf');
    // Displayed 400 wide, 300 high: 350 off the width leaves 50 (allowed), 351 leaves 49.
    await expectCode(cropPdf({ path: input }, target, { margins: { l: 200, r: 151, t: 0, b: 0 } }), 'INVALID_PARAMS');
    await expectCode(cropPdf({ path: input }, target, { margins: { l: 0, r: 0, t: 125, b: 126 }, pages: [2] }), 'INVALID_PARAMS');
    await expectCode(cropPdf({ path: input }, target, { margins: { l: 500, r: 0, t: 0, b: 0 } }), 'INVALID_PARAMS');
    await expectCode(cropPdf({ path: input }, target, { margins: { l: -1, r: 0, t: 0, b: 0 } }), 'INVALID_PARAMS');
    await expectCode(cropPdf({ path: input }, target, { margins: { l: 1, r: 0, t: 0 } as never }), 'INVALID_PARAMS');
    await expectCode(cropPdf({ path: input }, target, { margins: { l: 1, r: 0, t: 0, b: 0 }, pages: [3] }), 'PAGE_RANGE_INVALID');
    expect(listDir(bad)).toEqual([]);
    await cropPdf({ path: input }, target, { margins: { l: 200, r: 150, t: 125, b: 125 } });
    expect(pdfinfoPages(target).map(displayedSize)).toEqual([[50, 50], [50, 50]]);
  });
});

import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorAnnotation, type EditorAnnotation, type EditorAnnotationInput } from '@pagewright/contracts';
import { annotatePdf } from './index.js';
import { openPdf, writeDoc } from '../test/page-tools-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { errorOf, useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-annotate-');
const { out } = tmp;

/** One of every kind the editor writes, on page 1 (612 x 792) unless said otherwise. */
const every: EditorAnnotationInput[] = [
  { kind: 'highlight', page: 1, color: '#ffeb3b', opacity: 0.4, rects: [{ x: 30, y: 330, w: 200, h: 16 }, { x: 30, y: 350, w: 120, h: 16 }] },
  { kind: 'underline', page: 1, color: '#2196f3', rects: [{ x: 30, y: 370, w: 100, h: 16 }] },
  { kind: 'squiggly', page: 1, color: '#4caf50', rects: [{ x: 30, y: 390, w: 100, h: 16 }] },
  { kind: 'strike-out', page: 1, color: '#f44336', rects: [{ x: 30, y: 410, w: 100, h: 16 }] },
  {
    kind: 'free text', page: 1, color: '#000000', rect: { x: 300, y: 60, w: 200, h: 40 }, text: 'Check this <figure> & that',
    font: { family: 'Times', size: 18, color: '#ff0000', bold: true, italic: false, line_style: 'underline', alignment: 'center' },
  },
  { kind: 'square', page: 1, color: '#0000ff', fill: '#ccccff', width: 3, rect: { x: 50, y: 500, w: 120, h: 60 } },
  { kind: 'circle', page: 1, color: '#00ff00', width: 2, rect: { x: 200, y: 500, w: 80, h: 80 } },
  { kind: 'line', page: 1, color: '#000000', width: 2, from: [50, 650], to: [250, 700], start: 'DOT', end: 'ARROW' },
  { kind: 'ink', page: 1, color: '#800080', width: 4, strokes: [[[300, 600], [320, 620], [340, 610]], [[350, 600], [360, 640]]] },
  { kind: 'comment', page: 2, color: '#ffcc00', at: [500, 40], text: 'A sticky note' },
];

type Json = Record<string, unknown>;

/** The annotations of each page as qpdf's JSON (version 2) shows them: a reader other than MuPDF. */
function annotationsByQpdf(path: string): Json[][] {
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=pages', '--json-key=qpdf', path], { encoding: 'utf8', maxBuffer: 64 << 20 })) as {
    pages: { object: string }[];
    qpdf: [unknown, Record<string, { value: Json }>];
  };
  const objects = json.qpdf[1];
  const resolve = (ref: unknown): Json => {
    if (typeof ref === 'string' && / R$/.test(ref)) return objects[`obj:${ref}`]!.value;
    return ref as Json;
  };
  return json.pages.map((page) => {
    const annots = resolve(resolve(page.object)['/Annots']);
    return ((annots ?? []) as unknown as unknown[]).map(resolve);
  });
}

describe('annotatePdf', () => {
  let doc: string;
  let rotated: string;
  beforeAll(async () => {
    doc = await writeDoc(tmp.dir, 'text.pdf', {
      pages: [{ size: [612, 792], texts: [{ text: 'A sentence to highlight in the editor.', x: 30, y: 450 }] }, { size: [612, 792], texts: [{ text: 'Page two', x: 30, y: 450 }] }],
    });
    rotated = await writeDoc(tmp.dir, 'rotated.pdf', { pages: [{ rotate: 90, texts: [{ text: 'Turned page', x: 30, y: 450 }] }] });
  });

  const parsed = every.map((a) => editorAnnotation.parse(a));

  it('writes every editor annotation kind as a PDF annotation of its subtype, read back by MuPDF', async () => {
    const result = await annotatePdf({ path: doc }, out('every.pdf'), { annotations: parsed });
    expect(result.annotations).toBe(10);
    const pdf = openPdf(out('every.pdf'));
    const first = pdf.loadPage(0).getAnnotations().map((a) => a.getType());
    const second = pdf.loadPage(1).getAnnotations().map((a) => a.getType());
    expect(first).toEqual(['Highlight', 'Underline', 'Squiggly', 'StrikeOut', 'FreeText', 'Square', 'Circle', 'Line', 'Ink']);
    expect(second).toEqual(['Text']);
    const annots = pdf.loadPage(0).getAnnotations();
    // The highlight's two quadrilaterals come back where they were put, in top-left page space.
    expect(annots[0]!.getQuadPoints()).toEqual([[30, 330, 230, 330, 30, 346, 230, 346], [30, 350, 150, 350, 30, 366, 150, 366]]);
    expect(annots[0]!.getOpacity()).toBeCloseTo(0.4, 3);
    expect(annots[4]!.getContents()).toBe('Check this <figure> & that');
    expect(annots[4]!.getDefaultAppearance()).toMatchObject({ size: 18, color: [1, 0, 0] });
    expect(annots[4]!.getQuadding()).toBe(1);
    expect(annots[7]!.getLine()).toEqual([[50, 650], [250, 700]]);
    expect(annots[7]!.getLineEndingStyles()).toEqual({ start: 'Circle', end: 'OpenArrow' });
    expect(annots[8]!.getInkList()).toEqual([[[300, 600], [320, 620], [340, 610]], [[350, 600], [360, 640]]]);
    pdf.destroy();
  });

  it.runIf(toolsAvailable('annotatePdf: qpdf reads the annotations back', 'qpdf'))('writes subtypes, QuadPoints, /LE, /InkList, /IC, /CA and appearance streams that qpdf reads back', async () => {
    await annotatePdf({ path: doc }, out('qpdf.pdf'), { annotations: parsed });
    const [first, second] = annotationsByQpdf(out('qpdf.pdf'));
    expect(first!.map((a) => a['/Subtype'])).toEqual(['/Highlight', '/Underline', '/Squiggly', '/StrikeOut', '/FreeText', '/Square', '/Circle', '/Line', '/Ink']);
    // MuPDF gives the sticky note the pop-up window its comment opens in.
    expect(second!.map((a) => a['/Subtype'])).toEqual(['/Text', '/Popup']);
    for (const annot of [...first!, second![0]!]) expect(annot['/AP'], String(annot['/Subtype'])).toBeDefined();
    // PDF space: y up from the bottom of the 792-point page.
    expect(first![0]!['/QuadPoints']).toEqual([30, 462, 230, 462, 30, 446, 230, 446, 30, 442, 150, 442, 30, 426, 150, 426]);
    expect(first![0]!['/CA']).toBeCloseTo(0.4, 3);
    // Bold Times: the /DA names Times-Bold's resource.
    expect(first![4]!['/DA']).toContain('/TiBo 18 Tf');
    expect(String(first![4]!['/DS'])).toContain('bold');
    expect(first![5]!['/IC']).toEqual([0.8, 0.8, 1]);
    expect(first![7]!['/LE']).toEqual(['/Circle', '/OpenArrow']);
    expect(first![7]!['/L']).toEqual([50, 142, 250, 92]);
    expect(first![8]!['/InkList']).toHaveLength(2);
    expect(second![0]!['/Contents']).toBe('u:A sticky note');
    expect(second![0]!['/Name']).toBe('/Comment');
  });

  it('places annotations of a turned page where the page is displayed', async () => {
    const box: EditorAnnotation = editorAnnotation.parse({ kind: 'square', page: 1, color: '#ff0000', rect: { x: 10, y: 20, w: 100, h: 50 } });
    await annotatePdf({ path: rotated }, out('rotated-out.pdf'), { annotations: [box] });
    const pdf = openPdf(out('rotated-out.pdf'));
    const [annot] = pdf.loadPage(0).getAnnotations();
    const [x0, y0, x1, y1] = annot!.getRect();
    expect([x0, y0, x1, y1].map(Math.round)).toEqual([10, 20, 110, 70]);
    pdf.destroy();
  });

  it('deletes the existing annotations it is told to remove, by object number, and keeps the others', async () => {
    await annotatePdf({ path: doc }, out('existing.pdf'), { annotations: parsed });
    const before = openPdf(out('existing.pdf'));
    const refs = before.loadPage(0).getAnnotations().map((a) => a.getObject().asIndirect());
    before.destroy();
    const moved = editorAnnotation.parse({ kind: 'square', page: 1, color: '#0000ff', rect: { x: 60, y: 600, w: 50, h: 50 } });
    const result = await annotatePdf({ path: out('existing.pdf') }, out('edited.pdf'), { annotations: [moved], removed: [{ page: 1, ref: refs[5]! }, { page: 1, ref: refs[0]! }] });
    expect(result).toEqual({ annotations: 1, removed: 2, textEdits: 0, fields: 0, textBlocks: 0, images: 0, imageEdits: 0, signatures: 'none' });
    const after = openPdf(out('edited.pdf'));
    const types = after.loadPage(0).getAnnotations().map((a) => a.getType());
    expect(types).toEqual(['Underline', 'Squiggly', 'StrikeOut', 'FreeText', 'Circle', 'Line', 'Ink', 'Square']);
    after.destroy();
    const missing = await errorOf(annotatePdf({ path: out('existing.pdf') }, out('missing.pdf'), { annotations: [], removed: [{ page: 2, ref: refs[0]! }] }));
    expect(missing.code).toBe('INVALID_PARAMS');
  });

  it.runIf(toolsAvailable('annotatePdf: pdftotext reads the edited text layer', 'pdftotext'))('replaces only the clicked occurrence of a word in place; pdftotext shows the new word, not the old', async () => {
    const plans = await writeDoc(tmp.dir, 'plans.pdf', { pages: [{ size: [612, 792], texts: [{ text: 'Plan A beats Plan B', x: 72, y: 700 }] }] });
    const pdf = openPdf(plans);
    const quads = pdf.loadPage(0).search('Plan', '');
    pdf.destroy();
    // The second "Plan": its box as the editor sends it, in top-left page space.
    const q = quads[1]![0]!;
    const box = { x: q[0], y: q[1], w: q[6] - q[0], h: q[7] - q[1] };
    const result = await annotatePdf({ path: plans }, out('plans-edited.pdf'), { annotations: [], textEdits: [{ page: 1, box, find: 'Plan', replace: 'Option' }] });
    expect(result.textEdits).toBe(1);
    const text = execFileSync('pdftotext', ['-layout', out('plans-edited.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
    expect(text).toBe('Plan A beats Option B');
    const missing = await errorOf(annotatePdf({ path: plans }, out('plans-missing.pdf'), { annotations: [], textEdits: [{ page: 1, box: { x: 400, y: 400, w: 50, h: 20 }, find: 'Plan', replace: 'X' }] }));
    expect(missing.code).toBe('INVALID_PARAMS');
  });

  it('refuses an annotation on a page past the last with PAGE_RANGE_INVALID', async () => {
    const late = editorAnnotation.parse({ kind: 'comment', page: 3, color: '#000000', at: [1, 1], text: 'x' });
    const error = await errorOf(annotatePdf({ path: doc }, out('late.pdf'), { annotations: [late] }));
    expect(error.code).toBe('PAGE_RANGE_INVALID');
  });
});

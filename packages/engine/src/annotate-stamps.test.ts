import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorAnnotation, type EditorAnnotationInput } from '@pagewright/contracts';
import { annotatePdf } from './index.js';
import { wrapLines } from './annotate-appearance.js';
import { openPdf, writeDoc } from '../test/page-tools-fixtures.js';
import { jpegFile, pixelAt, pngFile, renderPage, rgbFrame } from '../test/image-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { errorOf, useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-stamps-');
const { out } = tmp;

const dataUrl = (type: 'png' | 'jpeg', bytes: Uint8Array) => `data:image/${type};base64,${Buffer.from(bytes).toString('base64')}`;
/** A signature-like picture: blue on its left half, red on its right. */
const twoColours = rgbFrame(80, 40, [220, 0, 0], [[0, 0, 40, 40, [0, 0, 220]]]);
const png = dataUrl('png', pngFile(twoColours));
const jpeg = dataUrl('jpeg', jpegFile(twoColours));

/** The stamps of the STAMP, IMAGE and SIGN tools: each sign kind once, on page `page`. */
function stamps(page: number): EditorAnnotationInput[] {
  return [
    { kind: 'stamp', page, color: '#2e7d32', rect: { x: 40, y: 40, w: 200, h: 60 }, stamp: { type: 'label', name: 'NotApproved' } },
    { kind: 'stamp', page, color: '#000000', rect: { x: 300, y: 40, w: 160, h: 80 }, stamp: { type: 'image', image: jpeg } },
    { kind: 'stamp', page, color: '#000000', rect: { x: 40, y: 200, w: 160, h: 80 }, stamp: { type: 'signature', sign: 'text', image: png } },
    { kind: 'stamp', page, color: '#000000', rect: { x: 300, y: 200, w: 160, h: 80 }, stamp: { type: 'signature', sign: 'draw', image: png } },
    { kind: 'stamp', page, color: '#000000', rect: { x: 40, y: 400, w: 160, h: 80 }, stamp: { type: 'signature', sign: 'image', image: jpeg } },
    { kind: 'stamp', page, color: '#000000', rect: { x: 300, y: 400, w: 160, h: 80 }, stamp: { type: 'signature', sign: 'image url', image: png } },
  ];
}

type Json = Record<string, unknown>;

/** qpdf's JSON (version 2) of a file: its pages and objects, with references resolved on demand. */
function qpdfJson(path: string): { annots: Json[][]; resolve: (ref: unknown) => Json } {
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=pages', '--json-key=qpdf', path], { encoding: 'utf8', maxBuffer: 64 << 20 })) as {
    pages: { object: string }[];
    qpdf: [unknown, Record<string, { value?: Json; stream?: { dict: Json } }>];
  };
  const objects = json.qpdf[1];
  const resolve = (ref: unknown): Json => {
    if (typeof ref === 'string' && / R$/.test(ref)) {
      const object = objects[`obj:${ref}`]!;
      return object.stream ? object.stream.dict : object.value!;
    }
    return ref as Json;
  };
  return { annots: json.pages.map((page) => ((resolve(resolve(page.object)['/Annots']) ?? []) as unknown as unknown[]).map(resolve)), resolve };
}

/** Page 1 of a file as poppler (pdftoppm, a viewer other than MuPDF) draws it at 72 dpi. */
function popplerRender(path: string): { width: number; pixels: Uint8Array } {
  const ppm = execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', path], { maxBuffer: 64 << 20 });
  // P6 header: magic, width, height, maxval, each followed by whitespace.
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40))!;
  return { width: Number(header[1]), pixels: Uint8Array.from(ppm.subarray(header[0].length)) };
}

const isBlue = ([r, g, b]: [number, number, number]) => b > 150 && r < 90 && g < 90;
const isRed = ([r, g, b]: [number, number, number]) => r > 150 && g < 90 && b < 90;

describe('annotatePdf stamps, pictures and signatures', () => {
  let doc: string;
  let turned: string;
  beforeAll(async () => {
    doc = await writeDoc(tmp.dir, 'plain.pdf', { pages: [{ size: [612, 792], texts: [{ text: 'To be signed', x: 30, y: 700 }] }] });
    turned = await writeDoc(tmp.dir, 'turned.pdf', { pages: [{ size: [612, 792], rotate: 90, texts: [{ text: 'Turned page', x: 30, y: 450 }] }] });
  });

  it('writes a standard stamp, a picture and a signature of every sign kind as Stamp annotations, read back by MuPDF', async () => {
    const result = await annotatePdf({ path: doc }, out('stamps.pdf'), { annotations: stamps(1).map((a) => editorAnnotation.parse(a)) });
    expect(result.annotations).toBe(6);
    const pdf = openPdf(out('stamps.pdf'));
    const annots = pdf.loadPage(0).getAnnotations();
    expect(annots.map((a) => a.getType())).toEqual(['Stamp', 'Stamp', 'Stamp', 'Stamp', 'Stamp', 'Stamp']);
    expect(annots.map((a) => a.getIcon())).toEqual(['NotApproved', 'Image', 'Image', 'Image', 'Image', 'Image']);
    expect(annots.map((a) => a.getContents())).toEqual(['NOT APPROVED', 'Image', 'Signature', 'Signature', 'Signature', 'Signature']);
    expect(annots[2]!.getRect().map(Math.round)).toEqual([40, 200, 200, 280]);
    pdf.destroy();
  });

  it.runIf(toolsAvailable('annotatePdf stamps: qpdf reads them back', 'qpdf'))('gives each stamp an appearance stream that qpdf reads back: the label in Times-Bold, the picture as an image XObject of its pixels', async () => {
    await annotatePdf({ path: doc }, out('stamps-qpdf.pdf'), { annotations: stamps(1).map((a) => editorAnnotation.parse(a)) });
    const { annots: [first], resolve } = qpdfJson(out('stamps-qpdf.pdf'));
    expect(first!.map((a) => a['/Subtype'])).toEqual(['/Stamp', '/Stamp', '/Stamp', '/Stamp', '/Stamp', '/Stamp']);
    expect(first![0]!['/Name']).toBe('/NotApproved');
    // PDF space: y up from the bottom of the 792-point page.
    expect(first![0]!['/Rect']).toEqual([40, 692, 240, 752]);
    const label = resolve(resolve(first![0]!['/AP'])['/N']);
    const labelFonts = resolve(resolve(label['/Resources'])['/Font']);
    expect(resolve(labelFonts['/TiBo'])['/BaseFont']).toBe('/Times-Bold');
    for (const annot of first!.slice(1)) {
      const appearance = resolve(resolve(annot['/AP'])['/N']);
      const images = resolve(resolve(appearance['/Resources'])['/XObject']);
      const image = resolve(images['/Img']);
      expect(image['/Subtype']).toBe('/Image');
      expect([image['/Width'], image['/Height']]).toEqual([80, 40]);
    }
  });

  it.runIf(toolsAvailable('annotatePdf stamps: poppler draws them', 'pdftoppm'))('draws a signature over its box in poppler too: blue on its left half, red on its right', async () => {
    const signature = editorAnnotation.parse(stamps(1)[3]!);
    await annotatePdf({ path: doc }, out('poppler.pdf'), { annotations: [signature] });
    const render = popplerRender(out('poppler.pdf'));
    // The box is 300-460 x 200-280 in top-left page space: 1 pixel per point at 72 dpi.
    expect(isBlue(pixelAt(render, 340, 240))).toBe(true);
    expect(isRed(pixelAt(render, 420, 240))).toBe(true);
    expect(pixelAt(render, 340, 300)).toEqual([255, 255, 255]);
  });

  it('draws a stamp on a turned page upright where the page is displayed', async () => {
    const signature = editorAnnotation.parse({ ...stamps(1)[3]!, rect: { x: 100, y: 100, w: 160, h: 80 } });
    await annotatePdf({ path: turned }, out('turned-out.pdf'), { annotations: [signature] });
    const pdf = openPdf(out('turned-out.pdf'));
    expect(pdf.loadPage(0).getAnnotations()[0]!.getRect().map(Math.round)).toEqual([100, 100, 260, 180]);
    pdf.destroy();
    const render = renderPage(readFileSync(out('turned-out.pdf')), 0);
    // Upright as displayed: the picture's left half is on the box's left.
    expect(isBlue(pixelAt(render, 140, 140))).toBe(true);
    expect(isRed(pixelAt(render, 220, 140))).toBe(true);
  });

  it('refuses a stamp picture that is not a readable PNG or JPEG with INVALID_PARAMS', async () => {
    const broken = editorAnnotation.parse({ ...stamps(1)[1]!, stamp: { type: 'image', image: dataUrl('png', Buffer.from('not a picture at all')) } });
    const error = await errorOf(annotatePdf({ path: doc }, out('broken.pdf'), { annotations: [broken] }));
    expect(error.code).toBe('INVALID_PARAMS');
  });

  it('refuses a picture that is neither a PNG nor a JPEG data URL in the contract', () => {
    const gif = editorAnnotation.safeParse({ ...stamps(1)[1]!, stamp: { type: 'image', image: 'data:image/gif;base64,R0lGODlh' } });
    expect(gif.success).toBe(false);
  });
});

describe('annotatePdf free text styles', () => {
  it.runIf(toolsAvailable('annotatePdf free text: qpdf reads the appearance', 'qpdf'))('sets a bold italic free text in the bold italic base-14 face, named in the /DA and used by the appearance', async () => {
    const doc = await writeDoc(tmp.dir, 'styles.pdf', { pages: [{ size: [612, 792] }] });
    const note = (family: 'Helvetica' | 'Times' | 'Courier', bold: boolean, italic: boolean, y: number) => editorAnnotation.parse({
      kind: 'free text', page: 1, color: '#000000', rect: { x: 40, y, w: 300, h: 40 }, text: `${family} ${bold} ${italic}`,
      font: { family, size: 16, color: '#0000ff', bold, italic, line_style: 'none', alignment: 'left' },
    });
    const notes = [note('Times', true, true, 40), note('Helvetica', true, false, 100), note('Courier', false, true, 160), note('Helvetica', false, false, 220)];
    await annotatePdf({ path: doc }, out('styles-out.pdf'), { annotations: notes });
    const { annots: [first], resolve } = qpdfJson(out('styles-out.pdf'));
    const faces = first!.map((annot) => {
      const appearance = resolve(resolve(annot['/AP'])['/N']);
      const fonts = resolve(resolve(appearance['/Resources'])['/Font']);
      return Object.values(fonts).map((f) => resolve(f)['/BaseFont']);
    });
    expect(faces.slice(0, 3)).toEqual([['/Times-BoldItalic'], ['/Helvetica-Bold'], ['/Courier-Oblique']]);
    // The regular note keeps MuPDF's own appearance, in a regular face.
    expect(String(faces[3])).not.toMatch(/Bold|Oblique|Italic/);
    expect(first!.map((a) => String(a['/DA']).replace(/^u:/, '').split(' ')[0])).toEqual(['/TiBI', '/HeBo', '/CoOb', '/Helv']);
  });

  it.runIf(toolsAvailable('annotatePdf free text: pdftotext of a flattened copy', 'pdftotext', 'qpdf'))('draws the words of a bold free text where other viewers read them', async () => {
    const doc = await writeDoc(tmp.dir, 'bold.pdf', { pages: [{ size: [612, 792] }] });
    const bold = editorAnnotation.parse({
      kind: 'free text', page: 1, color: '#000000', rect: { x: 40, y: 40, w: 300, h: 60 }, text: 'Quarterly review (draft)',
      font: { family: 'Helvetica', size: 16, color: '#000000', bold: true, italic: false, line_style: 'underline', alignment: 'center' },
    });
    await annotatePdf({ path: doc }, out('bold-out.pdf'), { annotations: [bold] });
    // qpdf flattens the annotation's appearance into the page content, which pdftotext then reads.
    execFileSync('qpdf', ['--flatten-annotations=all', out('bold-out.pdf'), out('bold-flat.pdf')]);
    const text = execFileSync('pdftotext', [out('bold-flat.pdf'), '-'], { encoding: 'utf8' }).trim();
    expect(text).toBe('Quarterly review (draft)');
  });

  it('wraps a free text at spaces to its width, breaks a word longer than a line, and keeps its own line breaks', () => {
    // Every character 10 points wide: 6 characters to a 60-point line.
    const lines = (text: string) => wrapLines(text, 60, () => 10).map((codes) => String.fromCharCode(...codes));
    expect(lines('one two three')).toEqual(['one ', 'two ', 'three']);
    expect(lines('abcdefghij')).toEqual(['abcdef', 'ghij']);
    expect(lines('a b\nc')).toEqual(['a b', 'c']);
    // A character the base-14 fonts cannot show becomes '?'; WinAnsi's euro sign stays.
    expect(lines('€ \u4e2d')).toEqual([`${String.fromCharCode(0x80)} ?`]);
  });
});

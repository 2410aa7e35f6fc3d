/**
 * PDF to PowerPoint: one slide per page, the slide the page's size (scaled down together with
 * everything on it when a page exceeds PowerPoint's 56-inch limit), so the aspect ratio is
 * always the page's. Text becomes editable text boxes in place: one box per text block of
 * MuPDF's structured text, its lines as paragraphs at the measured line spacing, runs with font,
 * size, bold, italic and colour; a line broken by wide gaps (table cells, tab stops) gets one
 * box per piece, so the pieces stay where they were. Raster images become pictures in place;
 * stencil masks and turned images are drawn from the page as seen, over the pictures they cover.
 * Vector art (paths, shadings, image masks) is kept as one picture behind everything: the page
 * rendered at 150 dpi by MuPDF through a device that leaves text and raster images out, so the
 * picture never doubles the editable text.
 */
import pptxgenModule from 'pptxgenjs';
import { CatalogueError } from '@pagewright/contracts';
import { writeFileAtomic } from '../files.js';
import type { PdfInput } from '../merge.js';
import { openInput } from '../pdf/single.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { faceMetrics, fontFace, pageFailure, readPage, renderVectorArt, type Box, type TextLine, type TextSpan } from './positional.js';

/** PowerPoint's largest slide side, inches. */
const MAX_SLIDE_INCHES = 56;
/** PowerPoint's smallest slide side, inches. */
const MIN_SLIDE_INCHES = 1;
const BACKGROUND_DPI = 150;
/** Text boxes are widened by this share: the substituted font may run a little wider. */
const WIDTH_SLACK = 0.08;

/**
 * pptxgenjs' types describe a CommonJS module (the class under `default`), while Node loads its
 * ES build whose default export is the class itself: accept both.
 */
type PptxGenJS = InstanceType<typeof pptxgenModule.default>;
const PptxGenJS = ((pptxgenModule as unknown as { default?: unknown }).default ?? pptxgenModule) as typeof pptxgenModule.default;
type TextRun = Exclude<Parameters<ReturnType<PptxGenJS['addSlide']>['addText']>[0], string>[number];

function base64(mime: string, data: Uint8Array): string {
  return `${mime};base64,${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64')}`;
}

/**
 * Where a horizontal box's top goes so that its first baseline lands on the PDF's: a viewer puts
 * the first baseline the line's largest ascent below the top, or, with exact line spacing, the
 * spacing less the largest descent (LibreOffice gives the line the fixed height and takes the
 * difference from its ascent). MuPDF's box top comes from the PDF font's own ascender instead,
 * which put lines 2 to 4 pt low.
 */
function topForBaseline(line: TextSpan[], lineSpacing: number | undefined): number {
  const baseline = line[0]!.y;
  let ascent = 0;
  let descent = 0;
  for (const span of line) {
    const face = fontFace(span);
    const [a, hhea] = faceMetrics(face);
    // LibreOffice sets Liberation Mono's lines as if its descent were 0.2, not its 0.3
    // (measured: a 10 pt line came out 1 pt low with 0.3).
    const d = face === 'Courier New' || face === 'Liberation Mono' ? 0.2 : hhea;
    ascent = Math.max(ascent, a * span.size);
    descent = Math.max(descent, d * span.size);
  }
  return lineSpacing ? baseline - lineSpacing + descent : baseline - ascent;
}

/**
 * The exact spacing given to a box of one line: with it, as with a paragraph's measured spacing,
 * the first baseline follows from the descent alone (LibreOffice's single spacing adds a share
 * of the size of its own).
 */
function singleSpacing(line: TextSpan[]): number {
  return Math.max(...line.map((s) => s.size)) * 1.2;
}

function runOf(span: TextSpan, text: string, scale: number, breakLine: boolean): TextRun {
  return {
    text,
    options: {
      fontFace: fontFace(span),
      fontSize: Math.max(1, Math.round(span.size * scale * 2) / 2),
      bold: span.bold,
      italic: span.italic,
      color: span.color.toUpperCase(),
      ...(breakLine ? { breakLine: true } : {}),
    },
  };
}

/** The line cut at its wide gaps: each piece's spans. */
function pieces(line: TextLine): TextSpan[][] {
  const out: TextSpan[][] = [];
  for (const span of line.spans) {
    if (span.gap || out.length === 0) out.push([span]);
    else out[out.length - 1]!.push(span);
  }
  return out;
}

/**
 * The lines read as one flowing text: each line's baseline below the previous one's by at least
 * half its font size. MuPDF sometimes puts the cells of a table row into one block as lines side
 * by side; those are placed line by line instead.
 */
function stacked(lines: TextLine[]): boolean {
  for (let k = 1; k < lines.length; k++) {
    const previous = lines[k - 1]!.spans[0]!;
    if (lines[k]!.spans[0]!.y - previous.y < previous.size * 0.5) return false;
  }
  return true;
}

function boxOf(spans: TextSpan[]): Box {
  return [Math.min(...spans.map((s) => s.bbox[0])), Math.min(...spans.map((s) => s.bbox[1])), Math.max(...spans.map((s) => s.bbox[2])), Math.max(...spans.map((s) => s.bbox[3]))];
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Writes the PPTX. Open errors as in every PDF tool; a page MuPDF cannot interpret ->
 * FILE_DAMAGED; the presentation cannot be assembled -> UNKNOWN.
 */
export async function pdfToPpt(input: PdfInput, outputPath: string, onProgress?: ProgressFn): Promise<{ slides: number }> {
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  const pptx = new PptxGenJS();
  try {
    const title = doc.getMetaData('info:Title');
    if (title) pptx.title = title;
    let layout: [number, number] | undefined;
    for (let i = 0; i < pageCount; i++) {
      try {
        const page = doc.loadPage(i);
        try {
          const content = readPage(page);
          // Points to inches, scaled so the larger side fits PowerPoint's limits.
          const longer = Math.max(content.width, content.height) / 72;
          const shorter = Math.min(content.width, content.height) / 72;
          const fit = longer > MAX_SLIDE_INCHES ? MAX_SLIDE_INCHES / longer : shorter < MIN_SLIDE_INCHES && shorter > 0 ? Math.min(MIN_SLIDE_INCHES / shorter, MAX_SLIDE_INCHES / longer) : 1;
          const inch = (pt: number): number => (pt / 72) * fit;
          const slideW = inch(content.width);
          const slideH = inch(content.height);
          // pptxgenjs has one layout per presentation: the first page's; slides of other
          // sizes are scaled into it, keeping their aspect ratio, centred.
          if (!layout) {
            layout = [slideW, slideH];
            pptx.defineLayout({ name: 'PAGE', width: slideW, height: slideH });
            pptx.layout = 'PAGE';
          }
          const first = layout;
          const within = Math.min(first[0] / slideW, first[1] / slideH);
          const dx = (first[0] - slideW * within) / 2;
          const dy = (first[1] - slideH * within) / 2;
          const X = (pt: number): number => dx + inch(pt) * within;
          const Y = (pt: number): number => dy + inch(pt) * within;
          const L = (pt: number): number => inch(pt) * within;
          const fontScale = fit * within;

          const slide = pptx.addSlide();
          const art = renderVectorArt(page, BACKGROUND_DPI);
          if (art) slide.addImage({ data: base64('image/png', art), x: X(0), y: Y(0), w: L(content.width), h: L(content.height), altText: 'Page drawing' });
          for (const image of content.images) {
            const [x0, y0, x1, y1] = image.bbox;
            slide.addImage({ data: base64(image.ext === 'jpg' ? 'image/jpeg' : 'image/png', image.data), x: X(x0), y: Y(y0), w: L(x1 - x0), h: L(y1 - y0), altText: 'Picture' });
          }
          const addBox = (runs: TextRun[], box: Box, lineSpacing: number | undefined, rotate = 0, firstLine?: TextSpan[]): void => {
            const [x0, y0, x1, y1] = box;
            let w = (x1 - x0) * (1 + WIDTH_SLACK) + 2;
            let left = x0;
            let top = firstLine && rotate === 0 ? topForBaseline(firstLine, lineSpacing) : y0;
            let h = y1 - top;
            if (rotate !== 0 && Math.abs(Math.abs(rotate) - 90) < 1) {
              // A box is rotated about its centre: give it the unrotated extent around the same centre.
              const cx = (x0 + x1) / 2;
              const cy = (y0 + y1) / 2;
              [w, h] = [(y1 - y0) * (1 + WIDTH_SLACK) + 2, x1 - x0];
              left = cx - w / 2;
              top = cy - h / 2;
            }
            slide.addText(runs, {
              x: X(left), y: Y(top), w: L(w), h: L(h),
              margin: 0, valign: 'top', wrap: false, fit: 'none', isTextBox: true,
              ...(lineSpacing ? { lineSpacing: Math.round(lineSpacing * fontScale * 10) / 10 } : {}),
              ...(rotate !== 0 ? { rotate } : {}),
            });
          };
          for (const block of content.blocks) {
            const horizontal = block.lines.every((l) => Math.abs(l.dir[1]) < 0.01 && l.dir[0] > 0);
            const gapped = block.lines.some((l) => l.spans.some((s, k) => k > 0 && s.gap));
            if (horizontal && !gapped && stacked(block.lines)) {
              const runs: TextRun[] = [];
              block.lines.forEach((line, k) => {
                line.spans.forEach((span, j) => {
                  const text = j === line.spans.length - 1 ? span.text.trimEnd() : span.text;
                  runs.push(runOf(span, text, fontScale, j === line.spans.length - 1 && k < block.lines.length - 1));
                });
              });
              const baselines = block.lines.map((l) => l.spans[0]!.y);
              const spacing = median(baselines.slice(1).map((y, k) => y - baselines[k]!));
              addBox(runs, block.bbox, spacing && spacing > 0 ? spacing : singleSpacing(block.lines[0]!.spans), 0, block.lines[0]!.spans);
              continue;
            }
            for (const line of block.lines) {
              const angle = Math.round((Math.atan2(line.dir[1], line.dir[0]) * 180) / Math.PI);
              for (const piece of pieces(line)) {
                const runs = piece.map((span, j) => runOf(span, j === piece.length - 1 ? span.text.trimEnd() : span.text, fontScale, false));
                const flat = Math.abs(line.dir[1]) < 0.01 && line.dir[0] > 0;
                addBox(runs, boxOf(piece), flat ? singleSpacing(piece) : undefined, angle, flat ? piece : undefined);
              }
            }
          }
        } finally {
          page.destroy();
        }
      } catch (err) {
        throw pageFailure(i + 1, err);
      }
      report(((i + 1) / pageCount) * 85);
    }
  } finally {
    doc.destroy();
  }
  let data: Uint8Array;
  try {
    data = (await pptx.write({ outputType: 'nodebuffer', compression: true })) as Uint8Array;
  } catch (err) {
    throw new CatalogueError('UNKNOWN', `cannot assemble the presentation: ${err instanceof Error ? err.message : String(err)}`);
  }
  report(95);
  await writeFileAtomic(outputPath, data);
  report(100);
  return { slides: pageCount };
}

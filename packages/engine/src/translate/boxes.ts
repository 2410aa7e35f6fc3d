/**
 * The text boxes of a document translation: every paragraph the layout analysis of the PDF to
 * Word converter finds (body, running header and footer, table cells), with where it stands
 * on its page and the style it is set in. The translator sends their texts out and writes the
 * translations back into the same boxes.
 */
import { asCatalogueError } from '../errors.js';
import { analyseDocument, firstBaseline } from '../reconstruct/analyse.js';
import type { Block, Paragraph, Rect } from '../reconstruct/layout.js';
import { uprightTurn } from '../reconstruct/upright.js';
import { openInput, type SingleInput } from '../pdf/single.js';
import { progressReporter, type ProgressFn } from '../progress.js';

export interface TextBox {
  /** Unique in the document: `page:index`. */
  id: string;
  text: string;
  /** Where the original text stands (and is removed from): PDF points from the page's top-left corner as displayed. */
  rect: Rect;
  /**
   * Where the translation may be set: the text's own box, widened in a table cell to the cell's
   * width (a one-word cell is as narrow as its word, and "Sales" becomes "Ventas").
   */
  room: Rect;
  /** The first line's baseline, points from the page's top. */
  baseline: number;
  /** The size most of the paragraph is set in, points. */
  size: number;
  /** Baseline-to-baseline distance over the size (1.2 when the paragraph is one line). */
  leading: number;
  bold: boolean;
  italic: boolean;
  serif: boolean;
  mono: boolean;
  /** Six hex digits. */
  color: string;
  align: Paragraph['align'];
}

export interface TextBoxPage {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  boxes: TextBox[];
  /**
   * The page's text reads sideways or upside down as displayed: the analysis turned it, so its
   * boxes would be in another frame than the page's; such a page is left as it is.
   */
  turned: boolean;
}

const DEFAULT_LEADING = 1.2;

/** The paragraph's text on one line per paragraph, hyphens of broken words already joined by the analysis. */
export function paragraphText(paragraph: Paragraph): string {
  const text = paragraph.runs.map((run) => run.text).join('');
  const marker = paragraph.list ? `${paragraph.list.marker} ` : '';
  return (marker + text).replace(/\s+/gu, ' ').trim();
}

/** The run style most characters of the paragraph are set in. */
function dominantRun(paragraph: Paragraph): Paragraph['runs'][number] | undefined {
  const weight = new Map<Paragraph['runs'][number], number>();
  for (const run of paragraph.runs) weight.set(run, run.text.trim().length);
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function boxOf(paragraph: Paragraph, id: string, cell?: { x0: number; x1: number }): TextBox | null {
  const text = paragraphText(paragraph);
  const run = dominantRun(paragraph);
  if (!run || !/[\p{L}]/u.test(text)) return null;
  // Text set sideways (a margin note printed up the page) stands in a box a line wide and many
  // tall: written across, a translation could not fit it, so it is left as it is.
  const width = paragraph.bbox.x1 - paragraph.bbox.x0;
  if (width < run.size * 1.5 && paragraph.bbox.y1 - paragraph.bbox.y0 > width * 3) return null;
  const lines = Math.max(1, Math.round((paragraph.bbox.y1 - paragraph.bbox.y0) / Math.max(paragraph.lineSpacing, 1)));
  const leading = lines > 1 && run.size > 0 ? paragraph.lineSpacing / run.size : DEFAULT_LEADING;
  return {
    id, text, rect: { ...paragraph.bbox }, room: roomOf(paragraph.bbox, cell), size: run.size,
    // Table cells and running text have theirs from the analysis; otherwise about an ascender below the top.
    baseline: firstBaseline(paragraph) ?? paragraph.bbox.y0 + run.size * 0.8,
    leading: Math.min(Math.max(leading, 1), 2.5),
    bold: run.bold, italic: run.italic, serif: run.serif === true, mono: run.mono === true,
    color: run.color, align: paragraph.align,
  };
}

/** Inside a cell, the text may take the cell's width less the padding it keeps on its left. */
function roomOf(rect: Rect, cell: { x0: number; x1: number } | undefined): Rect {
  if (!cell) return { ...rect };
  const padding = Math.max(2, rect.x0 - cell.x0);
  return { ...rect, x1: Math.max(rect.x1, cell.x1 - padding) };
}

/** Every paragraph of a page, header and footer and table cells included (with their cell), in reading order. */
function pageParagraphs(page: { header: Paragraph[]; footer: Paragraph[]; blocks: Block[] }): { paragraph: Paragraph; cell?: { x0: number; x1: number } }[] {
  const out: { paragraph: Paragraph; cell?: { x0: number; x1: number } }[] = page.header.map((paragraph) => ({ paragraph }));
  for (const block of page.blocks) {
    if (block.kind === 'paragraph') out.push({ paragraph: block });
    if (block.kind !== 'table') continue;
    for (const row of block.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const x0 = block.bbox.x0 + block.columns.slice(0, column).reduce((a, b) => a + b, 0);
        const x1 = x0 + block.columns.slice(column, column + cell.colSpan).reduce((a, b) => a + b, 0);
        column += cell.colSpan;
        for (const paragraph of cell.text) out.push({ paragraph, cell: { x0, x1 } });
      }
    }
  }
  out.push(...page.footer.map((paragraph) => ({ paragraph })));
  return out;
}

/** Gap between two lines of one paragraph, as a multiple of the size: more is paragraph spacing. */
const LINE_GAP = 0.35;

/**
 * Consecutive boxes that are one paragraph the analysis cut in two (same style, one line gap
 * apart, one above the other): joined, so that no sentence is translated in halves.
 */
export function joinSplitParagraphs(boxes: TextBox[], cells: ReadonlySet<TextBox>): TextBox[] {
  const out: TextBox[] = [];
  for (const box of boxes) {
    const last = out[out.length - 1];
    const joins = last !== undefined && !cells.has(last) && !cells.has(box)
      && Math.abs(last.size - box.size) < 0.5 && last.bold === box.bold && last.italic === box.italic
      && box.rect.y0 >= last.rect.y1 - box.size * 0.5 && box.rect.y0 - last.rect.y1 < box.size * LINE_GAP
      && Math.abs(box.rect.x0 - last.rect.x0) < box.size * 3;
    if (!joins) {
      out.push(box);
      continue;
    }
    const oneLine = last.rect.y1 - last.rect.y0 < last.size * 1.6;
    const leading = oneLine ? (box.baseline - last.baseline) / last.size : last.leading;
    const union = (a: Rect, b: Rect): Rect => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) });
    out[out.length - 1] = {
      ...last, text: `${last.text} ${box.text}`, rect: union(last.rect, box.rect), room: union(last.room, box.room),
      leading: Math.min(Math.max(leading, 1), 2.5),
    };
  }
  return out;
}

/**
 * Reads the text boxes of every page. Boxes without a letter (page numbers, figures) are left
 * out: there is nothing in them to translate. Errors: the open errors of every tool.
 */
export async function readTextBoxes(input: SingleInput, onProgress?: ProgressFn): Promise<TextBoxPage[]> {
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  try {
    const turned = new Set<number>();
    for (let i = 0; i < pageCount; i++) {
      const page = doc.loadPage(i);
      try {
        if (uprightTurn(page) !== 0) turned.add(i + 1);
      } finally {
        page.destroy();
      }
    }
    const layout = analyseDocument(doc, {}, (done, total) => report((done / total) * 100), pageCount);
    return layout.pages.map((page) => {
      const isTurned = turned.has(page.index);
      const cells = new Set<TextBox>();
      const read = isTurned ? [] : pageParagraphs(page).flatMap(({ paragraph, cell }, i) => {
        const box = boxOf(paragraph, `${page.index}:${i}`, cell);
        if (box && cell) cells.add(box);
        return box ? [box] : [];
      });
      const boxes = joinSplitParagraphs(read, cells);
      return { page: page.index, width: page.width, height: page.height, boxes, turned: isTurned };
    });
  } catch (err) {
    throw asCatalogueError(err, 'FILE_DAMAGED');
  } finally {
    doc.destroy();
  }
}

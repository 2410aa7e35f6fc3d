/**
 * The text boxes of a document translation: every paragraph the layout analysis of the PDF to
 * Word converter finds (body, running header and footer, table cells), with where it stands
 * on its page and the style it is set in. The translator sends their texts out and writes the
 * translations back into the same boxes.
 */
import { asCatalogueError } from '../errors.js';
import { analyseDocument, firstBaseline } from '../reconstruct/analyse.js';
import type { Paragraph, Rect } from '../reconstruct/layout.js';
import { uprightTurn } from '../reconstruct/upright.js';
import { openInput, type SingleInput } from '../pdf/single.js';
import { progressReporter, type ProgressFn } from '../progress.js';

export interface TextBox {
  /** Unique in the document: `page:index`. */
  id: string;
  text: string;
  /** PDF points from the page's top-left corner as displayed. */
  rect: Rect;
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

function boxOf(paragraph: Paragraph, id: string): TextBox | null {
  const text = paragraphText(paragraph);
  const run = dominantRun(paragraph);
  if (!run || !/[\p{L}]/u.test(text)) return null;
  const lines = Math.max(1, Math.round((paragraph.bbox.y1 - paragraph.bbox.y0) / Math.max(paragraph.lineSpacing, 1)));
  const leading = lines > 1 && run.size > 0 ? paragraph.lineSpacing / run.size : DEFAULT_LEADING;
  return {
    id, text, rect: { ...paragraph.bbox }, size: run.size,
    // Table cells and running text have theirs from the analysis; otherwise about an ascender below the top.
    baseline: firstBaseline(paragraph) ?? paragraph.bbox.y0 + run.size * 0.8,
    leading: Math.min(Math.max(leading, 1), 2.5),
    bold: run.bold, italic: run.italic, serif: run.serif === true, mono: run.mono === true,
    color: run.color, align: paragraph.align,
  };
}

/** Every paragraph of a page, header and footer and table cells included, in reading order. */
function pageParagraphs(page: { header: Paragraph[]; footer: Paragraph[]; blocks: import('../reconstruct/layout.js').Block[] }): Paragraph[] {
  const out: Paragraph[] = [...page.header];
  for (const block of page.blocks) {
    if (block.kind === 'paragraph') out.push(block);
    else if (block.kind === 'table') for (const row of block.rows) for (const cell of row.cells) out.push(...cell.text);
  }
  out.push(...page.footer);
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
      const boxes = isTurned ? [] : pageParagraphs(page)
        .map((paragraph, i) => boxOf(paragraph, `${page.index}:${i}`))
        .filter((box): box is TextBox => box !== null);
      return { page: page.index, width: page.width, height: page.height, boxes, turned: isTurned };
    });
  } catch (err) {
    throw asCatalogueError(err, 'FILE_DAMAGED');
  } finally {
    doc.destroy();
  }
}

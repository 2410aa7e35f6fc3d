/**
 * A document's text as the AI tools read it (chat-pdf, ai-read): per page, blocks of lines in
 * MuPDF's reading order, each line with where it stands on the page as displayed, its font size
 * and whether it is bold (heading detection); with the document's outline and title. The shapes
 * are contracts' DocumentText, which packages/ai reads.
 */
import { basename, extname } from 'node:path';
import {
  CatalogueError, type DocumentPage, type DocumentText, type OutlineEntry, type TextBlock, type TextLine,
} from '@pagewright/contracts';
import { reasonOf } from './errors.js';
import { walkText, type mupdf, type PDFDocument } from './mupdf.js';
import { documentFail as fail, openInput } from './pdf/single.js';
import { fontStyle } from './reconstruct/fonts.js';

export type { DocumentPage, DocumentText, TextBlock, TextLine };

export interface DocumentTextOptions {
  /** Pages read from the start (SPEC §9: 200 for AI, 20 for the chat trial). */
  maxPages: number;
  password?: string;
}

/** MuPDF's character for a glyph without a Unicode mapping: noise to a reader, left out. */
const UNMAPPED = '\uFFFD';

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * Reads the text of the first `maxPages` pages. A page MuPDF cannot read comes back empty
 * rather than losing the rest (the only page of a one-page file failing is FILE_DAMAGED).
 * Errors as documentInfo: FILE_TYPE_ERROR, FILE_DAMAGED, 3122, INCORRECT_PASSWORD; a
 * `maxPages` that is not a positive integer -> INVALID_PARAMS.
 */
export async function documentText(path: string, options: DocumentTextOptions): Promise<DocumentText> {
  const { maxPages, password } = options;
  if (!Number.isInteger(maxPages) || maxPages < 1) throw new CatalogueError('INVALID_PARAMS', `maxPages must be a positive integer, not ${String(maxPages)}`);
  const { doc, pageCount } = await openInput(password ? { path, password } : { path });
  try {
    const count = Math.min(pageCount, maxPages);
    const pages: DocumentPage[] = [];
    for (let index = 0; index < count; index += 1) {
      const read: DocumentPage = { page: index + 1, width: 0, height: 0, blocks: [] };
      try {
        readPage(doc, index, read);
      } catch (err) {
        if (pageCount === 1) throw fail('FILE_DAMAGED', reasonOf(err));
        read.blocks = [];
      }
      pages.push(read);
    }
    return { title: documentTitle(doc, path), pages, outline: readOutline(doc, count) };
  } finally {
    doc.destroy();
  }
}

/** Fills `into` with the page's size and text; throws when MuPDF cannot read the page. */
function readPage(doc: PDFDocument, index: number, into: DocumentPage): void {
  const page = doc.loadPage(index);
  try {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.getBounds();
    into.width = round(x1 - x0);
    into.height = round(y1 - y0);
    const stext = page.toStructuredText('preserve-whitespace');
    try {
      into.blocks = readBlocks(stext, x0, y0);
    } finally {
      stext.destroy();
    }
  } finally {
    page.destroy();
  }
}

interface LineChars {
  text: string[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Visible characters per font size, and how many of them are bold. */
  sizes: Map<number, number>;
  visible: number;
  bold: number;
}

/** The page's text blocks with their lines, moved so that the page's top-left corner is 0, 0. */
function readBlocks(stext: mupdf.StructuredText, ox: number, oy: number): TextBlock[] {
  const blocks: TextBlock[] = [];
  const boldFonts = new Map<number, boolean>();
  let block: TextLine[] = [];
  let line: LineChars | undefined;
  const endLine = (): void => {
    if (!line) return;
    const text = line.text.join('').replace(/\s+/g, ' ').trim();
    if (text !== '' && line.visible > 0) {
      const size = [...line.sizes].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
      block.push({
        text,
        rect: [round(line.x0 - ox), round(line.y0 - oy), round(line.x1 - line.x0), round(line.y1 - line.y0)],
        size: round(size),
        bold: line.bold * 2 > line.visible,
      });
    }
    line = undefined;
  };
  walkText(stext, {
    beginTextBlock() {
      block = [];
    },
    beginLine() {
      line = { text: [], x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, sizes: new Map(), visible: 0, bold: 0 };
    },
    onChar(c, _origin, font, size, quad) {
      if (!line || c === UNMAPPED) return;
      line.text.push(c);
      if (/\s/.test(c)) return;
      line.x0 = Math.min(line.x0, quad[0], quad[2], quad[4], quad[6]);
      line.x1 = Math.max(line.x1, quad[0], quad[2], quad[4], quad[6]);
      line.y0 = Math.min(line.y0, quad[1], quad[3], quad[5], quad[7]);
      line.y1 = Math.max(line.y1, quad[1], quad[3], quad[5], quad[7]);
      line.sizes.set(size, (line.sizes.get(size) ?? 0) + 1);
      line.visible += 1;
      let bold = boldFonts.get(font.pointer);
      if (bold === undefined) {
        bold = fontStyle(font.getName(), { bold: font.isBold(), italic: font.isItalic(), mono: font.isMono(), serif: font.isSerif() }).bold;
        boldFonts.set(font.pointer, bold);
      }
      if (bold) line.bold += 1;
    },
    endLine,
    endTextBlock() {
      endLine();
      if (block.length > 0) blocks.push({ lines: block });
      block = [];
    },
  });
  return blocks;
}

/** Outline entries with a destination among the first `pages` pages, depth first; a broken outline reads as none. */
function readOutline(doc: PDFDocument, pages: number): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  let items: ReturnType<PDFDocument['loadOutline']>;
  try {
    items = doc.loadOutline();
  } catch {
    return entries;
  }
  const walk = (list: NonNullable<typeof items>, level: number): void => {
    for (const item of list) {
      const title = (item.title ?? '').replace(/\s+/g, ' ').trim();
      if (title !== '' && typeof item.page === 'number' && item.page >= 0 && item.page < pages) entries.push({ title, page: item.page + 1, level });
      if (item.down) walk(item.down, level + 1);
    }
  };
  if (items) walk(items, 1);
  return entries;
}

/** Placeholders that producers write when the author gave no title. */
const PLACEHOLDER_TITLES = /^(untitled|no title|title|document|unknown|none)$/i;
/** What an office suite's PDF printer puts before the file name ("Microsoft Word - report.doc"). */
const PRINTER_PREFIX = /^Microsoft\s+\w+(\s+\w+)?\s+-\s+/i;

/**
 * The metadata title, unless it is no title for a reader: empty, a placeholder, a file name
 * (the input's own, one with an extension, or one token with digits or underscores), or
 * without a letter ("88300 162..177").
 */
function documentTitle(doc: PDFDocument, path: string): string | null {
  let title: string;
  try {
    title = (doc.getMetaData('info:Title') ?? '').replace(/\s+/g, ' ').trim();
  } catch {
    return null;
  }
  title = title.replace(PRINTER_PREFIX, '').trim();
  const key = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const stem = basename(path, extname(path));
  const fileName = /\.[a-z][a-z0-9]{1,3}$/i.test(title) || (!title.includes(' ') && /[\d_]/.test(title));
  if (title === '' || PLACEHOLDER_TITLES.test(title) || !/\p{L}/u.test(title) || fileName || key(title) === key(stem)) return null;
  return title;
}

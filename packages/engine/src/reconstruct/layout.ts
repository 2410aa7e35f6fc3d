/**
 * The layout model of a PDF as recovered from MuPDF's structured text and vector paths: the
 * shared input of every flowing output (docx, txt, rtf, epub, pages) and of the other
 * converters (xlsx, pptx, html). Coordinates are PDF points from the page's top-left corner as
 * displayed (crop box and /Rotate applied), y growing downwards.
 */

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface DocumentLayout {
  pages: PageLayout[];
  /** The document outline flattened in order; `page` is 1-based, `level` 1 for top entries. */
  outline: { title: string; page: number; level: number }[];
  /** Document information title, when present. */
  title?: string;
}

export interface PageLayout {
  /** 1-based page number in the document. */
  index: number;
  width: number;
  height: number;
  /** Distances from the page edges to the body's text, images and tables. */
  margins: { top: number; right: number; bottom: number; left: number };
  /** Text columns of the body from left to right (one when the page is not multi-column). */
  columns: { x0: number; x1: number }[];
  /** Running header and footer: the same text at the same place on most pages, page numbers. */
  header: Paragraph[];
  footer: Paragraph[];
  /** The body in reading order: column by column, top to bottom within a column. */
  blocks: Block[];
}

export type Block = Paragraph | Table | ImageBlock;

export interface Paragraph {
  kind: 'paragraph';
  bbox: Rect;
  /** Index into `PageLayout.columns`; -1 for content spanning every column. */
  column: number;
  runs: Run[];
  align: 'left' | 'center' | 'right' | 'justify';
  /**
   * A right-to-left paragraph (mostly Arabic or Hebrew letters): its runs are in reading order,
   * and `leftIndent` and `firstLineIndent` are measured from the right edge of the column.
   */
  rtl?: boolean;
  /** Baseline-to-baseline distance of the lines, points (the font size for one-line paragraphs). */
  lineSpacing: number;
  /** Gap above the paragraph (from the previous block's bottom in the same column), points. */
  spaceBefore: number;
  /** Gap below the paragraph: the last one of a cell whose text sits on its bottom rule, from that rule, points. */
  spaceAfter?: number;
  /** First line's indent relative to `leftIndent` (negative for a hanging indent), points. */
  firstLineIndent: number;
  /** Left edge of the paragraph's lines relative to its column's left edge, points. */
  leftIndent: number;
  /** A right-aligned paragraph's right edge from its column's right edge (a table cell's padding), points. */
  rightIndent?: number;
  /** A list item; `marker` is the bullet or number as printed ("•", "1.", "a)"), removed from `runs`. */
  list?: { ordered: boolean; level: number; marker: string };
  /**
   * Where the PDF broke the paragraph's lines: for each line but the last, the number of
   * characters (whitespace not counted) of `runs` up to its end. Writers keep these breaks
   * where their own wrapping would make more lines than the PDF has.
   */
  lineEnds?: number[];
  /** 1..6 when the paragraph looks like a heading (larger or bold short text, or an outline entry). */
  headingLevel?: number;
  /**
   * The text is set sideways on the page (an archive's stamp up the margin, a turned label):
   * its lines lie side by side across `bbox`'s width, and writers set them across.
   */
  sideways?: boolean;
}

export interface Run {
  text: string;
  /** Font family without subset prefix and style suffix ("Helvetica", "Times New Roman"). */
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  /** Text colour as six hex digits, lower case ("000000"). */
  color: string;
  /** The font is monospaced (set from the font flags or name). */
  mono?: boolean;
  /** The font has serifs (from the font flags or name); picks a stand-in family. */
  serif?: boolean;
  /** Total advance of the run's non-space glyphs in the PDF, points (to fit other fonts to it). */
  advance?: number;
  /** Raised or lowered smaller text (footnote marks, exponents, indices); `size` is its own. */
  script?: 'super' | 'sub';
  /**
   * The run starts a line where the PDF's line started (the wrapped text of a table cell): the
   * cell's text breaks where the original's did, not where the writer's font would wrap it.
   */
  lineBreak?: boolean;
  /** Colour of a filled box drawn under the text (a shaded paragraph or cell, a highlight), six hex digits. */
  shading?: string;
  /**
   * The run is a piece of a one-line paragraph set apart at a stop (a title's date at the
   * right, a count in a listing): its start (`left`), centre or end (`right`) sits `at` points
   * right of where the paragraph's line starts. Its text still follows the previous run's after
   * a space, for writers that do not set stops.
   */
  tab?: { at: number; align: 'left' | 'center' | 'right' };
}

export interface TableCell {
  text: Paragraph[];
  colSpan: number;
  /** Fill colour of the cell as drawn, six hex digits. */
  shading?: string;
  /** Where the text sits in a cell clearly taller than it, as drawn (absent: at the top). */
  valign?: 'center' | 'bottom';
  /**
   * All the cell's text is set sideways, reading up the page (bottom to top) or down it (a column
   * heading turned to fit a narrow column). `text` is then measured as if the cell were turned
   * so that it reads left to right: its lines run along the cell's height, and `valign` is
   * across its width, from the side the text's tops face.
   */
  reads?: 'up' | 'down';
  /** A ruled cell's paragraphs' first baselines below its row's top edge, as drawn, points (text at the top only). */
  baselines?: number[];
  /** The edges of a ruled table's cell that a rule is drawn along, each with the rule's colour (six hex digits); writers draw those only. */
  rules?: Partial<Record<'top' | 'bottom' | 'left' | 'right', string>>;
}

export interface Table {
  kind: 'table';
  bbox: Rect;
  /** Drawn with lines (cell borders); a borderless table was recognised from aligned text. */
  ruled: boolean;
  column: number;
  /** Column widths, points, left to right. */
  columns: number[];
  rows: { height: number; cells: TableCell[] }[];
  spaceBefore: number;
}

export interface ImageBlock {
  kind: 'image';
  bbox: Rect;
  column: number;
  /** The encoded image (JPEG as stored in the PDF, everything else as PNG). */
  data: Uint8Array;
  ext: 'jpg' | 'png';
  /** Pixel size of `data`. */
  pixelWidth: number;
  pixelHeight: number;
  spaceBefore: number;
  /** Text runs beside the image: writers float it at its place on the page with text around it. */
  float?: boolean;
  /** Text runs over the image (words in a drawn shape, a line under a stamp): writers float it behind the text, which keeps its place. */
  behind?: boolean;
  /**
   * A figure's labels (axis ticks, legend entries), drawn in `data`; writers that can place text
   * over a picture use `plain`, the figure without them, and set each label at its place on
   * the page, readable and searchable, instead.
   */
  labels?: { paragraphs: Paragraph[]; plain: { data: Uint8Array; ext: 'jpg' | 'png'; pixelWidth: number; pixelHeight: number } };
}

export interface AnalyseOptions {
  /** 1-based pages to analyse (default: every page). */
  pages?: number[];
}

export { analysePdf, analyseDocument } from './analyse.js';

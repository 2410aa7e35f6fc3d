/**
 * PDF to one self-contained HTML file. Fixed layout: each page a positioned box of the page's
 * size, its vector art as a rendered background picture (text and raster images left out of
 * it), its raster images as <img> data URIs in place, and its text as absolutely placed,
 * selectable spans with their font, size, style and colour. Reflowed layout: the layout
 * analysis' paragraphs, headings, lists, tables and images in reading order.
 *
 * The output never contains a script: every text is escaped, no attribute takes a value from
 * the PDF other than escaped text and data: URIs made here, links are not carried over, and a
 * Content-Security-Policy forbids scripts and any outside resource should a browser find one.
 */
import { CatalogueError } from '@pagewright/contracts';
import { asCatalogueError } from '../errors.js';
import { writeFileAtomic } from '../files.js';
import type { PdfInput } from '../merge.js';
import { openInput } from '../pdf/single.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { analyseDocument } from '../reconstruct/analyse.js';
import type { Block, DocumentLayout, Paragraph, Run } from '../reconstruct/layout.js';
import { escapeXml, faceMetrics, fontFace, pageFailure, readPage, renderVectorArt, type PositionalPage, type TextSpan } from './positional.js';
import type { PDFDocument } from '../mupdf.js';

export type HtmlLayout = 'fixed' | 'reflow';

/** Resolution of the vector-art background: sharp enough for rules and charts on screen. */
const BACKGROUND_DPI = 110;
/**
 * How far below a span's top its baseline sits, as a share of the size: with line-height 1 a
 * browser centres the font's ascent and descent on the line box (half the difference above and
 * below), so the baseline is (1 + ascent - descent) / 2 down, for the face it draws with.
 */
function baselineShare(span: TextSpan): number {
  const [ascent, descent] = faceMetrics(fontFace(span));
  return (1 + ascent - descent) / 2;
}

const CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

function dataUri(mime: string, data: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64')}`;
}

const num = (v: number): string => String(Math.round(v * 100) / 100);

/**
 * A CSS font-family list: the PDF's font name (quotes and specials removed), then the family of
 * its kind with the same widths (Times New Roman for TeX's CMR10: a browser's default serif,
 * DejaVu Serif on Linux, runs a sixth wider and spans overlapped), then a generic family.
 */
function fontFamily(span: TextSpan): string {
  const base = span.font.replace(/[-,](Bold|Italic|Oblique|BoldItalic|BoldOblique|Regular|Roman)$/i, '').replace(/MT$|PS$/, '').replace(/[^A-Za-z0-9 _-]/g, '');
  const face = fontFace(span);
  return [...new Set([base, face].filter(Boolean))].map((f) => `'${f}'`).concat(span.family).join(', ');
}

function spanStyle(span: TextSpan): string {
  let style = `font-family:${escapeXml(fontFamily(span))};font-size:${num(span.size)}pt`;
  if (span.bold) style += ';font-weight:bold';
  if (span.italic) style += ';font-style:italic';
  if (span.color !== '000000') style += `;color:#${span.color}`;
  return style;
}

function fixedPage(page: PositionalPage, background: Uint8Array | undefined, pageNumber: number): string {
  const parts: string[] = [];
  parts.push(`<section class="page" id="page-${pageNumber}" style="width:${num(page.width)}pt;height:${num(page.height)}pt">`);
  if (background) parts.push(`<img class="art" alt="" src="${dataUri('image/png', background)}">`);
  for (const image of page.images) {
    const [x0, y0, x1, y1] = image.bbox;
    parts.push(`<img alt="" src="${dataUri(image.ext === 'jpg' ? 'image/jpeg' : 'image/png', image.data)}" style="left:${num(x0)}pt;top:${num(y0)}pt;width:${num(x1 - x0)}pt;height:${num(y1 - y0)}pt">`);
  }
  for (const block of page.blocks) {
    for (const line of block.lines) {
      const angle = Math.atan2(line.dir[1], line.dir[0]);
      for (const span of line.spans) {
        if (span.text.trim() === '') continue;
        const share = baselineShare(span);
        // Turned about the start of the baseline, where the PDF's line starts.
        const rotate = Math.abs(angle) > 0.01 ? `;transform:rotate(${num((angle * 180) / Math.PI)}deg);transform-origin:0 ${num(share)}em` : '';
        const top = span.y - span.size * share;
        parts.push(`<span style="left:${num(span.x)}pt;top:${num(top)}pt;${spanStyle(span)}${rotate}">${escapeXml(span.text)}</span>`);
      }
      // A space between lines keeps words apart when the text is copied.
      parts.push(' ');
    }
  }
  parts.push('</section>');
  return parts.join('');
}

const FIXED_CSS = `body{margin:0;background:#e8e8e8}
.page{position:relative;margin:12pt auto;background:#fff;overflow:hidden;box-shadow:0 1pt 4pt rgba(0,0,0,.25)}
.page img,.page span{position:absolute}
.page img.art{left:0;top:0;width:100%;height:100%}
.page span{white-space:pre;line-height:1}
@media print{body{background:none}.page{margin:0;box-shadow:none;page-break-after:always}}`;

const REFLOW_CSS = `body{margin:2em auto;max-width:48em;padding:0 1em;font-family:serif;line-height:1.4;color:#111}
img{max-width:100%;height:auto}
table{border-collapse:collapse;margin:1em 0}
td{border:1px solid #999;padding:.2em .4em;vertical-align:top}
hr{border:none;border-top:1px dashed #bbb;margin:2em 0}`;

function document(title: string, css: string, body: string): string {
  return `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<style>
${css}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function runHtml(run: Run): string {
  let html = escapeXml(run.text);
  if (run.bold) html = `<strong>${html}</strong>`;
  if (run.italic) html = `<em>${html}</em>`;
  if (run.color !== '000000' || run.mono) {
    const style = [run.color !== '000000' ? `color:#${run.color}` : '', run.mono ? 'font-family:monospace' : ''].filter(Boolean).join(';');
    html = `<span style="${style}">${html}</span>`;
  }
  return html;
}

function paragraphHtml(p: Paragraph): string {
  const inner = p.runs.map(runHtml).join('');
  const align = (p.align !== 'left' && p.align !== 'justify' ? ` style="text-align:${p.align}"` : '') + (p.rtl ? ' dir="rtl"' : '');
  if (p.headingLevel) {
    const level = Math.max(1, Math.min(6, p.headingLevel));
    return `<h${level}${align}>${inner}</h${level}>`;
  }
  return `<p${align}>${inner}</p>`;
}

function blocksHtml(blocks: Block[]): string {
  const out: string[] = [];
  let list: 'ul' | 'ol' | undefined;
  const closeList = (): void => {
    if (list) out.push(`</${list}>`);
    list = undefined;
  };
  for (const block of blocks) {
    if (block.kind === 'paragraph' && block.list) {
      const kind = block.list.ordered ? 'ol' : 'ul';
      if (list !== kind) {
        closeList();
        out.push(`<${kind}>`);
        list = kind;
      }
      out.push(`<li>${block.runs.map(runHtml).join('')}</li>`);
      continue;
    }
    closeList();
    if (block.kind === 'paragraph') out.push(paragraphHtml(block));
    else if (block.kind === 'image') {
      out.push(`<p><img alt="" width="${Math.round(block.bbox.x1 - block.bbox.x0)}" src="${dataUri(block.ext === 'jpg' ? 'image/jpeg' : 'image/png', block.data)}"></p>`);
    } else {
      const rows = block.rows.map((row) => `<tr>${row.cells.map((cell) => `<td${cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : ''}>${cell.text.map((p) => p.runs.map(runHtml).join('')).join('<br>')}</td>`).join('')}</tr>`);
      out.push(`<table>${rows.join('')}</table>`);
    }
  }
  closeList();
  return out.join('\n');
}

/**
 * A minimal layout of the pages from their positional text, used only when the shared layout
 * analysis yields nothing: one paragraph per text block, larger text as headings.
 */
export function positionalLayout(pages: PositionalPage[]): DocumentLayout {
  const sizes = pages.flatMap((p) => p.blocks.flatMap((b) => b.lines.flatMap((l) => l.spans.map((s) => s.size))));
  sizes.sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)] ?? 12;
  return {
    outline: [],
    pages: pages.map((page, i) => ({
      index: i + 1,
      width: page.width,
      height: page.height,
      margins: { top: 0, right: 0, bottom: 0, left: 0 },
      columns: [{ x0: 0, x1: page.width }],
      header: [],
      footer: [],
      blocks: [
        ...page.blocks.map((block): Paragraph => {
          const runs: Run[] = [];
          block.lines.forEach((line, k) => {
            line.spans.forEach((s, j) => {
              const text = k > 0 && j === 0 ? ` ${s.text}` : s.text;
              runs.push({ text, font: s.font, size: s.size, bold: s.bold, italic: s.italic, color: s.color });
            });
          });
          const size = Math.max(...block.lines.flatMap((l) => l.spans.map((s) => s.size)));
          const headingLevel = size >= body * 1.6 ? 1 : size >= body * 1.25 ? 2 : undefined;
          const [x0, y0, x1, y1] = block.bbox;
          return {
            kind: 'paragraph', bbox: { x0, y0, x1, y1 }, column: 0, runs, align: 'left', lineSpacing: size, spaceBefore: 0, firstLineIndent: 0, leftIndent: 0,
            ...(headingLevel ? { headingLevel } : {}),
          };
        }),
      ],
    })),
  };
}

function readAllPages(doc: PDFDocument, pageCount: number, withImages: boolean, onPage: (done: number) => void): PositionalPage[] {
  const pages: PositionalPage[] = [];
  for (let i = 0; i < pageCount; i++) {
    try {
      const page = doc.loadPage(i);
      try {
        pages.push(readPage(page, withImages));
      } finally {
        page.destroy();
      }
    } catch (err) {
      throw pageFailure(i + 1, err);
    }
    onPage(i + 1);
  }
  return pages;
}

/**
 * Writes the HTML file. `layout` 'fixed' (default) or 'reflow'; anything else -> INVALID_PARAMS.
 * Open errors as in every PDF tool; a page MuPDF cannot interpret -> FILE_DAMAGED.
 */
export async function pdfToHtml(input: PdfInput, outputPath: string, options: { layout?: HtmlLayout } = {}, onProgress?: ProgressFn): Promise<void> {
  const layout = options.layout ?? 'fixed';
  if (layout !== 'fixed' && layout !== 'reflow') throw new CatalogueError('INVALID_PARAMS', `unknown html layout '${String(layout)}'`);
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  let html: string;
  try {
    const title = doc.getMetaData('info:Title') || '';
    if (layout === 'fixed') {
      const sections: string[] = [];
      for (let i = 0; i < pageCount; i++) {
        try {
          const page = doc.loadPage(i);
          try {
            sections.push(fixedPage(readPage(page), renderVectorArt(page, BACKGROUND_DPI), i + 1));
          } finally {
            page.destroy();
          }
        } catch (err) {
          throw pageFailure(i + 1, err);
        }
        report(((i + 1) / pageCount) * 95);
      }
      html = document(title || 'Document', FIXED_CSS, sections.join('\n'));
    } else {
      let analysed: DocumentLayout;
      try {
        analysed = analyseDocument(doc, {}, (done, total) => report((done / total) * 90));
      } catch (err) {
        throw asCatalogueError(err, 'FILE_DAMAGED');
      }
      if (analysed.pages.length === 0) analysed = positionalLayout(readAllPages(doc, pageCount, true, (done) => report((done / pageCount) * 90)));
      const body = analysed.pages.map((page) => `<article id="page-${page.index}">\n${blocksHtml(page.blocks)}\n</article>`).join('\n<hr>\n');
      html = document(title || analysed.title || 'Document', REFLOW_CSS, body);
    }
  } finally {
    doc.destroy();
  }
  report(96);
  await writeFileAtomic(outputPath, Buffer.from(html, 'utf8'));
  report(100);
}

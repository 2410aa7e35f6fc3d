/**
 * PDF to RTF: styled paragraphs from the layout analysis: a font table and a colour table,
 * runs with font, size, bold, italic and colour, paragraph alignment, indents, spacing and
 * exact line spacing, headings as outline levels, tables as RTF table rows, a page break
 * between pages, pictures as embedded PNG or JPEG (\pict) at their size, each in a paragraph of
 * its own where it comes in the reading order (a picture text ran beside goes above that text).
 */
import { writeFileAtomic } from '../files.js';
import type { PdfInput } from '../merge.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { analysePdf } from '../reconstruct/analyse.js';
import { portableFamily } from '../reconstruct/fonts.js';
import { SOFT_HYPHEN } from '../reconstruct/text.js';
import type { DocumentLayout, ImageBlock, Paragraph, Run, Table } from '../reconstruct/layout.js';

export async function pdfToRtf(input: PdfInput, outputPath: string, onProgress?: ProgressFn): Promise<void> {
  const report = progressReporter(onProgress);
  const layout = await analysePdf(input, (p) => report(p * 0.9));
  await writeFileAtomic(outputPath, Buffer.from(layoutToRtf(layout), 'latin1'));
  report(100);
}

const twips = (pt: number): number => Math.round(pt * 20);

/** RTF text escaping: control characters of RTF, and everything outside ASCII as \uN? (signed 16-bit). */
export function rtfEscape(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '{' || ch === '}') out += `\\${ch}`;
    else if (ch === SOFT_HYPHEN) out += '\\-';
    else if (ch === '\t') out += '\\tab ';
    else if (code < 0x20) continue;
    else if (code < 0x80) out += ch;
    else {
      // Characters beyond the BMP go as their UTF-16 surrogate pair.
      const units = code > 0xffff ? [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)] : [code];
      for (const u of units) out += `\\u${u > 32767 ? u - 65536 : u}?`;
    }
  }
  return out;
}

class Tables {
  fonts: string[] = [];
  colors: string[] = [];
  font(name: string): number {
    let i = this.fonts.indexOf(name);
    if (i < 0) i = this.fonts.push(name) - 1;
    return i;
  }
  color(hex: string): number {
    let i = this.colors.indexOf(hex);
    if (i < 0) i = this.colors.push(hex) - 1;
    return i + 1;
  }
}

function runRtf(run: Run, t: Tables): string {
  const f = t.font(portableFamily(run));
  return `{\\f${f}\\fs${Math.max(2, Math.round(run.size * 2))}${run.bold ? '\\b' : ''}${run.italic ? '\\i' : ''}\\cf${t.color(run.color)} ${rtfEscape(run.text)}}`;
}

const ALIGN = { left: '\\ql', center: '\\qc', right: '\\qr', justify: '\\qj' } as const;

function paragraphProps(p: Paragraph, inTable: boolean): string {
  const outline = p.headingLevel ? `\\outlinelevel${p.headingLevel - 1}` : '';
  const indent = inTable ? '' : `\\li${twips(p.leftIndent)}\\fi${twips(p.firstLineIndent)}`;
  return `${p.rtl ? '\\rtlpar' : ''}${ALIGN[p.align]}${indent}\\sb${inTable ? 0 : twips(p.spaceBefore)}\\sa0\\sl-${twips(p.lineSpacing)}\\slmult0${outline}`;
}

function paragraphRtf(p: Paragraph, t: Tables): string {
  const marker = p.list ? `{\\f${t.font(portableFamily(p.runs[0] ?? { font: 'Arial' }))} ${rtfEscape(p.list.marker)}\\tab}` : '';
  return `\\pard\\plain${paragraphProps(p, false)} ${marker}${p.runs.map((r) => runRtf(r, t)).join('')}\\par\n`;
}

function tableRtf(table: Table, t: Tables): string {
  let out = '';
  const border = table.ruled ? '\\clbrdrt\\brdrs\\brdrw10\\clbrdrl\\brdrs\\brdrw10\\clbrdrb\\brdrs\\brdrw10\\clbrdrr\\brdrs\\brdrw10' : '';
  for (const row of table.rows) {
    out += "\\trowd\\trgaph60\\trleft0";
    let x = 0;
    let col = 0;
    for (const cell of row.cells) {
      x += table.columns.slice(col, col + cell.colSpan).reduce((a, b) => a + b, 0);
      col += cell.colSpan;
      out += `${border}\\cellx${twips(x)}`;
    }
    out += '\n';
    for (const cell of row.cells) {
      const body = cell.text.map((p) => `${p.runs.map((r) => runRtf(r, t)).join('')}`).join('\\line ');
      out += `\\pard\\plain\\intbl ${body}\\cell\n`;
    }
    out += '\\row\n';
  }
  return `${out}\\pard\n`;
}

/** A picture in a paragraph of its own, indented to its place in the column. */
function imageRtf(image: ImageBlock, left: number): string {
  const hex = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength).toString('hex').replace(/.{1,128}/g, '$&\n');
  const width = image.bbox.x1 - image.bbox.x0;
  const height = image.bbox.y1 - image.bbox.y0;
  const blip = image.ext === 'jpg' ? '\\jpegblip' : '\\pngblip';
  return `\\pard\\plain\\ql\\li${twips(Math.max(0, image.bbox.x0 - left))}\\sb${twips(image.spaceBefore)}\\sa0 {\\pict${blip}\\picw${image.pixelWidth}\\pich${image.pixelHeight}\\picwgoal${twips(width)}\\pichgoal${twips(height)}\n${hex}}\\par\n`;
}

/** The RTF document of a layout. */
export function layoutToRtf(layout: DocumentLayout): string {
  const t = new Tables();
  t.font('Times New Roman');
  t.color('000000');
  let body = '';
  layout.pages.forEach((page, i) => {
    body += `\\sectd\\pgwsxn${twips(page.width)}\\pghsxn${twips(page.height)}\\marglsxn${twips(page.margins.left)}\\margrsxn${twips(page.margins.right)}\\margtsxn${twips(page.margins.top)}\\margbsxn${twips(Math.min(page.margins.bottom, 36))}\n`;
    for (const block of page.blocks) {
      if (block.kind === 'paragraph') body += paragraphRtf(block, t);
      else if (block.kind === 'table') body += tableRtf(block, t);
      else if (block.kind === 'image') body += imageRtf(block, page.margins.left);
    }
    if (i < layout.pages.length - 1) body += '\\sect\n';
  });
  const fonts = t.fonts.map((f, i) => `{\\f${i}\\fnil\\fcharset0 ${rtfEscape(f)};}`).join('');
  const colors = t.colors
    .map((hex) => `\\red${parseInt(hex.slice(0, 2), 16)}\\green${parseInt(hex.slice(2, 4), 16)}\\blue${parseInt(hex.slice(4, 6), 16)};`)
    .join('');
  return `{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1\n{\\fonttbl${fonts}}\n{\\colortbl;${colors}}\n${body}}\n`;
}

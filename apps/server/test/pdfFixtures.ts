/**
 * PDFs written by hand for the tests, so that no fixture file is needed: each page carries
 * its own text, and `padding` adds an uncompressed stream to make a file as large as wanted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function makePdf(pageTexts: string[], options: { padding?: number } = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ; // object number = index + 1
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const text of pageTexts) {
    const content = `BT /F1 24 Tf 72 700 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const contentNum = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentNum} 0 R >>`);
    kids.push(objects.length);
  }
  if (options.padding) {
    const filler = '% padding\n'.repeat(Math.ceil(options.padding / 10)).slice(0, options.padding);
    add(`<< /Length ${filler.length} >>\nstream\n${filler}\nendstream`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return assemblePdf(objects);
}

/**
 * A PDF file of numbered objects (object n is `objects[n - 1]`, the catalog first), with its
 * cross-reference table and trailer; `trailer` adds entries such as `/Info 9 0 R`.
 */
export function assemblePdf(objects: string[], trailer = ''): Buffer {
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A page drawing a Form XObject that draws the next, `depth` deep (3,000 by default). MuPDF's
 * interpreter recurses once per level and overflows the WebAssembly stack: a real trap
 * ("memory access out of bounds") that leaves its module broken for every file after it.
 */
export function nestedFormsPdf(depth = 3_000): Buffer {
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /X 5 0 R >> >> /Contents 4 0 R >>',
    '<< /Length 5 >>\nstream\n/X Do\nendstream',
  ];
  for (let level = 0; level < depth; level += 1) {
    const last = level === depth - 1;
    const content = last ? '0 0 10 10 re f' : '/X Do';
    const resources = last ? '' : `/Resources << /XObject << /X ${objects.length + 2} 0 R >> >> `;
    objects.push(`<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] ${resources}/Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  return assemblePdf(objects);
}

/** A PDF whose header is right and whose body is noise: MuPDF finds no page in it. */
export function makeCorruptPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R'), Buffer.alloc(2048, 0x5a)]);
}

/** Encrypts with qpdf (AES-256), the way a user's protected file arrives. */
export function encryptPdf(pdf: Buffer, userPassword: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-fixture-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', ['--encrypt', userPassword, `${userPassword}-owner`, '256', '--', path.join(dir, 'in.pdf'), path.join(dir, 'out.pdf')]);
    return readFileSync(path.join(dir, 'out.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A page of makeTextPdf: an optional heading (bold, larger) and paragraphs of body text. */
export interface TextPage {
  heading?: string;
  paragraphs: string[];
}

/**
 * A PDF of running text, as reports are: 11-point Helvetica wrapped at about 85 characters,
 * headings in 16-point Helvetica-Bold, and the title in the document's metadata.
 */
export function makeTextPdf(pages: TextPage[], options: { title?: string } = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>');
  const escape = (text: string) => text.replace(/[()\\]/g, '\\$&');
  const kids: number[] = [];
  for (const page of pages) {
    const ops: string[] = [];
    let y = 720;
    if (page.heading) {
      ops.push(`BT /F2 16 Tf 72 ${y} Td (${escape(page.heading)}) Tj ET`);
      y -= 30;
    }
    for (const paragraph of page.paragraphs) {
      for (const line of wrap(paragraph, 85)) {
        ops.push(`BT /F1 11 Tf 72 ${y} Td (${escape(line)}) Tj ET`);
        y -= 14;
      }
      y -= 10;
    }
    const content = ops.join('\n');
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    const contentNum = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentNum} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let info = 0;
  if (options.title) {
    add(`<< /Title (${escape(options.title)}) >>`);
    info = objects.length;
  }
  return assemblePdf(objects, info ? ` /Info ${info} 0 R` : '');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** An image-only PDF of a PDF, as a scanner would make it: Ghostscript rasterises every page. */
export function scanOf(pdf: Buffer, dpi = 200): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-fixture-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-sDEVICE=pdfimage24', `-r${dpi}`, `-sOutputFile=${path.join(dir, 'scan.pdf')}`, path.join(dir, 'in.pdf')]);
    return readFileSync(path.join(dir, 'scan.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A report of many pages of running text: PDF to Word keeps an engine thread busy for seconds
 * on any machine and reports its progress page by page, so tests can catch such a task running.
 */
export function longReportPdf(chapters = 400): Buffer {
  return makeTextPdf(Array.from({ length: chapters }, (_, i) => ({
    heading: `Chapter ${i + 1}`,
    paragraphs: Array.from({ length: 6 }, (_, j) => `Paragraph ${j + 1} of chapter ${i + 1}. ${'The quick brown fox jumps over the lazy dog while the report goes on. '.repeat(6)}`),
  })));
}

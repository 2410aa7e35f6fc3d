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
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
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

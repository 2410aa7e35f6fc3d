import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';

/** The text of each page of a PDF, read back with MuPDF rather than trusted from the engine. */
export function pageTexts(pdf: Buffer | Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const texts: string[] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      texts.push(page.toStructuredText('preserve-whitespace').asText().trim());
      page.destroy();
    }
    return texts;
  } finally {
    doc.destroy();
  }
}

/** Each page's rotation and displayed size, read back with MuPDF. */
export function pageGeometry(pdf: Buffer | Uint8Array): { rotate: number; width: number; height: number }[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  try {
    const result = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.getBounds();
      result.push({ rotate: doc.findPage(i).getInheritable('Rotate').asNumber() || 0, width: x1 - x0, height: y1 - y0 });
      page.destroy();
    }
    return result;
  } finally {
    doc.destroy();
  }
}

/** How many image XObjects each page's resources hold. */
export function pageImageCounts(pdf: Buffer | Uint8Array): number[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  try {
    const counts: number[] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const xobjects = doc.findPage(i).getInheritable('Resources').get('XObject');
      let n = 0;
      if (xobjects.isDictionary()) {
        xobjects.forEach((value) => {
          if (value.resolve().get('Subtype').asName() === 'Image') n++;
        });
      }
      counts.push(n);
    }
    return counts;
  } finally {
    doc.destroy();
  }
}

/** A PNG picture of `text` in large black letters, made by rendering a one-page PDF. */
export function textImagePng(text: string, dpi = 200): Buffer {
  const doc = new mupdf.PDFDocument();
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const resources = doc.addObject({ Font: { F1: font } });
    const content = `BT /F1 36 Tf 20 40 Td (${text}) Tj ET`;
    const page = doc.addPage([0, 0, 500, 100], 0, resources, content);
    doc.insertPage(-1, page);
    const pixmap = doc.loadPage(0).toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, true);
    return Buffer.from(pixmap.asPNG());
  } finally {
    doc.destroy();
  }
}

/** qpdf's verdict: 0 when opening needs a password, 2 when it does not, 3 on warnings. */
export function qpdfRequiresPassword(pdf: Buffer | Uint8Array): number | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-qpdf-'));
  try {
    writeFileSync(path.join(dir, 'f.pdf'), pdf);
    return spawnSync('qpdf', ['--requires-password', path.join(dir, 'f.pdf')]).status;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The entries of a zip by their path inside it, in sorted order, unpacked by Python's zipfile
 * rather than by the code under test.
 */
export function unzipEntries(zip: Buffer | Uint8Array): Map<string, Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-unzip-'));
  try {
    writeFileSync(path.join(dir, 'in.zip'), zip);
    execFileSync('python3', ['-m', 'zipfile', '-e', path.join(dir, 'in.zip'), path.join(dir, 'out')]);
    const entries = new Map<string, Buffer>();
    const names = readdirSync(path.join(dir, 'out'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(dir, 'out'), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
    for (const name of names) entries.set(name, readFileSync(path.join(dir, 'out', name)));
    return entries;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

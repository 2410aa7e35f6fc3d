/** Shared steps of the tool specs: add files, run the tool, download and read the result back. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import * as mupdf from 'mupdf';

export interface FixtureFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const pdfFile = (name: string, buffer: Buffer): FixtureFile => ({ name, mimeType: 'application/pdf', buffer });
export const pngFile = (name: string, buffer: Buffer): FixtureFile => ({ name, mimeType: 'image/png', buffer });

/**
 * The console lines Chromium writes for an answered request whose HTTP status is 4xx: the
 * server sends catalogue refusals that the page expects (3122 for an encrypted file,
 * INCORRECT_PASSWORD) with HTTP 422, and Chromium logs every such response.
 */
export const expectedRefusal = /Failed to load resource: the server responded with a status of 422/;

/** Collects console errors and page errors; a spec ends by expecting none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Opens a tool page and adds files; waits until each row is ready (or at `state`). */
export async function addFiles(page: Page, tool: string, files: FixtureFile[], state = 'ossSuccessful'): Promise<void> {
  await page.goto(`/app/${tool}`);
  await page.getByTestId('file-input').setInputFiles(files);
  const rows = page.getByTestId('file-row');
  await expect(rows).toHaveCount(files.length);
  for (let i = 0; i < files.length; i++) {
    await expect(rows.nth(i)).toHaveAttribute('data-state', state, { timeout: 30_000 });
  }
}

/** Presses the convert button and downloads the result; returns its name and bytes. */
export async function convertAndDownload(page: Page, timeout = 60_000): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId('convert-button').click();
  const link = page.getByTestId('download-link');
  const failure = page.getByTestId('task-error');
  await expect(link.or(failure)).toBeVisible({ timeout });
  if (await failure.isVisible()) throw new Error(`the task failed: ${await failure.innerText()}`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** The files of a zip, by name, unpacked with Info-ZIP's unzip. */
export function unzipAll(zip: Buffer): Map<string, Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-e2e-zip-'));
  try {
    writeFileSync(path.join(dir, 'in.zip'), zip);
    execFileSync('unzip', ['-qq', '-o', path.join(dir, 'in.zip'), '-d', path.join(dir, 'out')]);
    const out = new Map<string, Buffer>();
    for (const name of readdirSync(path.join(dir, 'out')).sort()) out.set(name, readFileSync(path.join(dir, 'out', name)));
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page sizes as displayed (crop box, rotation applied), read with MuPDF. */
export function pageSizes(pdf: Buffer): { w: number; h: number }[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const sizes = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.getBounds();
      sizes.push({ w: Math.round(x1 - x0), h: Math.round(y1 - y0) });
      page.destroy();
    }
    return sizes;
  } finally {
    doc.destroy();
  }
}

export function pageCount(pdf: Buffer): number {
  return pageSizes(pdf).length;
}

function withTempFile<T>(bytes: Buffer, name: string, use: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-e2e-'));
  try {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** qpdf --requires-password: 0 needs a password, 2 not encrypted, 3 encrypted without one. */
export function requiresPasswordStatus(pdf: Buffer): number | null {
  return withTempFile(pdf, 'check.pdf', (file) => spawnSync('qpdf', ['--requires-password', file]).status);
}

/** All text of a PDF by poppler's pdftotext (a reader other than MuPDF). */
export function pdfToText(pdf: Buffer, password?: string): string {
  return withTempFile(pdf, 'text.pdf', (file) =>
    execFileSync('pdftotext', [...(password ? ['-upw', password] : []), file, '-'], { encoding: 'utf8' }));
}

/** Pages that show an image, by poppler's pdfimages -list (soft masks not counted). */
export function imagePages(pdf: Buffer): number[] {
  return withTempFile(pdf, 'images.pdf', (file) => {
    const listing = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    const rows = listing.split('\n').slice(2).map((line) => line.trim().split(/\s+/));
    return rows.filter((cols) => cols[2] === 'image').map((cols) => Number(cols[0]));
  });
}

/** A PNG of `width` × `height` filled with one grey level (0-255), made with MuPDF. */
export function solidPng(width: number, height: number, grey: number): Buffer {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
  try {
    pixmap.clear(grey);
    return Buffer.from(pixmap.asPNG());
  } finally {
    pixmap.destroy();
  }
}

/** A scanned page: the first page of a PDF rendered to a PNG at `dpi`, with no text layer. */
export function renderPng(pdf: Buffer, dpi = 150): Buffer {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(0);
    const scale = dpi / 72;
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const png = Buffer.from(pixmap.asPNG());
    pixmap.destroy();
    page.destroy();
    return png;
  } finally {
    doc.destroy();
  }
}

/** A one-page PDF that shows the given PNGs side by side, made with MuPDF. */
export function pdfWithImages(pngs: Buffer[]): Buffer {
  const doc = new mupdf.PDFDocument();
  try {
    const xobjects = doc.newDictionary();
    let content = '';
    pngs.forEach((png, i) => {
      const image = new mupdf.Image(png);
      xobjects.put(`Im${i}`, doc.addImage(image));
      image.destroy();
      content += `q 100 0 0 100 ${50 + i * 120} 600 cm /Im${i} Do Q\n`;
    });
    const resources = doc.newDictionary();
    resources.put('XObject', xobjects);
    doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
    return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  } finally {
    doc.destroy();
  }
}

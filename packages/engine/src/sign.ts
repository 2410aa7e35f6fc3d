import { readFile } from 'node:fs/promises';
import { CatalogueError } from '@pagewright/contracts';
import { signFieldBytes, type CertificateSignature } from './certificate-sign.js';
import { asCatalogueError, reasonOf } from './errors.js';
import { writeFileAtomic } from './files.js';
import type { PdfInput } from './merge.js';
import { SIGN_IMAGE_FORMATS, sniffImage } from './image/probe.js';
import { mupdf, type PDFDocument, type PDFObject } from './mupdf.js';
import { appendContent, num, ownResources, resourceNames } from './pdf/page-content.js';
import { readInput } from './pdf/open.js';
import { documentFail, openInput, saveDocument } from './pdf/single.js';
import { progressReporter, type ProgressFn } from './progress.js';

/** One image stamped on a page: the box in points from the page's top-left corner as displayed. */
export interface SignPlacement {
  /** Path of a JPG/JPEG, PNG, BMP or GIF file. */
  image: string;
  /** 1-based page number. */
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Stamps each image onto its page as page content (an image XObject drawn by a content stream
 * appended to the page, not an annotation), filling the box, upright as the page is displayed
 * (/Rotate and the crop box accounted for). PNG and GIF transparency is kept (soft mask); JPEGs
 * are embedded as they are. The same file placed several times is embedded once.
 * Errors: 3102 (a file that is not a JPG, PNG, BMP or GIF image, or cannot be decoded),
 * PAGE_RANGE_INVALID (a page past the last), INVALID_PARAMS (no placement, a bad box, an image
 * file that cannot be read), and the open errors of every tool. `pages` is the number of
 * distinct pages signed. With a `certificate`, the named signature field is signed last (see
 * certificate-sign.ts): CERTIFICATE_PASSWORD_INCORRECT, CERTIFICATE_INVALID.
 */
export async function signPdf(
  input: PdfInput, outputPath: string, options: { placements: SignPlacement[]; certificate?: CertificateSignature | undefined }, onProgress?: ProgressFn,
): Promise<{ pages: number; certificate: boolean }> {
  const placements = options?.placements;
  const certificate = options?.certificate;
  if (!Array.isArray(placements)) throw documentFail('INVALID_PARAMS', 'no placement');
  if (placements.length === 0) {
    if (!certificate) throw documentFail('INVALID_PARAMS', 'no placement');
    // A certificate signature alone: the input's bytes stay as they are under an incremental update.
    onProgress?.(0);
    const signed = signFieldBytes(await readInput(input.path, documentFail), input.password, certificate);
    await writeFileAtomic(outputPath, signed);
    onProgress?.(100);
    return { pages: 0, certificate: true };
  }
  for (const p of placements) {
    const ok = p && typeof p.image === 'string' && p.image !== '' && Number.isInteger(p.page) && [p.x, p.y, p.w, p.h].every(Number.isFinite) && p.w > 0 && p.h > 0;
    if (!ok) throw documentFail('INVALID_PARAMS', `invalid placement ${JSON.stringify(p)}`);
  }
  const report = progressReporter(onProgress);
  report(0);
  // Read and check every image before touching the document.
  const files = new Map<string, Uint8Array>();
  for (const path of new Set(placements.map((p) => p.image))) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path);
    } catch (err) {
      throw documentFail('INVALID_PARAMS', `cannot read image ${path}: ${reasonOf(err)}`);
    }
    const format = sniffImage(bytes);
    if (!format || !SIGN_IMAGE_FORMATS.has(format)) throw new CatalogueError(3102, `${path}: not a JPG, PNG, BMP or GIF image`);
    files.set(path, bytes);
  }
  report(10);

  const { doc, pageCount } = await openInput(input);
  let data: Uint8Array;
  const signed = new Set<number>();
  const images = new Map<string, PDFObject>();
  try {
    const outside = placements.find((p) => p.page < 1 || p.page > pageCount);
    if (outside) throw documentFail('PAGE_RANGE_INVALID', `page ${outside.page} of ${pageCount}`);
    for (const [path, bytes] of files) images.set(path, addImage(doc, path, bytes));
    report(30);
    const byPage = new Map<number, SignPlacement[]>();
    for (const p of placements) byPage.set(p.page, [...(byPage.get(p.page) ?? []), p]);
    let done = 0;
    for (const [pageNumber, onPage] of [...byPage].sort((a, b) => a[0] - b[0])) {
      stampPage(doc, pageNumber - 1, onPage, images);
      signed.add(pageNumber);
      report(30 + (++done / byPage.size) * 55);
    }
    data = saveDocument(doc);
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    doc.destroy();
  }
  if (certificate) data = signFieldBytes(data, undefined, certificate);
  report(95);
  await writeFileAtomic(outputPath, data);
  report(100);
  return { pages: signed.size, certificate: certificate !== undefined };
}

function addImage(doc: PDFDocument, path: string, bytes: Uint8Array): PDFObject {
  let image: mupdf.Image;
  try {
    image = new mupdf.Image(bytes);
    if (!(image.getWidth() > 0 && image.getHeight() > 0)) throw new Error('empty image');
  } catch (err) {
    throw new CatalogueError(3102, `${path}: ${reasonOf(err)}`);
  }
  try {
    return doc.addImage(image);
  } catch (err) {
    throw new CatalogueError(3102, `${path}: ${reasonOf(err)}`);
  } finally {
    image.destroy();
  }
}

function stampPage(doc: PDFDocument, index: number, placements: SignPlacement[], images: Map<string, PDFObject>): void {
  let page: mupdf.PDFPage;
  try {
    page = doc.loadPage(index);
  } catch (err) {
    throw asCatalogueError(err, 'FILE_DAMAGED');
  }
  try {
    const pageObj = page.getObject();
    const imageName = resourceNames(doc, ownResources(doc, pageObj), 'XObject', 'PWSig');
    const toUser = mupdf.Matrix.invert(page.getTransform());
    const [bx, by] = page.getBounds();
    const ops: string[] = [];
    for (const p of placements) {
      const name = imageName(images.get(p.image)!);
      // The image's unit square onto the box as displayed (image top at the box top), then to user space.
      const displayed: mupdf.Matrix = [p.w, 0, 0, -p.h, bx + p.x, by + p.y + p.h];
      const m = mupdf.Matrix.concat(displayed, toUser);
      ops.push(`q ${m.map(num).join(' ')} cm /${name} Do Q`);
    }
    appendContent(doc, pageObj, ops.join('\n'));
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    throw asCatalogueError(err, 'FILE_DAMAGED');
  } finally {
    page.destroy();
  }
}

/**
 * How much a translation changed a page outside its text boxes: the SSIM of the original and
 * the translated page rendered in grey with every text box blanked in both. 1 is untouched;
 * the translator must leave images, rules and vector art as they were (≥ 0.98 is the mark).
 */
import { readFile } from 'node:fs/promises';
import { mupdf } from '../mupdf.js';
import { greyPages, ssim, type GreyImage } from '../pdf/ssim.js';
import type { TextBoxPage } from './boxes.js';

/** Box edges are glyph outlines: a redaction may clear a hair more, antialiasing spills a pixel. */
const BOX_MARGIN = 2;

function blank(image: GreyImage, page: TextBoxPage, dpi: number): GreyImage {
  const grey = image.grey.slice();
  const scale = dpi / 72;
  for (const box of page.boxes.flatMap((b) => [b.rect, b.room])) {
    const x0 = Math.max(0, Math.floor((box.x0 - BOX_MARGIN) * scale));
    const x1 = Math.min(image.width, Math.ceil((box.x1 + BOX_MARGIN) * scale));
    const y0 = Math.max(0, Math.floor((box.y0 - BOX_MARGIN) * scale));
    const y1 = Math.min(image.height, Math.ceil((box.y1 + BOX_MARGIN) * scale));
    for (let y = y0; y < y1; y++) grey.fill(255, y * image.width + x0, y * image.width + x1);
  }
  return { width: image.width, height: image.height, grey };
}

/** The SSIM outside the text boxes of each page, in page order. */
export async function similarityOutsideBoxes(originalPath: string, translatedPath: string, pages: TextBoxPage[], dpi = 50): Promise<number[]> {
  const open = async (path: string) => mupdf.Document.openDocument(await readFile(path), 'application/pdf');
  const original = await open(originalPath);
  const translated = await open(translatedPath);
  try {
    const a = greyPages(original, dpi);
    const b = greyPages(translated, dpi);
    return pages.map((page) => {
      const i = page.page - 1;
      if (!a[i] || !b[i] || a[i]!.width !== b[i]!.width || a[i]!.height !== b[i]!.height) return 0;
      return ssim(blank(a[i]!, page, dpi), blank(b[i]!, page, dpi));
    });
  } finally {
    original.destroy();
    translated.destroy();
  }
}

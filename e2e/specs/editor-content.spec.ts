/**
 * Edit mode's page content in Chromium (SPEC §3 CONTENT_EDIT): a new text block and a new
 * picture placed on the page, one of the page's own images deleted; the download has the text
 * as page text (pdftotext) and the images the page should show (pdfimages), with no annotation.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as mupdf from 'mupdf';
import { imagePages, pdfFile, pdfToText, pdfWithImages, solidPng, watchErrors } from './helpers.js';

/** pdf.js warns (not errs) about the standard fonts our fixtures name without embedding. */
const ignoredConsole = /standardFontDataUrl|TT: undefined function/;

/** The left edges (points from the page's left) of the images MuPDF draws on page 1. */
function imageLefts(bytes: Buffer): number[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const lefts: number[] = [];
  const page = doc.loadPage(0);
  const device = new mupdf.Device({ fillImage: (_image, ctm) => void lefts.push(Math.round(Math.min(ctm[4], ctm[4] + ctm[0], ctm[4] + ctm[2]))) });
  page.run(device, mupdf.Matrix.identity);
  device.close();
  doc.destroy();
  return lefts.sort((a, b) => a - b);
}

function annotationCount(bytes: Buffer): number {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  try {
    return (doc.loadPage(0) as mupdf.PDFPage).getAnnotations().length;
  } finally {
    doc.destroy();
  }
}

/** A point of page 1 given in PDF points from its top-left corner, on the screen. */
async function at(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('[data-page="1"]').boundingBox())!;
  return { x: box.x + (x / 612) * box.width, y: box.y + (y / 792) * box.height };
}

test('edit: a new text block and a new picture are added, one of the page\'s images deleted and one moved; the download has the text in pdftotext and two images where they were put', async ({ page }) => {
  const errors = watchErrors(page);
  // Two grey squares, 100 x 100 points at (50, 92) and (170, 92) from the top-left corner.
  await page.goto('/app/pdf-editor?t=edit');
  await page.locator('input[type="file"]').setInputFiles(pdfFile('pictures.pdf', pdfWithImages([solidPng(40, 40, 60), solidPng(40, 40, 180)])));
  await expect(page.locator('[data-page="1"][data-rendered="true"]')).toBeVisible({ timeout: 30_000 });
  const images = page.locator('[data-page="1"] [data-annotation="page image"]');
  await expect(images).toHaveCount(2);

  // The first square: selected by a click on it (there is no text over it), then deleted.
  const first = await at(page, 100, 142);
  await page.mouse.click(first.x, first.y);
  await expect(images.first()).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Delete');
  await expect(images).toHaveCount(1);
  await expect(page.locator('[data-page="1"] [data-image-removed]')).toHaveCount(1);

  // The second square: selected, then dragged 230 points to the right.
  const second = await at(page, 220, 142);
  await page.mouse.click(second.x, second.y);
  await expect(images.first()).toHaveAttribute('data-active', 'true');
  const to = await at(page, 450, 142);
  await page.mouse.move(second.x, second.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await expect(page.locator('[data-page="1"] [data-image-removed]')).toHaveCount(2);

  // A text block typed on the page.
  await page.locator('[data-tool="TEXT"]').click();
  const textAt = await at(page, 300, 100);
  await page.mouse.click(textAt.x, textAt.y);
  const input = page.getByTestId('free-text-input');
  await input.fill('Added in edit mode');
  await input.press('Escape');
  await expect(page.locator('[data-page="1"] [data-annotation="text block"]')).toHaveCount(1);

  // A picture placed on the page.
  await page.locator('[data-tool="IMAGE"]').click();
  await page.locator('input[type="file"][accept*="image/png"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(60, 30, 120) });
  await expect(page.getByTestId('image-chosen')).toBeVisible();
  const pictureAt = await at(page, 300, 200);
  await page.mouse.click(pictureAt.x, pictureAt.y);
  await expect(page.locator('[data-page="1"] [data-annotation="new image"]')).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('editor-export').click()]);
  const bytes = readFileSync(await download.path());
  expect(pdfToText(bytes)).toContain('Added in edit mode');
  // Two images before, one deleted, one added: page content, not annotations.
  expect(imagePages(bytes)).toEqual([1, 1]);
  // The new picture where it was placed, the second square where it was dragged to; the first square gone.
  const lefts = imageLefts(bytes);
  expect(lefts[0]).toBe(300);
  expect(Math.abs(lefts[1]! - 400)).toBeLessThanOrEqual(1);
  expect(annotationCount(bytes)).toBe(0);
  expect(errors.filter((e) => !ignoredConsole.test(e))).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { pageTexts } from '../../apps/server/test/readBack.js';
import { addFiles, convertAndDownload, pageCount, pageSizes, pdfFile, pdfWithImages, solidPng, unzipAll, watchErrors } from './helpers.js';

test('split-pdf: two ranges give a zip of two PDFs with the right pages', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'split-pdf', [pdfFile('four.pdf', makePdf(['P1', 'P2', 'P3', 'P4', 'P5']))]);
  const from = page.getByTestId('split-from');
  const to = page.getByTestId('split-to');
  await to.first().fill('9');
  await expect(page.getByText("Can't be greater than the max. value")).toBeVisible();
  await expect(page.getByTestId('convert-button')).toBeDisabled();
  await to.first().fill('2');
  await page.getByTestId('split-add-range').click();
  await expect(page.getByTestId('split-range')).toHaveCount(2);
  await from.nth(1).fill('3');
  await to.nth(1).fill('5');
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toMatch(/\.zip$/);
  const parts = [...unzipAll(bytes).values()];
  expect(parts.map(pageCount)).toEqual([2, 3]);
  expect(parts.map((pdf) => pageTexts(pdf))).toEqual([['P1', 'P2'], ['P3', 'P4', 'P5']]);
  expect(errors).toEqual([]);
});

test('rotate-pdf: a page range is checked, then the chosen pages turn by 90 degrees', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'rotate-pdf', [pdfFile('turn.pdf', makePdf(['A', 'B', 'C']))]);
  await page.getByTestId('pages-some').check();
  const ranges = page.getByTestId('page-ranges');
  await ranges.fill('1,x');
  await expect(page.getByText('Please input something like: 1, 6-159, or 59-100')).toBeVisible();
  await ranges.fill('2-7');
  await expect(page.getByText('Please enter a valid page range.')).toBeVisible();
  await ranges.fill('1, 3');
  const { bytes } = await convertAndDownload(page);
  expect(pageSizes(bytes)).toEqual([{ w: 792, h: 612 }, { w: 612, h: 792 }, { w: 792, h: 612 }]);
  expect(errors).toEqual([]);
});

test('delete-pages: the named pages are gone and the rest keep their order', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'delete-pages', [pdfFile('five.pdf', makePdf(['One', 'Two', 'Three', 'Four', 'Five']))]);
  const ranges = page.getByTestId('page-ranges');
  await ranges.fill('1-5');
  await expect(page.getByText('At least one page must be kept.')).toBeVisible();
  await ranges.fill('2, 4-5');
  await expect(page.getByTestId('delete-summary')).toContainText('3 deleted');
  // Clicking a marked page thumbnail keeps it again, and the range follows.
  await page.locator('[data-testid="page-thumb"][data-page="5"]').click();
  await expect(ranges).toHaveValue('2, 4');
  const { bytes } = await convertAndDownload(page);
  expect(pageTexts(bytes)).toEqual(['One', 'Three', 'Five']);
  expect(errors).toEqual([]);
});

test('rearrange-pdf-pages: thumbnails reorder by drag and buttons, turn and delete in one view', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'rearrange-pdf-pages', [pdfFile('order.pdf', makePdf(['First', 'Second', 'Third', 'Fourth']))]);
  const tiles = page.getByTestId('page-tile');
  await expect(tiles).toHaveCount(4);
  // Page thumbnails come from the server's page-image call.
  await expect.poll(() => tiles.first().locator('img').evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);
  // Drag page 4 onto the first place: 4 1 2 3.
  await tiles.nth(3).dragTo(tiles.nth(0));
  await expect(tiles.nth(0)).toHaveAttribute('data-page', '4');
  // Move page 3 one place left: 4 1 3 2.
  await page.locator('[data-testid="page-tile"][data-page="3"]').getByTestId('tile-left').click();
  // Delete page 1 and turn page 2: 4 3 2(90°).
  await page.locator('[data-testid="page-tile"][data-page="1"]').getByTestId('tile-delete').click();
  await page.locator('[data-testid="page-tile"][data-page="2"]').getByTestId('tile-rotate').click();
  await expect(tiles).toHaveCount(3);
  await expect(page.getByTestId('rearrange-summary')).toContainText('3 of 4');
  const { bytes } = await convertAndDownload(page);
  expect(pageTexts(bytes)).toEqual(['Fourth', 'Third', 'Second']);
  expect(pageSizes(bytes)).toEqual([{ w: 612, h: 792 }, { w: 612, h: 792 }, { w: 792, h: 612 }]);
  expect(errors).toEqual([]);
});

test('compress-pdf: two files run as a batch, come back as one zip, and the saving is shown', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'compress-pdf', [
    pdfFile('padded.pdf', makePdf(['Padded'], { padding: 200_000 })),
    pdfFile('small.pdf', makePdf(['Small'])),
  ]);
  // Custom size is only for one file under 10 MB.
  await page.getByTestId('compress-level-custom').check();
  await expect(page.getByTestId('compress-custom-refused')).toContainText('Custom-size compression is only for a single file under 10 MB.');
  await page.getByTestId('compress-level-high').check();
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toMatch(/\.zip$/);
  const results = unzipAll(bytes);
  expect(results.size).toBe(2);
  expect([...results.values()].map((pdf) => pageTexts(pdf)).sort()).toEqual([['Padded'], ['Small']]);
  await expect(page.getByTestId('compress-saving')).toContainText('Saved');
  expect(errors).toEqual([]);
});

test('extract-images-from-pdf: the images of the PDF come back in a zip', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'extract-images-from-pdf', [pdfFile('pictures.pdf', pdfWithImages([solidPng(64, 32, 30), solidPng(20, 40, 220)]))]);
  const { bytes } = await convertAndDownload(page);
  const files = [...unzipAll(bytes).keys()];
  expect(files).toHaveLength(2);
  expect(errors).toEqual([]);
});

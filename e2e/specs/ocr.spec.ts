import { expect, test } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { pageTexts } from '../../apps/server/test/readBack.js';
import { addFiles, convertAndDownload, pageCount, pageSizes, pdfToText, pngFile, renderPng, solidPng, watchErrors } from './helpers.js';

test('jpg-to-pdf: two PNG images become a two-page PDF in list order', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'jpg-to-pdf', [
    pngFile('wide.png', solidPng(400, 200, 40)),
    pngFile('tall.png', solidPng(150, 300, 200)),
  ]);
  // Reorder: the tall image first.
  await page.getByTestId('file-row').nth(1).getByTestId('move-up').click();
  await expect(page.getByTestId('file-row').nth(0)).toHaveAttribute('data-file-name', 'tall.png');
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toMatch(/\.pdf$/);
  expect(pageCount(bytes)).toBe(2);
  const [first, second] = pageSizes(bytes);
  // Page size "fit": each page takes its image's proportions.
  expect((first?.h ?? 0) / (first?.w ?? 1)).toBeCloseTo(2, 1);
  expect((second?.w ?? 0) / (second?.h ?? 1)).toBeCloseTo(2, 1);
  expect(errors).toEqual([]);
});

test('OCR: a scanned page becomes a searchable PDF whose text is found', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const scan = renderPng(makePdf(['INVOICE NUMBER 4217', 'unused']), 200);
  await addFiles(page, 'OCR', [pngFile('scan.png', scan)]);
  // The language choice is checked: none is refused, more than three only warns.
  await page.getByTestId('ocr-lang-eng').uncheck();
  await expect(page.getByText('Choose at least one option.')).toBeVisible();
  for (const lang of ['eng', 'deu', 'fra', 'spa']) await page.getByTestId(`ocr-lang-${lang}`).check();
  await expect(page.getByTestId('ocr-slow')).toBeVisible();
  for (const lang of ['deu', 'fra', 'spa']) await page.getByTestId(`ocr-lang-${lang}`).uncheck();
  await expect(page.getByTestId('ocr-slow')).toHaveCount(0);
  const { bytes } = await convertAndDownload(page, 100_000);
  expect(pageCount(bytes)).toBe(1);
  expect(pdfToText(bytes)).toMatch(/INVOICE\s+NUMBER\s+4217/);
  expect(pageTexts(bytes).join(' ')).toMatch(/INVOICE/);
  expect(errors).toEqual([]);
});

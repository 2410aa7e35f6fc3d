import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { pageTexts } from '../../apps/server/test/readBack.js';

test('merge-pdf: upload two PDFs, merge, download, and the result has every page in order', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/app/merge-pdf');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'first.pdf', mimeType: 'application/pdf', buffer: makePdf(['First 1', 'First 2']) },
    { name: 'second.pdf', mimeType: 'application/pdf', buffer: makePdf(['Second 1', 'Second 2', 'Second 3']) },
  ]);
  const rows = page.getByTestId('file-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'ossSuccessful', { timeout: 30_000 });
  await expect(rows.nth(1)).toHaveAttribute('data-state', 'ossSuccessful', { timeout: 30_000 });

  await page.getByTestId('convert-button').click();
  const link = page.getByTestId('download-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(pageTexts(pdf)).toEqual(['First 1', 'First 2', 'Second 1', 'Second 2', 'Second 3']);
  expect(errors).toEqual([]);
});

test('merge-pdf: files can be reordered before merging, and the order is kept', async ({ page }) => {
  await page.goto('/app/merge-pdf');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'a.pdf', mimeType: 'application/pdf', buffer: makePdf(['A']) },
    { name: 'b.pdf', mimeType: 'application/pdf', buffer: makePdf(['B']) },
  ]);
  const rows = page.getByTestId('file-row');
  await expect(rows.nth(1)).toHaveAttribute('data-state', 'ossSuccessful', { timeout: 30_000 });
  await rows.nth(1).getByRole('button', { name: /up/i }).click();
  await expect(rows.nth(0)).toContainText('b.pdf');
  await page.getByTestId('convert-button').click();
  const link = page.getByTestId('download-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(pageTexts(readFileSync(await download.path()))).toEqual(['B', 'A']);
});

test('old /v2 paths redirect to the /app workspace keeping the query', async ({ page }) => {
  await page.goto('/v2/merge-pdf-new?from=mail');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/app\/merge-pdf\?from=mail$/);
  await page.goto('/v2/popular-tools');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('old /v2 paths keep their language: /de/v2/split-pdf opens the German split-pdf workspace', async ({ page }) => {
  await page.goto('/de/v2/split-pdf?from=mail');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/de\/app\/split-pdf\?from=mail$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto('/jp/v2/merge-pdf-new');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/jp\/app\/merge-pdf$/);
});

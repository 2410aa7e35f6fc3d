import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { pageTexts } from '../../apps/server/test/readBack.js';
import { addFiles, expectedRefusal, pdfFile, pngFile, solidPng, watchErrors } from './helpers.js';
import { joinControlGroup, paywalledBaseURL } from './paywalled.js';

// The spec's limits: a guest has one task a day and signs in to download (SPEC §6).
test.use({ baseURL: paywalledBaseURL });

const guestMessage = 'Only 1 task per day for non-logged-in users, no limit after login';

async function mergeTwo(page: Page): Promise<void> {
  await addFiles(page, 'merge-pdf', [pdfFile('first.pdf', makePdf(['First'])), pdfFile('second.pdf', makePdf(['Second']))]);
  await page.getByTestId('convert-button').click();
}

test('a guest runs a tool and is asked to sign in to download; after signing up the result downloads', async ({ page }) => {
  const errors = watchErrors(page);
  await mergeTwo(page);
  const link = page.getByTestId('download-link');
  await expect(link).toBeVisible({ timeout: 60_000 });
  await link.click();
  const prompt = page.getByTestId('guest-limit');
  await expect(prompt).toHaveAttribute('data-reason', 'download');
  await expect(prompt.getByTestId('guest-limit-message')).toHaveText(guestMessage);

  await page.getByTestId('guest-sign-in').click();
  const frame = page.frameLocator('[data-testid="login-frame"]');
  await frame.getByTestId('signup-tab').click();
  await frame.getByTestId('signup-email').fill(`guest-${Date.now()}@example.test`);
  await frame.getByTestId('signup-password').fill('correct-horse-battery');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    frame.getByTestId('signup-submit').click(),
  ]);
  // The task the guest started is now the new account's, and its result is the merge.
  expect(pageTexts(readFileSync(await download.path()))).toEqual(['First', 'Second']);
  // The refused download check (LOGIN_TO_DOWNLOAD) answers with HTTP 422.
  expect(errors.filter((e) => !expectedRefusal.test(e))).toEqual([]);
});

test('a guest who used the day\'s task is refused a second one and asked to sign in', async ({ page }) => {
  await mergeTwo(page);
  await expect(page.getByTestId('download-link')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('start-over').click();

  await mergeTwo(page);
  const prompt = page.getByTestId('guest-limit');
  await expect(prompt).toHaveAttribute('data-reason', 'dailyLimit');
  await expect(prompt.getByTestId('guest-limit-message')).toHaveText(guestMessage);
  // A limit is not a failure: the files stay ready, with no error and no "Try again".
  await expect(page.getByTestId('task-error')).toHaveCount(0);
  for (const row of await page.getByTestId('file-row').all()) await expect(row).toHaveAttribute('data-state', 'ossSuccessful');
  await expect(page.getByTestId('convert-button')).toHaveText('Merge');
  await expect(page.getByTestId('download-link')).toHaveCount(0);
});

test('a file between the free and the paid maximum opens the upgrade prompt instead of uploading', async ({ page }) => {
  await joinControlGroup(page);
  await page.goto('/app/compress-pdf');
  // 30 MB: above the control group's free 20 MB, below the paid 100 MB.
  await page.getByTestId('file-input').setInputFiles([pdfFile('large.pdf', makePdf(['Large'], { padding: 30 * 1024 * 1024 }))]);
  await expect(page.getByTestId('pay-dialog')).toHaveAttribute('data-guide', 'fileSize');
  await expect(page.getByTestId('file-row')).toHaveCount(0);
});

test('a document above the free page maximum leaves the list with the page-limit message and the upgrade prompt', async ({ page }) => {
  await joinControlGroup(page);
  const pages = Array.from({ length: 120 }, (_, i) => `Page ${i + 1}`);
  await page.goto('/app/merge-pdf');
  await page.getByTestId('file-input').setInputFiles([pdfFile('long.pdf', makePdf(pages)), pdfFile('short.pdf', makePdf(['Short']))]);
  await expect(page.getByTestId('page-limit')).toContainText('“long.pdf” has 120 pages; your plan takes documents of up to 100 pages.');
  await expect(page.getByTestId('pay-dialog')).toHaveAttribute('data-guide', 'pageLimit');
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  await expect(page.getByTestId('file-row')).toContainText('short.pdf');
});

test('OCR is premium-only: the ocr guide of the pay dialog does not close until the user leaves the tool', async ({ page }) => {
  await addFiles(page, 'OCR', [pngFile('scan.png', solidPng(200, 100, 128))]);
  // Marked before the click, so the prompt is no surprise.
  await expect(page.getByTestId('ocr-premium')).toContainText('Premium');
  await page.getByTestId('convert-button').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog).toHaveAttribute('data-guide', 'ocr');
  // The file keeps its state: no failure, no "Try again".
  await expect(page.getByTestId('file-row')).toHaveAttribute('data-state', 'ossSuccessful');
  await expect(page.getByTestId('task-error')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.getByTestId('pay-other-tools').click();
  // Leaving drops the file list, which the leaving flow of SPEC §4 confirms first.
  await page.getByRole('dialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(dialog).toHaveCount(0);
});

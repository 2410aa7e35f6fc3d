import { expect, test } from '@playwright/test';
import { encryptPdf, makePdf } from '../../apps/server/test/pdfFixtures.js';
import { pageTexts } from '../../apps/server/test/readBack.js';
import { addFiles, convertAndDownload, expectedRefusal, pdfFile, pdfToText, requiresPasswordStatus, unzipAll, watchErrors } from './helpers.js';

test('protect-pdf: the password length is checked, and each result then requires the password', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'protect-pdf', [
    pdfFile('one.pdf', makePdf(['Confidential one'])),
    pdfFile('two.pdf', makePdf(['Confidential two'])),
  ]);
  const password = page.getByTestId('protect-password');
  await password.fill('abc');
  await expect(page.getByText('The password must contain between 6 and 20 characters.')).toBeVisible();
  await password.fill('a'.repeat(21));
  await expect(page.getByText('The password must contain between 6 and 20 characters.')).toBeVisible();
  await password.fill('s3cret-pw');
  await page.getByTestId('protect-repeat').fill('s3cret-pw');
  // Two files are a batch: one task each under one multi_id, downloaded as one zip.
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toMatch(/\.zip$/);
  const results = [...unzipAll(bytes).values()];
  expect(results).toHaveLength(2);
  for (const pdf of results) expect(requiresPasswordStatus(pdf)).toBe(0);
  expect(results.map((pdf) => pdfToText(pdf, 's3cret-pw').trim()).sort()).toEqual(['Confidential one', 'Confidential two']);
  expect(errors).toEqual([]);
});

test('unlock-pdf: the password dialog takes the password and the result opens without one', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'unlock-pdf', [pdfFile('locked.pdf', encryptPdf(makePdf(['Unlocked text']), 'open-sesame'))], 'encrypted');
  const dialog = page.getByTestId('password-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('password-input').fill('wrong-one');
  await page.getByTestId('password-submit').click();
  await expect(dialog.getByText('Incorrect password. Please try again.')).toBeVisible();
  await page.getByTestId('password-input').fill('open-sesame');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('file-row')).toHaveAttribute('data-state', 'ossSuccessful', { timeout: 30_000 });
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toMatch(/\.pdf$/);
  expect(requiresPasswordStatus(bytes)).toBe(2);
  expect(pageTexts(bytes)).toEqual(['Unlocked text']);
  // document/info refused the file without its password (3122) and with the wrong one.
  expect(errors.filter((e) => !expectedRefusal.test(e))).toEqual([]);
});

test('unlock-pdf: a file without a password is not unlocked and says so', async ({ page }) => {
  await addFiles(page, 'unlock-pdf', [pdfFile('open.pdf', makePdf(['Open']))]);
  await expect(page.getByTestId('not-protected')).toContainText('This file is not password protected. There is no need to unlock it.');
  await page.getByTestId('convert-button').click();
  await expect(page.getByTestId('task-error')).toContainText('This file is not password protected. There is no need to unlock it.');
});

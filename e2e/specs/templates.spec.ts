import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { runAdmin } from './admin.js';
import { seriousViolations } from './axe.js';
import { watchErrors } from './helpers.js';

const invoice = makePdf(['Invoice', 'Terms and conditions']);
let folder: string;

test.beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'pw-e2e-templates-'));
  writeFileSync(path.join(folder, 'Invoice alpha.pdf'), invoice);
  for (let i = 1; i <= 11; i++) writeFileSync(path.join(folder, `Form ${String(i).padStart(2, '0')}.pdf`), makePdf([`Form ${i}`]));
  const output = runAdmin(['import-templates', '--dir', folder, '--category', 'Forms', '--parent', 'Business', '--new']);
  expect(output).toContain('12 imported, 0 skipped');
});

test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

test('templates: the gallery pages 10 at a time, search finds a template, its detail page downloads it and counts the download', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/template');
  const gallery = page.getByTestId('template-gallery');
  await expect(gallery.getByTestId('template-card')).toHaveCount(10);
  await expect(gallery.getByTestId('template-total')).toHaveText('12 templates');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(gallery.getByTestId('template-category').filter({ hasText: 'Business' })).toContainText('12');
  await gallery.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(gallery.getByTestId('template-card')).toHaveCount(2);

  await gallery.getByTestId('template-search').fill('invoice');
  await gallery.getByTestId('template-search').press('Enter');
  await expect(page).toHaveURL(/q=invoice/);
  const card = gallery.getByTestId('template-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Invoice alpha');
  await expect(card).toContainText('2 pages');
  await card.click();

  await expect(page).toHaveURL(/\/template\/forms\/invoice-alpha\/\d+\/\d+$/);
  const detail = page.getByTestId('template-detail');
  await expect(detail.getByTestId('template-title')).toHaveText('Invoice alpha');
  const thumbnail = detail.getByTestId('template-thumbnail');
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img) => {
    const image = img as unknown as { complete: boolean; naturalWidth: number };
    return image.complete ? image.naturalWidth : 0;
  })).toBeGreaterThan(300);
  await expect(detail.getByTestId('template-downloads')).toHaveText('Downloaded 0 times');
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), detail.getByTestId('template-download').click()]);
  expect(download.suggestedFilename()).toBe('Invoice alpha.pdf');
  expect(readFileSync(await download.path()).equals(invoice)).toBe(true);
  await expect(detail.getByTestId('template-downloads')).toHaveText('Downloaded 1 time');
  await page.reload();
  await expect(page.getByTestId('template-downloads')).toHaveText('Downloaded 1 time');
  expect(errors).toEqual([]);
});

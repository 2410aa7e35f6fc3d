import { expect, test } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { pdfFile, watchErrors } from './helpers.js';
import { joinControlGroup, paywalledBaseURL, signUp } from './paywalled.js';

test.use({ baseURL: paywalledBaseURL });

test('pricing in German shows euro prices', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/de/pricing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  for (const id of ['price-free', 'price-premium', 'price-ai']) {
    await expect(page.getByTestId(id)).toContainText('€');
    await expect(page.getByTestId(id)).not.toContainText('$');
  }
  // Monthly is the first choice of the cycle switch.
  await page.getByTestId('pricing-cycle').locator('label').first().click();
  await expect(page.getByTestId('price-premium')).toContainText('€');
  await expect(page.getByTestId('trial-price-basic_plan')).toContainText('€');
  expect(errors).toEqual([]);
});

test('pricing in English, Japanese and Portuguese shows dollars, yen and reais', async ({ page }) => {
  for (const [path, sign] of [['/pricing', '$'], ['/jp/pricing', '￥'], ['/pt/pricing', 'R$']] as const) {
    await page.goto(path);
    await expect(page.getByTestId('price-premium')).toContainText(sign);
  }
});

test('the demo checkout turns a free user into premium and lifts a size limit', async ({ page }) => {
  await joinControlGroup(page);
  await signUp(page);
  const large = pdfFile('large.pdf', makePdf(['Large'], { padding: 30 * 1024 * 1024 }));

  await page.goto('/app/compress-pdf');
  await page.getByTestId('file-input').setInputFiles([large]);
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog).toHaveAttribute('data-guide', 'fileSize');
  await expect(page.getByTestId('file-row')).toHaveCount(0);

  await page.getByTestId('pay-checkout').click();
  await expect(page).toHaveURL(/\/app\/checkout\/demo\?checkout_id=[0-9a-f]{32}$/);
  const checkoutId = new URL(page.url()).searchParams.get('checkout_id');
  await expect(page.getByTestId('checkout-plan')).toHaveText('Premium, yearly');
  const [log] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/v1/common/common/log/') && r.method() === 'POST'),
    page.getByTestId('demo-pay').click(),
  ]);
  // The purchase tracking payload of SPEC §3.
  expect(log.postDataJSON()).toMatchObject({ tid: checkoutId, pid: 4512, qt_abtest: 'price_test.control' });
  await expect(page.getByTestId('checkout-paid')).toBeVisible();

  await page.getByTestId('checkout-continue').click();
  await expect(page).toHaveURL(/\/app\/compress-pdf$/);
  await page.getByTestId('file-input').setInputFiles([large]);
  await expect(page.getByTestId('file-row')).toHaveAttribute('data-state', 'ossSuccessful', { timeout: 60_000 });
  await expect(page.getByTestId('pay-dialog')).toHaveCount(0);
  await page.getByTestId('convert-button').click();
  await expect(page.getByTestId('download-link')).toBeVisible({ timeout: 60_000 });

  // The pricing page now shows Premium as the current plan and no button to buy it.
  await page.goto('/pricing');
  await expect(page.getByTestId('premium-current')).toBeVisible();
  await expect(page.getByTestId('buy-premium')).toHaveCount(0);
});

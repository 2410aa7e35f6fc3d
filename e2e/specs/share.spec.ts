/**
 * Sharing (SPEC §2, §5, §6, §8): the share dialog on the share-document page, the shared-file
 * page a link opens, revoking, the Premium-only permanent expiry, the email tab's recipient
 * rules, the daily limit, and saving a tool's result to the cloud.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { addFiles, pdfFile, watchErrors } from './helpers.js';
import { paywalledBaseURL } from './paywalled.js';

const password = 'correct-horse-battery';
let accounts = 0;

/**
 * Signs up through the API with a name and hands the token to the web app the way a sign-in
 * does, so the next page the test opens is signed in. Answers the account's email.
 */
async function signUpAs(page: Page, firstName: string, lastName: string): Promise<string> {
  accounts += 1;
  const email = `${firstName.toLowerCase()}-${Date.now()}-${accounts}@example.com`;
  const response = await page.request.post('/api/v2/user/register', {
    data: { email, password, first_name: firstName, last_name: lastName },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { token: string } };
  await page.addInitScript(`if (!localStorage.getItem('pagewright_token')) localStorage.setItem('pagewright_token', ${JSON.stringify(data.token)});`);
  return email;
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Chooses a PDF on the share-document page; the share dialog opens on it once uploaded. */
async function chooseToShare(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.goto('/app/share-document');
  await page.getByTestId('file-input').setInputFiles(pdfFile(name, bytes));
  await expect(page.getByTestId('share-dialog')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('share-file-name')).toHaveText(name);
}

async function pickExpiry(page: Page, label: RegExp | string): Promise<void> {
  await page.getByTestId('share-expiry').click();
  await page.getByRole('option', { name: label }).click();
}

/** The share link as a path on the server under test (the link itself names PUBLIC_URL). */
function pathOf(shareUrl: string): string {
  const url = new URL(shareUrl);
  return `${url.pathname}${url.search}`;
}

const toast = (page: Page) => page.getByTestId('toast');

/** Serious and critical axe-core violations inside `selector` (the dialog, or the page's main column). */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a link shared for 1 day opens for another user, who downloads the same bytes, until it is revoked', async ({ page, browser, baseURL }) => {
  const errors = watchErrors(page);
  const original = makePdf(['Quarterly numbers', 'Second page']);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUpAs(page, 'Ada', 'Lovelace');
  await chooseToShare(page, 'quarterly-report.pdf', original);

  await pickExpiry(page, '1 day');
  await expect(page.getByTestId('share-expiry')).toHaveValue('1 day');
  await page.getByTestId('share-create-link').click();
  const urlField = page.getByTestId('share-url');
  await expect(urlField).toHaveValue(/\/app\/pdf-editor\?share_id=[\w-]+$/);
  const shareUrl = await urlField.inputValue();
  await expect(page.getByTestId('share-link-expiry')).toContainText('Expires on');
  expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);

  // The QR code of the same link, saved as a PNG.
  await expect(page.getByTestId('share-qr')).toBeVisible();
  const [qr] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-download-qr').click()]);
  expect(qr.suggestedFilename()).toBe('quarterly-report-qr.png');
  expect(readFileSync(await qr.path()).subarray(1, 4).toString('latin1')).toBe('PNG');
  await expect(toast(page)).toHaveText('QR code downloaded');
  // Toasts come one per 3 s: the next one waits for this one to go.
  await expect(toast(page)).toHaveCount(0, { timeout: 10_000 });

  await page.getByTestId('share-copy-link').click();
  await expect(toast(page)).toHaveText('Link copied');
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(shareUrl);

  await page.getByRole('dialog', { name: 'Share file' }).getByRole('button', { name: 'Close' }).click();
  const item = page.getByTestId('share-item').filter({ hasText: 'quarterly-report.pdf' });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Link');

  // User B opens the link signed in: the shared PDF in the editor (SPEC §2 share_id).
  const recipient = await newPage(browser, baseURL ?? '');
  const recipientErrors = watchErrors(recipient);
  await signUpAs(recipient, 'Grace', 'Hopper');
  await recipient.goto(pathOf(shareUrl));
  await expect(recipient.locator('[data-page="1"][data-rendered="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(recipient.locator('[data-page="1"] span', { hasText: 'Quarterly numbers' })).toHaveCount(1);
  // The download page opens the same share: the file, its owner, and the same bytes.
  await recipient.goto(`/app/download-file?share_id=${new URL(shareUrl).searchParams.get('share_id') ?? ''}`);
  await expect(recipient.getByTestId('shared-file-name')).toHaveText('quarterly-report.pdf');
  await expect(recipient.getByTestId('shared-file-owner')).toHaveText('Shared by Ada Lovelace');
  const [download] = await Promise.all([recipient.waitForEvent('download'), recipient.getByTestId('shared-file-download').click()]);
  expect(download.suggestedFilename()).toBe('quarterly-report.pdf');
  expect(readFileSync(await download.path()).equals(original)).toBe(true);
  expect(await seriousViolations(recipient, '#main')).toEqual([]);

  // Not signed in, the same link asks to sign in first and shows nothing of the file.
  const guest = await newPage(browser, baseURL ?? '');
  await guest.goto(pathOf(shareUrl));
  await expect(guest.getByTestId('share-login-required')).toBeVisible();
  await expect(guest.getByTestId('login-frame')).toBeVisible();
  await expect(guest.getByTestId('shared-file-name')).toHaveCount(0);
  await guest.context().close();

  // A revokes it; B's reload now says only that it expired.
  await expect(toast(page)).toHaveCount(0, { timeout: 10_000 });
  await item.getByTestId('share-item-revoke').click();
  await expect(toast(page)).toHaveText('Link revoked');
  await expect(page.getByTestId('shares-empty')).toBeVisible();
  await recipient.goto(pathOf(shareUrl));
  await expect(recipient.getByTestId('share-expired')).toHaveText('Share file expired.');
  await expect(recipient.getByTestId('shared-file-name')).toHaveCount(0);
  await expect(recipient.getByTestId('shared-file-download')).toHaveCount(0);
  await recipient.context().close();

  const refused = /Failed to load resource: the server responded with a status of 4\d\d/;
  expect(errors).toEqual([]);
  // pdf.js warns (not errs) about the standard fonts the fixture names without embedding.
  expect(recipientErrors.filter((e) => !refused.test(e) && !/standardFontDataUrl|TT: undefined function/.test(e))).toEqual([]);
});

test.describe('with the paywalls on', () => {
  test.use({ baseURL: paywalledBaseURL });

  test('a free user choosing Permanent meets the pay dialog and keeps their expiry; the server refuses it too', async ({ page }) => {
    await signUpAs(page, 'Free', 'User');
    await chooseToShare(page, 'forever.pdf', makePdf(['Forever']));
    await expect(page.getByTestId('share-premium-mark')).toContainText('Permanent links are a Premium feature.');
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await pickExpiry(page, '3 days');
    await pickExpiry(page, /Permanent/);
    const payDialog = page.getByRole('dialog').filter({ has: page.getByTestId('pay-dialog') });
    await expect(payDialog).toBeVisible();
    await payDialog.getByRole('button', { name: 'Close' }).click();
    await expect(payDialog).toHaveCount(0);
    await expect(page.getByTestId('share-dialog')).toBeVisible();
    await expect(page.getByTestId('share-expiry')).toHaveValue('3 days');

    await page.getByTestId('share-create-link').click();
    await expect(page.getByTestId('share-url')).toHaveValue(/share_id=/);
    const list = (await (await page.request.get('/api/share/list')).json()) as { data: { shares: { file_id: string }[] } };
    const fileId = list.data.shares[0]?.file_id ?? '';
    const permanent = await page.request.post('/api/share/share-file', { data: { share_key: fileId, share_type: 2, share_days: 3650 } });
    expect(((await permanent.json()) as { code: unknown }).code).toBe('SHARE_PREMIUM_ONLY');
  });
});

test('the email tab takes recipients as chips and refuses a duplicate, an invalid address and a sixth, also 390 px wide', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await signUpAs(page, 'Mail', 'Sender');
  await chooseToShare(page, 'letter.pdf', makePdf(['Dear reader']));
  await page.getByTestId('share-tab-email').click();

  const sender = page.getByTestId('share-sender-email');
  await expect(sender).toHaveValue(email);
  const input = page.getByTestId('share-recipient-input');
  const chips = page.getByTestId('share-recipient');
  const error = page.getByTestId('share-recipient-error');
  const count = page.getByTestId('share-recipient-count');
  const send = page.getByTestId('share-send');
  await expect(send).toBeDisabled();

  await input.fill('bob@example.com');
  await input.press('Enter');
  await expect(chips).toHaveText(['bob@example.com']);
  await expect(count).toHaveText('1/5');
  await expect(send).toBeEnabled();

  await input.pressSequentially('BOB@example.COM ');
  await expect(error).toHaveText('Email already in use.');
  await expect(chips).toHaveCount(1);
  await expect(input).toHaveValue('BOB@example.COM');

  await input.fill('');
  await input.pressSequentially('not-an-email,');
  await expect(error).toHaveText('“not-an-email” is not a valid email address.');
  await expect(chips).toHaveCount(1);

  // A comma, the full-width comma and a space each make a chip.
  await input.fill('');
  await input.pressSequentially('carol@example.com，dave@example.com erin@example.com,frank@example.com,');
  await expect(chips).toHaveText(['bob@example.com', 'carol@example.com', 'dave@example.com', 'erin@example.com', 'frank@example.com']);
  await expect(count).toHaveText('5/5');
  await expect(error).toHaveCount(0);

  await input.pressSequentially('grace@example.com');
  await input.press('Enter');
  await expect(error).toHaveText('Add up to 5 email addresses.');
  await expect(chips).toHaveCount(5);
  await input.fill('');

  // The sender's own address is required and must be valid.
  await sender.fill('');
  await sender.blur();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await expect(send).toBeDisabled();
  await sender.fill('me@');
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(send).toBeDisabled();
  await sender.fill(email);

  expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
  // Usable at 390 px: the dialog and its Send button fit the width.
  const box = await send.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  await page.getByTestId('share-message').fill('Please read this before Monday.');
  await send.click();
  await expect(toast(page)).toHaveText('The file was shared by email.');
  await expect(page.getByTestId('share-dialog')).toHaveCount(0);
  const item = page.getByTestId('share-item').filter({ hasText: 'letter.pdf' });
  await expect(item).toContainText('Email');
  await expect(item).toContainText('bob@example.com');
  expect(errors).toEqual([]);
});

test('past the daily sharing limit the dialog says so', async ({ page }) => {
  await signUpAs(page, 'Busy', 'Sharer');
  await chooseToShare(page, 'often.pdf', makePdf(['Often']));
  await page.getByTestId('share-create-link').click();
  await expect(page.getByTestId('share-url')).toHaveValue(/share_id=/);
  const list = (await (await page.request.get('/api/share/list')).json()) as { data: { shares: { file_id: string }[] } };
  const fileId = list.data.shares[0]?.file_id ?? '';
  let code: unknown = 0;
  for (let i = 0; i < 40 && code === 0; i++) {
    const answer = await page.request.post('/api/share/share-file', { data: { share_key: fileId, share_type: 2, share_days: 1 } });
    code = ((await answer.json()) as { code: unknown }).code;
  }
  expect(code).toBe(3023);
  await pickExpiry(page, '3 days');
  await page.getByTestId('share-create-link').click();
  await expect(page.getByTestId('share-error')).toHaveText('Daily sharing limit reached. Please try again in 24 hours.');
});

test('Save to cloud keeps a result in the Document Cloud, and asks a guest to sign in first', async ({ page, browser, baseURL }) => {
  await signUpAs(page, 'Cloud', 'Saver');
  await addFiles(page, 'rotate-pdf', [pdfFile('turn.pdf', makePdf(['A', 'B']))]);
  await page.getByTestId('convert-button').click();
  await expect(page.getByTestId('download-link')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('save-to-cloud').click();
  await expect(toast(page)).toContainText('Saved to your Document Cloud.');
  await expect(page.getByTestId('save-to-cloud')).toHaveText('Saved to cloud');
  const cloud = await page.request.post('/api/v2/cloud/list', { data: {} });
  const { data } = (await cloud.json()) as { data: { documents: { name: string }[] } };
  expect(data.documents).toHaveLength(1);
  await page.getByTestId('toast-link').click();
  await expect(page).toHaveURL(/\/app\/document-cloud$/);

  const guest = await newPage(browser, baseURL ?? '');
  await addFiles(guest, 'rotate-pdf', [pdfFile('turn.pdf', makePdf(['A']))]);
  await guest.getByTestId('convert-button').click();
  await expect(guest.getByTestId('download-link')).toBeVisible({ timeout: 60_000 });
  await guest.getByTestId('save-to-cloud').click();
  await expect(guest.getByTestId('login-frame')).toBeVisible();
  await guest.context().close();
});

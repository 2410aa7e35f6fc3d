import { expect, test, type Page } from '@playwright/test';
import { encryptPdf, makePdf } from '../../apps/server/test/pdfFixtures.js';
import { expectedRefusal, pdfFile, watchErrors } from './helpers.js';

/** The AI pages open the login dialog by themselves for a guest (forced login); it is closed here. */
async function closeForcedLogin(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign in to Pagewright' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

// A guest's account read answers 401; the accounts work decides whether that stays.
const unauthorizedGuest = /status of 401/;

test('the tool search finds merge and opens it', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('tool-search').fill('merg');
  const result = page.getByTestId('tool-search-result');
  await expect(result).toHaveCount(1);
  await expect(result).toHaveText(/Merge PDF/);
  await result.click();
  await expect(page).toHaveURL(/\/app\/merge-pdf$/);
  await expect(page.getByRole('heading', { name: 'Merge PDF', level: 1 })).toBeVisible();
});

test('typing into the search as the page loads keeps every letter while the full search takes over', async ({ page }) => {
  await page.goto('/');
  const field = page.getByTestId('tool-search');
  await field.click();
  await field.pressSequentially('compr', { delay: 15 });
  await expect(field).toHaveValue('compr');
  await expect(field).toBeFocused();
  await page.keyboard.type('ess');
  await expect(field).toHaveValue('compress');
  await expect(page.getByTestId('tool-search-result').first()).toHaveText(/Compress PDF/);
});

test('the all-tools menu opens from the keyboard and lists the tools by category', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const button = page.getByTestId('all-tools-menu');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Merge PDF' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();
});

test('pointing at the all-tools button opens its menu, and leaving closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await page.getByTestId('all-tools-menu').hover();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.mouse.move(700, 800);
  await expect(page.getByRole('menu')).toBeHidden();
});

test('the left navigation shows its groups, and only compress-pdf carries the new badge', async ({ page }) => {
  await page.goto('/app');
  const nav = page.getByRole('navigation', { name: 'Tools' });
  for (const [group, items] of [
    ['Convert', ['PDF to Word', 'PDF to JPG', 'PDF to Excel', 'PDF to PPT', 'PDF to HTML']],
    ['Organize', ['Merge PDF', 'Compress PDF', 'Split PDF']],
    ['Protect', ['Protect PDF', 'Unlock PDF', 'Redact PDF', 'Sign PDF']],
    ['AI', ['Chat with PDF', 'AI Translator', 'AI Proofreader', 'AI Read']],
  ] as const) {
    const section = nav.getByRole('group', { name: group });
    await expect(section).toBeVisible();
    for (const item of items) await expect(section.getByRole('link', { name: new RegExp(item) })).toBeVisible();
  }
  await expect(nav.getByTestId('nav-badge-new')).toHaveCount(1);
  await expect(nav.locator('[data-nav="compress-pdf"]').getByTestId('nav-badge-new')).toHaveText('New');
});

test('a guest sees the AI trial badge, templates and pricing but no help menu', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/app');
  const header = page.locator('header');
  await expect(header.getByTestId('ai-trial-badge')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Templates' })).toHaveAttribute('href', '/template');
  await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(header.getByLabel('Notifications')).toBeVisible();
  await expect(page.getByTestId('help-menu')).toHaveCount(0);
  // The export button belongs to the editor path only.
  await expect(page.getByTestId('editor-export')).toHaveCount(0);
  await page.goto('/app/pdf-editor?t=annotate');
  await expect(page.getByTestId('editor-export')).toBeVisible();
});

test('the activity box collapses on its arrow, stays collapsed across pages, and is expanded again after a reload', async ({ page }) => {
  await page.goto('/app');
  const box = page.getByTestId('activity-box');
  await expect(box).toHaveAttribute('data-collapsed', 'false');
  await page.getByRole('button', { name: 'Collapse offers' }).click();
  await expect(box).toHaveAttribute('data-collapsed', 'true');
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Split PDF' }).click();
  await expect(page).toHaveURL(/\/app\/split-pdf$/);
  await expect(box).toHaveAttribute('data-collapsed', 'true');
  await page.reload();
  await expect(box).toHaveAttribute('data-collapsed', 'false');
});

test('the activity box is hidden on the AI pages and the editor', async ({ page }) => {
  await page.goto('/app/merge-pdf');
  await expect(page.getByTestId('activity-box')).toBeVisible();
  for (const link of ['Chat with PDF', 'AI Read', 'Annotate']) {
    await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('activity-box')).toHaveCount(0);
    if (link !== 'Annotate') await closeForcedLogin(page);
  }
});

test('leaving a tool with unprocessed files asks first: cancel stays, confirm empties the list', async ({ page }) => {
  await page.goto('/app/merge-pdf');
  await page.getByTestId('file-input').setInputFiles([pdfFile('a.pdf', makePdf(['A']))]);
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  const nav = page.getByRole('navigation', { name: 'Tools' });
  await nav.getByRole('link', { name: 'Split PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app\/merge-pdf$/);
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  await nav.getByRole('link', { name: 'Chat with PDF' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/app\/chat-pdf$/);
  await closeForcedLogin(page);
  await nav.getByRole('link', { name: 'Merge PDF' }).click();
  await expect(page).toHaveURL(/\/app\/merge-pdf$/);
  await expect(page.getByTestId('file-row')).toHaveCount(0);
});

test('the editor opens an encrypted PDF after its password and shows every page', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/app/pdf-editor?t=edit');
  await expect(page.getByRole('heading', { name: 'Edit', level: 1 })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles([pdfFile('locked.pdf', encryptPdf(makePdf(['One', 'Two']), 'open-sesame'))]);
  const form = page.getByTestId('decrypt-form');
  await form.getByRole('textbox', { name: 'Password' }).fill('wrong-one');
  await form.getByRole('button', { name: 'Unlock' }).click();
  await expect(form.getByText('Incorrect password. Please try again.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Password' }).fill('open-sesame');
  await form.getByRole('button', { name: 'Unlock' }).click();
  // pdf.js opens it in the browser with the same password and draws its pages.
  await expect(page.getByTestId('pdf-editor')).toHaveAttribute('data-pages', '2', { timeout: 30_000 });
  await expect(page.locator('[data-page="1"][data-rendered="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-page="1"] span', { hasText: 'One' })).toHaveCount(1);
  expect(errors.filter((e) => !expectedRefusal.test(e) && !unauthorizedGuest.test(e))).toEqual([]);
});

test('document-cloud asks a guest to log in', async ({ page }) => {
  await page.goto('/app/document-cloud');
  await expect(page.getByTestId('cloud-login-required')).toBeVisible();
});

test('chat-pdf, ai-read, ai-proofread and ai-translator ask a guest to log in (SPEC §6 forced login)', async ({ page }) => {
  for (const [path, heading] of [['chat-pdf', 'Chat with PDF'], ['ai-read', 'AI Read'], ['ai-proofread', 'AI Proofreader'], ['ai-translator', 'AI Translator']] as const) {
    await page.goto(`/app/${path}`);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await closeForcedLogin(page);
    await expect(page.getByTestId('ai-login-required')).toBeVisible();
    await expect(page.getByTestId('tool-unavailable')).toHaveCount(0);
  }
});

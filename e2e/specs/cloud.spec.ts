/**
 * The document cloud (SPEC §2 cloud views, §3, §5, §6, §8, §9): a user signs up on the forced
 * login, uploads, makes folders, moves by dialog and by drag, stars, searches by a word inside
 * a PDF, renames under the §5 rules, downloads, deletes a folder with its contents, and the
 * page at 390 px.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { pdfFile, unzipAll, watchErrors } from './helpers.js';

const password = 'correct-horse-cloud';
let accounts = 0;

function newEmail(name: string): string {
  accounts += 1;
  return `${name}-${Date.now()}-${accounts}@example.com`;
}

/** The refusals the cloud answers with HTTP 4xx (a duplicate name, a refused address) log a console line. */
const refusedRequest = /Failed to load resource: the server responded with a status of 4\d\d/;

/** Signs up through the API and hands the token to the web app, so the next page opens signed in. */
async function signUp(page: Page): Promise<void> {
  const response = await page.request.post('/api/v2/user/register', { data: { email: newEmail('cloud'), password } });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { token: string } };
  await page.addInitScript(`if (!localStorage.getItem('pagewright_token')) localStorage.setItem('pagewright_token', ${JSON.stringify(data.token)});`);
}

const item = (page: Page, name: string): Locator => page.getByTestId('cloud-item').and(page.locator(`[data-name="${name}"]`));

async function openMenu(page: Page, name: string): Promise<void> {
  await item(page, name).getByRole('button', { name: `Actions for ${name}` }).click();
}

async function upload(page: Page, files: { name: string; bytes: Buffer }[]): Promise<void> {
  await page.getByTestId('cloud-upload-input').setInputFiles(files.map((f) => pdfFile(f.name, f.bytes)));
  for (const f of files) await expect(item(page, f.name)).toBeVisible({ timeout: 30_000 });
}

const capacity = (page: Page) => page.getByTestId('cloud-capacity');

/** Serious and critical axe-core violations inside the cloud itself (the shell has its own specs). */
async function cloudViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="document-cloud"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a new user uploads, files a PDF into a folder by dialog and by drag, stars it, finds it by a word inside, renames and deletes', async ({ page }) => {
  const errors = watchErrors(page);
  // The word is only in the PDF's text, not in any name.
  const ledger = makePdf(['Harbour ledger 2024', 'Inventory of the zephyrquokka warehouse']);
  const notes = makePdf(['Meeting notes']);

  // Forced login (SPEC §6): the page asks, and the login dialog opens by itself.
  await page.goto('/app/document-cloud');
  await expect(page.getByTestId('cloud-login-required')).toBeVisible();
  const frame = page.frameLocator('[data-testid=login-frame]');
  await frame.getByTestId('signup-tab').click();
  await frame.getByTestId('signup-first-name').fill('Grace');
  await frame.getByTestId('signup-last-name').fill('Hopper');
  await frame.getByTestId('signup-email').fill(newEmail('grace'));
  await frame.getByTestId('signup-password').fill(password);
  await frame.getByTestId('signup-submit').click();
  await expect(page.getByTestId('document-cloud')).toBeVisible();
  const survey = page.getByRole('dialog', { name: 'What do you do?' });
  await expect(survey).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(survey).toHaveCount(0);

  // A new account: nothing recent, 2 GB.
  await expect(page.getByTestId('cloud-empty')).toHaveAttribute('data-view', 'recent');
  await expect(page.getByTestId('cloud-capacity-text')).toHaveText('0.0\u00a0GB of 2\u00a0GB');
  await expect(capacity(page)).toHaveAttribute('data-used', '0');

  await page.getByTestId('cloud-view-all').click();
  await expect(page).toHaveURL(/\/app\/document-cloud\?view=all$/);
  await expect(page.getByTestId('cloud-empty')).toContainText('Your cloud is empty');
  await upload(page, [{ name: 'ledger.pdf', bytes: ledger }, { name: 'notes.pdf', bytes: notes }]);
  await expect(capacity(page)).toHaveAttribute('data-used', String(ledger.length + notes.length));
  // The first page, drawn lazily by the server.
  const thumbnail = item(page, 'ledger.pdf').getByTestId('cloud-thumbnail');
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

  // Rename (SPEC §5): required, at most 240 characters, no duplicate in the folder.
  await openMenu(page, 'notes.pdf');
  await page.getByTestId('item-rename').click();
  const rename = page.getByTestId('rename-dialog');
  const nameInput = rename.getByTestId('cloud-name-input');
  await nameInput.fill('   ');
  await rename.getByTestId('cloud-name-submit').click();
  await expect(rename.getByText('Please enter name')).toBeVisible();
  await nameInput.fill(`${'n'.repeat(237)}.pdf`);
  await rename.getByTestId('cloud-name-submit').click();
  await expect(rename.getByText('Name cannot exceed 240 characters')).toBeVisible();
  await nameInput.fill('ledger.pdf');
  await rename.getByTestId('cloud-name-submit').click();
  await expect(rename.getByText('ledger.pdf already exists')).toBeVisible();
  await nameInput.fill('minutes.pdf');
  await rename.getByTestId('cloud-name-submit').click();
  await expect(rename).toHaveCount(0);
  await expect(item(page, 'minutes.pdf')).toBeVisible();
  await expect(item(page, 'notes.pdf')).toHaveCount(0);

  // A folder, and its unique name.
  await page.getByTestId('cloud-new-folder').click();
  const newFolder = page.getByTestId('new-folder-dialog');
  await newFolder.getByTestId('cloud-name-input').fill('Contracts');
  await newFolder.getByTestId('cloud-name-submit').click();
  await expect(item(page, 'Contracts')).toHaveAttribute('data-kind', 'folder');
  await page.getByTestId('cloud-new-folder').click();
  await newFolder.getByTestId('cloud-name-input').fill('Contracts');
  await newFolder.getByTestId('cloud-name-submit').click();
  await expect(newFolder.getByText('The folder already exists')).toBeVisible();
  await newFolder.getByRole('button', { name: 'Cancel' }).click();

  // Move by the dialog's folder tree.
  await openMenu(page, 'ledger.pdf');
  await page.getByTestId('item-move').click();
  const moveDialog = page.getByTestId('move-dialog');
  await moveDialog.getByRole('radio', { name: 'Contracts' }).click();
  await moveDialog.getByTestId('move-confirm').click();
  await expect(item(page, 'ledger.pdf')).toHaveCount(0);
  await item(page, 'Contracts').getByTestId('cloud-item-name').click();
  await expect(page.getByTestId('cloud-breadcrumbs')).toHaveText(/All files.*Contracts/);
  await expect(item(page, 'ledger.pdf')).toBeVisible();

  // Move by drag: onto the All files breadcrumb, then back onto the folder's row.
  await item(page, 'ledger.pdf').dragTo(page.getByTestId('cloud-crumb').filter({ hasText: 'All files' }));
  await expect(page.getByTestId('cloud-empty')).toContainText('This folder is empty');
  await page.getByTestId('cloud-crumb').filter({ hasText: 'All files' }).click();
  await expect(item(page, 'ledger.pdf')).toBeVisible();
  await item(page, 'ledger.pdf').dragTo(item(page, 'Contracts'));
  await expect(item(page, 'ledger.pdf')).toHaveCount(0);
  await item(page, 'Contracts').getByTestId('cloud-item-name').click();
  await expect(item(page, 'ledger.pdf')).toBeVisible();

  // Star it; Starred lists it.
  const star = item(page, 'ledger.pdf').getByRole('button', { name: 'Star ledger.pdf' });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('cloud-view-starred').click();
  await expect(item(page, 'ledger.pdf')).toBeVisible();
  await expect(page.getByTestId('cloud-item')).toHaveCount(1);

  // Search by a word that is only inside the PDF: found with its folder.
  await page.getByTestId('cloud-search').fill('zephyrquokka');
  await page.getByTestId('cloud-search').press('Enter');
  await expect(page.getByTestId('cloud-search-title')).toHaveText('Results for “zephyrquokka”');
  await expect(page.getByTestId('cloud-item')).toHaveCount(1);
  await expect(item(page, 'ledger.pdf')).toContainText('in Contracts');
  await page.getByTestId('cloud-search').fill('nosuchwordanywhere');
  await page.getByTestId('cloud-search').press('Enter');
  await expect(page.getByTestId('cloud-empty')).toHaveAttribute('data-view', 'search');

  // Download: one document as itself, a selection as a zip.
  await page.getByTestId('cloud-view-recent').click();
  await openMenu(page, 'ledger.pdf');
  const [single] = await Promise.all([page.waitForEvent('download'), page.getByTestId('item-download').click()]);
  expect(single.suggestedFilename()).toBe('ledger.pdf');
  expect(readFileSync(await single.path()).equals(ledger)).toBe(true);
  await page.getByTestId('cloud-select-all').click();
  await expect(page.getByTestId('cloud-selection')).toContainText('2 selected');
  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('selection-download').click()]);
  expect([...unzipAll(readFileSync(await zip.path())).keys()]).toEqual(['ledger.pdf', 'minutes.pdf']);
  await page.getByTestId('selection-clear').click();

  // Open goes to the editor; Share opens the share dialog on the document.
  await openMenu(page, 'ledger.pdf');
  await page.getByTestId('item-share').click();
  await expect(page.getByTestId('share-dialog')).toBeVisible();
  await expect(page.getByTestId('share-file-name')).toHaveText('ledger.pdf');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-dialog')).toHaveCount(0);

  // The account centre shows the recent documents and the capacity, and leads to the cloud.
  await page.goto('/app/account');
  await expect(page.getByTestId('account-recent-item').filter({ hasText: 'ledger.pdf' })).toBeVisible();
  await expect(page.getByTestId('account-cloud').getByTestId('cloud-capacity')).toHaveAttribute('data-used', String(ledger.length + notes.length));
  await page.getByTestId('recent-files').click();
  await expect(page.getByTestId('document-cloud')).toBeVisible();

  // Deleting the folder takes its document with it, and the capacity goes down.
  await page.getByTestId('cloud-view-all').click();
  await openMenu(page, 'Contracts');
  await page.getByTestId('item-delete').click();
  const confirm = page.getByTestId('delete-dialog');
  await expect(confirm).toContainText('The folder “Contracts” will be deleted for good, with everything inside it');
  await confirm.getByTestId('delete-confirm').click();
  await expect(item(page, 'Contracts')).toHaveCount(0);
  await expect(capacity(page)).toHaveAttribute('data-used', String(notes.length));
  await page.getByTestId('cloud-view-starred').click();
  await expect(page.getByTestId('cloud-empty')).toHaveAttribute('data-view', 'starred');

  await page.getByTestId('cloud-view-recent').click();
  await openMenu(page, 'minutes.pdf');
  await page.getByTestId('item-open').click();
  await expect(page).toHaveURL(/\/app\/pdf-editor\?file_id=\w+&name=minutes\.pdf$/);

  expect(errors.filter((e) => !refusedRequest.test(e))).toEqual([]);
});

test('a file other than a PDF is kept and downloads from its name; import from URL checks the address, then the server refuses a private one', async ({ page }) => {
  const errors = watchErrors(page);
  await signUp(page);
  await page.goto('/app/document-cloud?view=all');
  const text = Buffer.from('Plain notes, not a PDF.\n');
  await page.getByTestId('cloud-upload-input').setInputFiles({ name: 'readme.txt', mimeType: 'text/plain', buffer: text });
  await expect(item(page, 'readme.txt')).toBeVisible({ timeout: 30_000 });
  await expect(item(page, 'readme.txt').getByTestId('cloud-thumbnail')).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), item(page, 'readme.txt').getByTestId('cloud-item-name').click()]);
  expect(readFileSync(await download.path()).equals(text)).toBe(true);
  await openMenu(page, 'readme.txt');
  await expect(page.getByTestId('item-download')).toBeVisible();
  await expect(page.getByTestId('item-open')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByTestId('cloud-import-url').click();
  const dialog = page.getByTestId('import-url-dialog');
  const input = dialog.getByTestId('import-url-input');
  await input.fill('ftp://example.com/report.pdf');
  await dialog.getByTestId('import-url-submit').click();
  await expect(dialog.getByText('URL must start with http:// or https://')).toBeVisible();
  await input.fill('https://example.com/report.docx');
  await dialog.getByTestId('import-url-submit').click();
  await expect(dialog.getByText('URL must end with .pdf')).toBeVisible();
  await input.fill('http://127.0.0.1:9/report.pdf');
  await dialog.getByTestId('import-url-submit').click();
  await expect(dialog.getByText('This address cannot be reached. Please use a public link to the PDF.')).toBeVisible();
  expect(errors.filter((e) => !refusedRequest.test(e))).toEqual([]);
});

test('a full cloud offers the free expansion to 10 GB, and from 10 GB the store', async ({ page }) => {
  await signUp(page);
  // The cloud reads as nearly full, so the upload is refused before a byte is sent.
  await page.route('**/api/v2/cloud/capacity/storage', (route) => route.fulfill({
    json: { status: 0, code: 0, msg: 'success', data: { already_capacity: 2 * 1024 ** 3 - 10, total_capacity: 2 * 1024 ** 3, received: false } },
  }));
  await page.goto('/app/document-cloud?view=all');
  await page.getByTestId('cloud-upload-input').setInputFiles(pdfFile('big.pdf', makePdf(['Too big to fit'])));
  const dialog = page.getByTestId('capacity-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your cloud storage is full');
  await expect(dialog).toHaveAttribute('data-offer', 'expand');
  await expect(page.getByTestId('cloud-upload-entry')).toHaveAttribute('data-state', 'failed');
  await page.unroute('**/api/v2/cloud/capacity/storage');

  await dialog.getByTestId('capacity-expand-confirm').click();
  await expect(page.getByTestId('cloud-capacity-text')).toHaveText('0.0\u00a0GB of 10\u00a0GB');
  await expect(page.getByTestId('capacity-more')).toHaveAttribute('href', '/pricing');
  await expect(page.getByTestId('capacity-expand')).toHaveCount(0);
});

test('the cloud at 390 px: no horizontal scroll in any view, the menus and the selection still work', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto('/app/document-cloud?view=all');
  const longName = `${'A very long contract name that goes on '.repeat(3)}final.pdf`;
  await upload(page, [{ name: longName, bytes: makePdf(['Narrow screen']) }]);
  await page.getByTestId('cloud-new-folder').click();
  await page.getByTestId('new-folder-dialog').getByTestId('cloud-name-input').fill('Receipts of the whole year 2024 and 2025');
  await page.getByTestId('new-folder-dialog').getByTestId('cloud-name-submit').click();
  await expect(item(page, 'Receipts of the whole year 2024 and 2025')).toBeVisible();

  const noHorizontalScroll = async () => {
    const { scroll, client } = await page.evaluate<{ scroll: number; client: number }>(
      '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
    );
    expect(scroll).toBeLessThanOrEqual(client);
  };
  await noHorizontalScroll();
  expect(await cloudViolations(page)).toEqual([]);

  await item(page, longName).getByTestId('cloud-item-select').click();
  await expect(page.getByTestId('cloud-selection')).toBeVisible();
  await noHorizontalScroll();
  await page.getByTestId('selection-clear').click();

  await page.getByTestId('cloud-layout-grid').click();
  await expect(page.getByTestId('cloud-items')).toHaveAttribute('data-layout', 'grid');
  await noHorizontalScroll();

  await openMenu(page, longName);
  await expect(page.getByTestId('item-rename')).toBeInViewport();
  await page.keyboard.press('Escape');

  for (const view of ['recent', 'starred'] as const) {
    await page.getByTestId(`cloud-view-${view}`).click();
    await noHorizontalScroll();
  }
  await page.getByTestId('cloud-search').fill('contract');
  await page.getByTestId('cloud-search').press('Enter');
  await expect(item(page, longName)).toBeVisible();
  await noHorizontalScroll();
  expect(await cloudViolations(page)).toEqual([]);
});

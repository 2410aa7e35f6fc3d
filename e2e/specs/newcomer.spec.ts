/** What a newcomer meets around the tools (issue 17): entry points, labels and account details. */
import { expect, test, type Locator } from '@playwright/test';
import { runAdmin } from './admin.js';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { addFiles, convertAndDownload, pdfFile, pngFile, solidPng, unzipAll, watchErrors } from './helpers.js';
import { signUp } from './paywalled.js';

test('free trial opens the login dialog on its sign-up form', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await page.getByTestId('free-trial').first().click();
  const frame = page.frameLocator('[data-testid=login-frame]');
  await expect(frame.getByTestId('signup-tab')).toHaveAttribute('aria-selected', 'true');
  await expect(frame.getByTestId('signup-first-name')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the account centre shows the email once for a user without a name, and when a granted plan ends', async ({ page }) => {
  const email = await signUp(page);
  await page.goto('/app/account');
  await expect(page.getByTestId('account-name')).toHaveText(email);
  await expect(page.getByTestId('account-email')).toHaveCount(0);
  await expect(page.getByTestId('account-plan-period')).toHaveCount(0);

  runAdmin(['grant-plan', '--email', email, '--plan', 'Yearly_Plan', '--days', '30']);
  await page.reload();
  const ends = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(Date.now() + 30 * 24 * 3600 * 1000);
  await expect(page.getByTestId('account-plan-period')).toHaveText(`Ends on ${ends}`);

  runAdmin(['grant-plan', '--email', email, '--plan', 'Yearly_Plan']);
  await page.reload();
  await expect(page.getByTestId('account-plan-period')).toHaveText('No end date');
});

test('every OCR output choice reads whole in the side panel at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await addFiles(page, 'OCR', [pngFile('scan.png', solidPng(200, 200, 255))]);
  const control = page.getByTestId('ocr-format');
  const labels = control.locator('label');
  await expect(labels).toHaveCount(3);
  const box = (await control.boundingBox())!;
  for (const label of await labels.all()) {
    const own = (await label.boundingBox())!;
    // Inside the control's box: the control clips what reaches past it ("Word (DO").
    expect(own.x + own.width, await label.innerText()).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(own.x, await label.innerText()).toBeGreaterThanOrEqual(box.x - 1);
  }
});

test('the first Tab stop skips to the workspace, and the result takes the focus when it appears', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/app/merge-pdf');
  await expect(page.getByTestId('choose-files')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await expect(page.getByTestId('skip-link')).toHaveText('Skip to content');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  // From the main content the upload button is the first stop (it took 29 presses from the top).
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('choose-files')).toBeFocused();

  await addFiles(page, 'merge-pdf', [pdfFile('a.pdf', makePdf(['A'])), pdfFile('b.pdf', makePdf(['B']))]);
  await page.getByTestId('convert-button').click();
  await expect(page.getByTestId('result-title')).toBeFocused({ timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('the marketing pages have the skip link too', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

/** Whether two elements' boxes overlap on the page. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test('the activity box never covers the work area: after it on a desktop, collapsed on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // A list longer than the screen: a box pinned to the screen would lie over some of its rows.
  const files = Array.from({ length: 10 }, (_, i) => pdfFile(`part-${i + 1}.pdf`, makePdf([`P${i + 1}`])));
  await addFiles(page, 'merge-pdf', files);
  const box = page.getByTestId('activity-box');
  await expect(box).toHaveAttribute('data-collapsed', 'false');
  for (const work of [...await page.getByTestId('file-row').all(), page.getByTestId('convert-button')]) {
    expect(await overlap(box, work)).toBe(false);
  }
  // Below the fold of a filled page: scrolled to, not floating over the files.
  expect((await box.boundingBox())!.y).toBeGreaterThan((await page.getByTestId('convert-button').boundingBox())!.y);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/merge-pdf');
  await expect(box).toHaveAttribute('data-collapsed', 'true');
  expect(await overlap(box, page.getByTestId('choose-files'))).toBe(false);
  await box.getByRole('button', { name: 'Show offers' }).click();
  await expect(box).toHaveAttribute('data-collapsed', 'false');
});

test('a file of another type is left out with a message naming it and the accepted types, picked or dropped', async ({ page }) => {
  await page.goto('/app/merge-pdf');
  await page.getByTestId('file-input').setInputFiles([pngFile('photo.png', solidPng(20, 20, 90)), pdfFile('a.pdf', makePdf(['A']))]);
  await expect(page.getByText('“photo.png” was not added: only PDF files are accepted.')).toBeVisible();
  await expect(page.getByTestId('file-row')).toHaveCount(1);

  await page.goto('/app/image-resizer');
  // Dropped from the desktop onto the drop zone.
  const drop = await page.evaluateHandle(`(() => {
    const data = new DataTransfer();
    data.items.add(new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' }));
    return data;
  })()`);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: drop });
  await expect(page.getByText('“report.pdf” was not added: only JPG, JPEG, PNG, BMP, GIF, TIFF, TIF, WEBP files are accepted.')).toBeVisible();
  await expect(page.getByTestId('file-row')).toHaveCount(0);
});

test('an empty file and a text file named .pdf are damaged PDFs, without a retry that cannot succeed', async ({ page }) => {
  await page.goto('/app/merge-pdf');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some notes, not a PDF at all') },
  ]);
  const rows = page.getByTestId('file-row');
  for (const name of ['empty.pdf', 'notes.pdf']) {
    const row = rows.filter({ has: page.getByText(name, { exact: true }) });
    await expect(row).toHaveAttribute('data-state', 'damaged', { timeout: 15_000 });
    await expect(row).toContainText('The PDF is corrupted and cannot be opened.');
    await expect(row).not.toContainText('Upload failed');
    await expect(row.getByTestId('retry-upload')).toHaveCount(0);
  }
});

test('while three PDFs merge, the panel says nothing about missing or left-out files', async ({ page }) => {
  // The task's news is held back until the checks are done, so the run is on screen however
  // fast the merge is (a check made while the result was arriving raced it).
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/api\/(task-events|get-task-result)/, async (route) => {
    await held;
    await route.continue();
  });
  const files = ['A', 'B', 'C'].map((text) => pdfFile(`${text}.pdf`, makePdf([text])));
  await addFiles(page, 'merge-pdf', files);
  await page.getByTestId('convert-button').click();
  await expect(page.getByTestId('cancel-task')).toBeVisible();
  await expect(page.getByTestId('file-row').first()).toHaveAttribute('data-state', 'tasking');
  await expect(page.getByText('Add at least two PDF files to merge.')).toHaveCount(0);
  await expect(page.getByText(/will be left out/)).toHaveCount(0);
  await expect(page.getByTestId('merge-summary')).toContainText('3 files');
  release();
  await expect(page.getByTestId('result-panel')).toBeVisible({ timeout: 30_000 });
});

test('results are named from their inputs: split parts, a compressed image, a batch zip', async ({ page }) => {
  await addFiles(page, 'split-pdf', [pdfFile('report.pdf', makePdf(['one', 'two', 'three']))]);
  await page.getByTestId('split-mode').getByText('Each page', { exact: true }).click();
  const split = await convertAndDownload(page);
  expect(split.name).toBe('report-split.zip');
  expect([...unzipAll(split.bytes).keys()].sort()).toEqual(['report-1.pdf', 'report-2.pdf', 'report-3.pdf']);

  await addFiles(page, 'image-compressor', [pngFile('photo.png', solidPng(60, 40, 120)), pngFile('logo.png', solidPng(30, 30, 10))]);
  const images = await convertAndDownload(page);
  expect(images.name).toBe('photo-compressed.zip');
  expect([...unzipAll(images.bytes).keys()].sort()).toEqual(['logo-compressed.png', 'photo-compressed.png']);
  await expect(page.getByTestId('result-file-name')).toContainText('photo-compressed.zip');
});

test('a run follows its task through the event stream: the result comes without polling', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/task-events' || url.pathname === '/api/get-task-result') calls.push(url.pathname);
  });
  await addFiles(page, 'merge-pdf', [pdfFile('a.pdf', makePdf(['A'])), pdfFile('b.pdf', makePdf(['B']))]);
  await page.getByTestId('convert-button').click();
  await expect(page.getByTestId('result-panel')).toBeVisible({ timeout: 30_000 });
  expect(calls).toEqual(['/api/task-events']);
});

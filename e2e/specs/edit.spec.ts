import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { pageTexts } from '../../apps/server/test/readBack.js';
import { addFiles, convertAndDownload, imagePages, pageSizes, pdfFile, pdfToText, watchErrors } from './helpers.js';

/** Waits for the page preview's image and returns its box on screen. */
async function previewBox(page: Page) {
  const preview = page.getByTestId('page-preview');
  await expect(preview).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 });
  const box = await preview.locator('img').boundingBox();
  if (!box) throw new Error('no preview');
  return box;
}

test('redact-pdf: a search term and a drawn box remove their text from the result', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'redact-pdf', [pdfFile('memo.pdf', makePdf(['Public words and Secret stuff', 'Hidden second page']))]);
  await page.getByTestId('convert-button').click();
  await expect(page.getByText('Draw a box or add a search term.')).toBeVisible();

  const terms = page.getByTestId('redact-terms');
  await terms.fill('Secret');
  await terms.press('Enter');

  // Page 2: a box drawn over its line of text (baseline 700 pt from the bottom of a 792 pt page).
  await page.getByTestId('page-next').click();
  await expect(page.getByTestId('page-preview')).toHaveAttribute('data-page', '2');
  const box = await previewBox(page);
  const px = (pt: number) => (pt / 612) * box.width;
  await page.mouse.move(box.x + px(50), box.y + px(60));
  await page.mouse.down();
  await page.mouse.move(box.x + px(300), box.y + px(85), { steps: 5 });
  await page.mouse.move(box.x + px(420), box.y + px(110), { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('redact-box')).toHaveCount(1);
  await expect(page.getByTestId('redact-box-count')).toContainText('1 box');

  const { bytes } = await convertAndDownload(page);
  const text = pdfToText(bytes);
  expect(text).not.toContain('Secret');
  expect(text).toContain('Public');
  expect(text).not.toContain('Hidden');
  expect(errors).toEqual([]);
});

test('replace-text: every match is replaced', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'replace-text', [pdfFile('greeting.pdf', makePdf(['Hello world', 'Goodbye world']))]);
  await page.getByTestId('convert-button').click();
  await expect(page.getByText('Enter the text to find.')).toBeVisible();
  await page.getByTestId('replace-find').fill('world');
  await page.getByTestId('replace-with').fill('there');
  const { bytes } = await convertAndDownload(page);
  expect(pageTexts(bytes)).toEqual(['Hello there', 'Goodbye there']);
  expect(errors).toEqual([]);
});

test('sign-pdf: a typed signature is placed on page 1 as an image', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'sign-pdf', [pdfFile('contract.pdf', makePdf(['Agreement', 'Signature page']))]);
  await previewBox(page);
  await page.getByTestId('sign-new').click();
  await page.getByTestId('sign-create').click();
  await expect(page.getByTestId('sign-error')).toContainText('Type your name first.');
  // An uploaded signature must be an image of an allowed type (SPEC §5, code 3102).
  await page.getByTestId('sign-tab-upload').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('sign-upload').click();
  await (await chooser).setFiles({ name: 'signature.webp', mimeType: 'image/webp', buffer: Buffer.from('RIFF') });
  await expect(page.getByTestId('sign-error')).toContainText('Image file type error. Allowed types: JPG, JPEG, PNG, BMP, GIF.');
  await page.getByTestId('sign-tab-type').click();
  await page.getByTestId('sign-text').fill('Jane Doe');
  await page.getByTestId('sign-font').nth(1).check();
  await page.getByTestId('sign-create').click();
  await expect(page.getByTestId('sign-box')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('sign-count')).toContainText('1 signature placed');
  const { bytes } = await convertAndDownload(page);
  expect(imagePages(bytes)).toEqual([1]);
  expect(pageTexts(bytes)).toEqual(['Agreement', 'Signature page']);
  expect(errors).toEqual([]);
});

test('sign-pdf: a drawn signature is moved to page 2 and resized there', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'sign-pdf', [pdfFile('contract.pdf', makePdf(['Agreement', 'Signature page']))]);
  await page.getByTestId('page-next').click();
  await previewBox(page);
  await page.getByTestId('sign-new').click();
  await page.getByTestId('sign-tab-draw').click();
  const pad = await page.getByTestId('sign-pad').boundingBox();
  if (!pad) throw new Error('no pad');
  await page.mouse.move(pad.x + 40, pad.y + pad.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(pad.x + 40 + i * 30, pad.y + pad.height * (i % 2 ? 0.3 : 0.7));
  await page.mouse.up();
  await page.getByTestId('sign-create').click();
  const placed = page.getByTestId('sign-box');
  await expect(placed).toHaveCount(1, { timeout: 30_000 });
  // The dialog closes (and gives the page its scroll bar back) before the box is measured.
  await expect(page.getByTestId('signature-dialog')).toBeHidden();
  const handle = page.getByTestId('sign-handle-se');
  await handle.scrollIntoViewIfNeeded();
  const before = await placed.boundingBox();
  const h = await handle.boundingBox();
  if (!before || !h) throw new Error('no box');
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + 60, h.y + 30, { steps: 5 });
  await page.mouse.up();
  const after = await placed.boundingBox();
  expect(after?.width ?? 0).toBeGreaterThan(before.width + 20);
  const { bytes } = await convertAndDownload(page);
  expect(imagePages(bytes)).toEqual([2]);
  expect(errors).toEqual([]);
});

test('sign-pdf: a saved signature is kept across visits, used without a new upload, then deleted', async ({ page }) => {
  const errors = watchErrors(page);
  const contract = pdfFile('contract.pdf', makePdf(['Agreement', 'Signature page']));
  await addFiles(page, 'sign-pdf', [contract]);
  await previewBox(page);
  await expect(page.getByTestId('saved-signatures-empty')).toBeVisible();
  await page.getByTestId('sign-new').click();
  await page.getByTestId('sign-text').fill('Jane Doe');
  await page.getByTestId('save-signature').check();
  await page.getByTestId('sign-create').click();
  await expect(page.getByTestId('sign-box')).toHaveCount(1, { timeout: 30_000 });
  const saved = page.getByTestId('saved-signature');
  await expect(saved).toHaveCount(1);
  const fileId = await saved.getAttribute('data-file-id');
  expect(fileId).toBeTruthy();

  // A new visit (the page loaded afresh) lists it, image and all.
  await page.reload();
  await addFiles(page, 'sign-pdf', [contract]);
  await previewBox(page);
  await expect(saved).toHaveCount(1, { timeout: 15_000 });
  await expect(saved).toHaveAttribute('data-file-id', fileId ?? '');
  await expect.poll(() => saved.locator('img').evaluate((img) => {
    const image = img as unknown as { complete: boolean; naturalWidth: number };
    return image.complete ? image.naturalWidth : 0;
  })).toBeGreaterThan(0);
  await expect(page.getByTestId('sign-box')).toHaveCount(0);

  // Used as it is (no new upload): placed on page 1 and signed with its file_id.
  const uploads: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/file/oss/object')) uploads.push(r.url()); });
  await saved.getByTestId('saved-signature-use').click();
  await expect(page.getByTestId('sign-box')).toHaveCount(1);
  await expect(page.getByTestId('sign-count')).toContainText('1 signature placed');
  const { bytes } = await convertAndDownload(page);
  expect(imagePages(bytes)).toEqual([1]);
  expect(pageTexts(bytes)).toEqual(['Agreement', 'Signature page']);
  expect(uploads).toEqual([]);

  // Deleted: the list is empty, here and on the server.
  await addFiles(page, 'sign-pdf', [contract]);
  await expect(saved).toHaveCount(1, { timeout: 15_000 });
  await saved.getByTestId('saved-signature-delete').click();
  await expect(saved).toHaveCount(0);
  await expect(page.getByTestId('saved-signatures-empty')).toBeVisible();
  const listed = await (await page.request.get(`/api/file/sign?t=${Date.now()}`)).json() as { code: unknown; data: { signs: unknown[] } };
  expect(listed.code).toBe(0);
  expect(listed.data.signs).toEqual([]);
  expect(errors).toEqual([]);
});

test('crop-pdf: margins set by numbers and by dragging the box cut the pages', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'crop-pdf', [pdfFile('wide.pdf', makePdf(['Cropped page one', 'Cropped page two']))]);
  await previewBox(page);
  // Dragging the top-left corner of the box sets the left and top margins.
  await page.getByTestId('crop-handle-nw').scrollIntoViewIfNeeded();
  const corner = await page.getByTestId('crop-handle-nw').boundingBox();
  if (!corner) throw new Error('no handle');
  await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
  await page.mouse.down();
  await page.mouse.move(corner.x + 60, corner.y + 40, { steps: 5 });
  await page.mouse.up();
  expect(parseFloat(await page.getByTestId('crop-l').inputValue())).toBeGreaterThan(20);
  expect(parseFloat(await page.getByTestId('crop-t').inputValue())).toBeGreaterThan(10);
  // A box under 50 points is refused.
  await page.getByTestId('crop-l').fill('300');
  await page.getByTestId('crop-r').fill('300');
  await expect(page.getByTestId('crop-box-error')).toBeVisible();
  await page.getByTestId('crop-l').fill('72');
  await page.getByTestId('crop-r').fill('72');
  await page.getByTestId('crop-t').fill('50');
  await page.getByTestId('crop-b').fill('142');
  await expect(page.getByTestId('crop-box-error')).toHaveCount(0);
  const { bytes } = await convertAndDownload(page);
  expect(pageSizes(bytes)).toEqual([{ w: 468, h: 600 }, { w: 468, h: 600 }]);
  expect(pageTexts(bytes)).toEqual(['Cropped page one', 'Cropped page two']);
  expect(errors).toEqual([]);
});

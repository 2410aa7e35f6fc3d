/**
 * The PDF editor in Chromium (SPEC §2 /app/pdf-editor, §3, §4): pdf.js draws the pages near the
 * view only, the annotate tools mark and draw on them, and the top bar's export downloads a PDF
 * whose annotations MuPDF reads back with their subtypes.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as mupdf from 'mupdf';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { seriousViolations } from './axe.js';
import { signUp } from './paywalled.js';
import { pdfFile, pdfToText, watchErrors, type FixtureFile } from './helpers.js';

/** pdf.js warns (not errs) about the standard fonts our fixtures name without embedding. */
const ignoredConsole = /standardFontDataUrl|TT: undefined function/;

async function openInEditor(page: Page, file: FixtureFile, mode = 'annotate'): Promise<void> {
  await page.goto(`/app/pdf-editor?t=${mode}`);
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByTestId('pdf-editor')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-page="1"][data-rendered="true"]')).toBeVisible({ timeout: 30_000 });
}

/** The annotations of each page of a downloaded PDF, read back by MuPDF. */
function annotationsOf(bytes: Buffer): { type: string; contents: string; rect: number[] }[][] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => (doc.loadPage(i) as mupdf.PDFPage).getAnnotations()
      .map((a) => ({ type: a.getType(), contents: a.getContents(), rect: a.getBounds() })));
  } finally {
    doc.destroy();
  }
}

async function exportAndDownload(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('editor-export').click()]);
  return readFileSync(await download.path());
}

test('annotate: a highlighted sentence, a free-text note and a rectangle export as Highlight, FreeText and Square annotations', async ({ page }) => {
  const errors = watchErrors(page);
  await openInEditor(page, pdfFile('memo.pdf', makePdf(['The quarterly plan is approved', 'Second page'])));

  // Highlight: select the sentence in the text layer with the highlight tool on.
  await page.locator('[data-tool="HIGHLIGHT"]').click();
  const sentence = page.locator('[data-page="1"] span', { hasText: 'quarterly plan' });
  const box = (await sentence.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(page.locator('[data-page="1"] [data-annotation="highlight"]')).toHaveCount(1);

  /** A point of page 1 (in points from its top-left corner) on the screen, where the page is now. */
  const at = async (x: number, y: number) => {
    const pageBox = (await page.locator('[data-page="1"]').boundingBox())!;
    return { x: pageBox.x + (x / 612) * pageBox.width, y: pageBox.y + (y / 792) * pageBox.height };
  };

  // A free-text note typed where the page is clicked.
  await page.locator('[data-tool="TEXT"]').click();
  const note = await at(320, 150);
  await page.mouse.click(note.x, note.y);
  await page.getByTestId('free-text-input').fill('Reviewed by finance');
  await page.getByTestId('free-text-input').press('Escape');
  await expect(page.locator('[data-annotation="free text"]')).toHaveText('Reviewed by finance');

  // A rectangle dragged out on the page.
  await page.locator('[data-tool="RECTANGLE"]').click();
  // Inside the part of the page on screen: the default window is 720 pixels high.
  const from = await at(100, 200);
  const to = await at(250, 260);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await expect(page.locator('[data-annotation="square"]')).toHaveCount(1);

  const bytes = await exportAndDownload(page);
  const [first, second] = annotationsOf(bytes);
  expect(first!.map((a) => a.type)).toEqual(['Highlight', 'FreeText', 'Square']);
  expect(second).toEqual([]);
  expect(first![1]!.contents).toBe('Reviewed by finance');
  // The highlight lies on the sentence's line (baseline 92 pt from the top, 24 pt type).
  const [, y0, x1, y1] = first![0]!.rect;
  expect(y0).toBeGreaterThan(60);
  expect(y1).toBeLessThan(105);
  expect(x1).toBeGreaterThan(300);
  // The rectangle where it was drawn: its bounds, with half its 2-point border, within 3 points.
  const drawn = [100, 200, 250, 260];
  first![2]!.rect.forEach((v, i) => expect(Math.abs(v - drawn[i]!)).toBeLessThanOrEqual(3));
  // Export resets the tool to select (SPEC §4).
  await expect(page.locator('[data-tool="SELECT"]')).toHaveAttribute('aria-pressed', 'true');
  expect(errors.filter((e) => !ignoredConsole.test(e))).toEqual([]);
});

/** A PDF that already has a Square and a Highlight on page 1, written by MuPDF. */
function pdfWithAnnotations(): Buffer {
  const doc = mupdf.Document.openDocument(makePdf(['Existing notes here', 'Two']), 'application/pdf').asPDF()!;
  try {
    const page = doc.loadPage(0) as mupdf.PDFPage;
    const square = page.createAnnotation('Square');
    square.setRect([100, 200, 200, 260]);
    square.setColor([0, 0, 1]);
    square.update();
    const highlight = page.createAnnotation('Highlight');
    highlight.setColor([1, 1, 0]);
    highlight.setQuadPoints([[72, 70, 300, 70, 72, 95, 300, 95]]);
    highlight.update();
    return Buffer.from(doc.saveToBuffer('').asUint8Array());
  } finally {
    doc.destroy();
  }
}

test("annotate: a PDF's own annotations load for editing; a moved one and a deleted one are exported once, not twice", async ({ page }) => {
  await openInEditor(page, pdfFile('annotated.pdf', pdfWithAnnotations()));
  const square = page.locator('[data-page="1"] [data-annotation="square"]');
  const highlight = page.locator('[data-page="1"] [data-annotation="highlight"]');
  await expect(square).toHaveCount(1);
  await expect(highlight).toHaveCount(1);
  const pageBox = (await page.locator('[data-page="1"]').boundingBox())!;
  const px = pageBox.width / 612;
  const before = (await square.boundingBox())!;
  // Loaded where MuPDF put it, within a point.
  expect(Math.abs((before.x - pageBox.x) / px - 100)).toBeLessThan(2);

  await page.mouse.move(before.x + 5, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + 5 + 100 * px, before.y + before.height / 2, { steps: 5 });
  await page.mouse.up();
  await highlight.click();
  await page.keyboard.press('Delete');
  await expect(highlight).toHaveCount(0);

  const bytes = await exportAndDownload(page);
  const [first] = annotationsOf(bytes);
  expect(first!.map((a) => a.type)).toEqual(['Square']);
  expect(Math.abs(first![0]!.rect[0]! - 200)).toBeLessThan(3);
});

test('annotate: underline, squiggly, strike-out, a line with an arrow, an ink stroke and a sticky note export as their subtypes', async ({ page }) => {
  await openInEditor(page, pdfFile('tools.pdf', makePdf(['Underline these words'])));
  const select = async (tool: string) => {
    await page.locator(`[data-tool="${tool}"]`).click();
    const run = (await page.locator('[data-page="1"] span', { hasText: 'Underline these words' }).boundingBox())!;
    await page.mouse.move(run.x + 2, run.y + run.height / 2);
    await page.mouse.down();
    await page.mouse.move(run.x + run.width - 2, run.y + run.height / 2, { steps: 6 });
    await page.mouse.up();
  };
  await select('UNDERLINE');
  await expect(page.locator('[data-annotation="underline"]')).toHaveCount(1);
  await select('SQUIGGLY');
  await expect(page.locator('[data-annotation="squiggly"]')).toHaveCount(1);
  await select('STRIKEOUT');
  await expect(page.locator('[data-annotation="strike-out"]')).toHaveCount(1);

  const at = async (x: number, y: number) => {
    const box = (await page.locator('[data-page="1"]').boundingBox())!;
    return { x: box.x + (x / 612) * box.width, y: box.y + (y / 792) * box.height };
  };
  const drag = async (points: [number, number][]) => {
    const first = await at(...points[0]!);
    await page.mouse.move(first.x, first.y);
    await page.mouse.down();
    for (const p of points.slice(1)) {
      const next = await at(...p);
      await page.mouse.move(next.x, next.y, { steps: 3 });
    }
    await page.mouse.up();
  };
  await page.locator('[data-tool="LINE"]').click();
  await drag([[100, 150], [300, 180]]);
  await page.locator('[data-tool="DRAW"]').click();
  await drag([[100, 200], [150, 230], [200, 210], [250, 240]]);
  await page.locator('[data-tool="STICKER"]').click();
  const note = await at(400, 150);
  await page.mouse.click(note.x, note.y);
  await page.getByTestId('note-input').fill('Check the figures');
  await page.getByTestId('note-input').press('Escape');

  const bytes = await exportAndDownload(page);
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  try {
    const annots = (doc.loadPage(0) as mupdf.PDFPage).getAnnotations();
    expect(annots.map((a) => a.getType()).filter((t) => t !== 'Popup')).toEqual(['Underline', 'Squiggly', 'StrikeOut', 'Line', 'Ink', 'Text']);
    const line = annots.find((a) => a.getType() === 'Line')!;
    expect(line.getLineEndingStyles()).toEqual({ start: 'None', end: 'OpenArrow' });
    expect(annots.find((a) => a.getType() === 'Ink')!.getInkList()[0]!.length).toBeGreaterThan(3);
    expect(annots.find((a) => a.getType() === 'Text')!.getContents()).toBe('Check the figures');
  } finally {
    doc.destroy();
  }
});

test('annotate: a shape moves, resizes, undoes, redoes and deletes', async ({ page }) => {
  await openInEditor(page, pdfFile('shapes.pdf', makePdf(['Shapes'])));
  const pageBox = (await page.locator('[data-page="1"]').boundingBox())!;
  const px = pageBox.width / 612;
  await page.locator('[data-tool="CIRCLE"]').click();
  await page.mouse.move(pageBox.x + 100 * px, pageBox.y + 200 * px);
  await page.mouse.down();
  await page.mouse.move(pageBox.x + 200 * px, pageBox.y + 300 * px, { steps: 5 });
  await page.mouse.up();
  const circle = page.locator('[data-annotation="circle"]');
  await expect(circle).toHaveCount(1);
  const before = (await circle.boundingBox())!;

  await page.locator('[data-tool="SELECT"]').click();
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width / 2 + 50 * px, before.y + before.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Math.round(((await circle.boundingBox())!.x - before.x) / px)).toBe(50);

  const handle = page.getByTestId('resize-handle');
  const h = (await handle.boundingBox())!;
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + h.width / 2 + 40 * px, h.y + h.height / 2 + 20 * px, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await circle.boundingBox())!.width / px)).toBe(140);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => Math.round((await circle.boundingBox())!.width / px)).toBe(100);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => Math.round(((await circle.boundingBox())!.x - before.x) / px)).toBe(0);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(async () => Math.round(((await circle.boundingBox())!.x - before.x) / px)).toBe(50);

  await circle.click();
  await page.keyboard.press('Delete');
  await expect(circle).toHaveCount(0);
});

test('viewer: a 500-page PDF opens drawing only the pages near the view, scrolls, zooms and finds with hits highlighted', async ({ page }) => {
  const texts = Array.from({ length: 500 }, (_, i) => (i === 411 ? 'Needle on page 412' : `Page ${i + 1} of the long report`));
  const started = Date.now();
  await openInEditor(page, pdfFile('long.pdf', makePdf(texts)));
  const openMs = Date.now() - started;
  await expect(page.getByTestId('pdf-editor')).toHaveAttribute('data-pages', '500');
  const rendered = page.locator('[data-rendered="true"]');
  // A handful of pages near the view, not 500.
  expect(await rendered.count()).toBeLessThan(8);
  await expect(page.locator('[data-page]')).toHaveCount(500);

  // Scroll far down: the pages there are drawn, the first ones are dropped.
  await page.getByTestId('editor-pages').evaluate((el) => { el.scrollTop = el.scrollHeight / 2; });
  await expect(page.locator('[data-page="250"][data-rendered="true"], [data-page="251"][data-rendered="true"]').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-page="1"]')).toHaveAttribute('data-rendered', 'false');
  expect(await rendered.count()).toBeLessThan(8);

  // Thumbnails are drawn near their own view only, and a click opens its page.
  await expect(page.locator('[data-thumbnail="1"]')).toHaveAttribute('data-drawn', 'true');
  expect(await page.locator('[data-thumbnail][data-drawn="true"]').count()).toBeLessThan(30);
  await page.locator('[data-thumbnail="3"]').click();
  await expect(page.locator('[data-page="3"][data-rendered="true"]')).toBeVisible({ timeout: 15_000 });

  // Zoom in: the page is drawn larger.
  const width = (await page.locator('[data-page="3"]').boundingBox())!.width;
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await page.locator('[data-page="3"]').boundingBox())!.width).toBeGreaterThan(width * 1.1);

  // FIND: the hit on page 412 is scrolled to and highlighted.
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const find = page.getByRole('textbox', { name: 'Find in document' });
  await find.fill('needle');
  await find.press('Enter');
  await expect(page.getByTestId('find-count')).toHaveText('1 / 1', { timeout: 30_000 });
  const hit = page.locator('[data-page="412"] [data-find-hit="current"]');
  await expect(hit).toBeVisible({ timeout: 15_000 });
  // The hit covers the word: its box lies inside the page's first line.
  const hitBox = (await hit.boundingBox())!;
  const pageBox = (await page.locator('[data-page="412"]').boundingBox())!;
  const pt = pageBox.width / 612;
  expect((hitBox.y - pageBox.y) / pt).toBeGreaterThan(60);
  expect((hitBox.y - pageBox.y) / pt).toBeLessThan(95);
  console.log(`editor: 500-page PDF opened in ${openMs} ms`);
});

test('edit: a word clicked in edit mode is replaced in place, and pdftotext of the download shows the new word, not the old', async ({ page }) => {
  await openInEditor(page, pdfFile('plan.pdf', makePdf(['The quarterly plan is approved', 'The quarterly review follows'])), 'edit');
  await expect(page.getByTestId('editor-edit-hint')).toBeVisible();
  const run = page.locator('[data-page="1"] span', { hasText: 'quarterly plan' });
  const box = (await run.boundingBox())!;
  // "The quarterly ...": a point inside "quarterly", a fifth of the way along the run.
  await page.mouse.click(box.x + box.width * 0.2, box.y + box.height / 2);
  const input = page.getByTestId('word-input');
  await expect(input).toHaveValue('quarterly');
  await input.fill('annual');
  await input.press('Enter');
  await expect(page.locator('[data-word-edit="annual"]')).toHaveCount(1);

  const bytes = await exportAndDownload(page);
  const text = pdfToText(bytes).replace(/\s+/g, ' ');
  expect(text).toContain('The annual plan is approved');
  expect(text).not.toContain('quarterly plan');
  // Only the clicked occurrence: page 2's word is left alone.
  expect(text).toContain('The quarterly review follows');
});

test('edit: a line Shift+clicked in edit mode is rewritten, and pdftotext of the download shows the new line, not the old', async ({ page }) => {
  await openInEditor(page, pdfFile('line.pdf', makePdf(['The quarterly plan is approved'])), 'edit');
  const run = page.locator('[data-page="1"] span', { hasText: 'quarterly plan' });
  const box = (await run.boundingBox())!;
  await page.keyboard.down('Shift');
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.keyboard.up('Shift');
  const input = page.getByTestId('word-input');
  await expect(input).toHaveValue('The quarterly plan is approved');
  await input.fill('The revised annual plan was approved by the board');
  await input.press('Enter');

  const text = pdfToText(await exportAndDownload(page)).replace(/\s+/g, ' ');
  expect(text).toContain('The revised annual plan was approved by the board');
  expect(text).not.toContain('quarterly');
});

test('the editor with a document open, a tool chosen and an annotation selected passes axe-core with no serious or critical violation', async ({ page }) => {
  await openInEditor(page, pdfFile('axe.pdf', makePdf(['Accessible editor text'])));
  await page.locator('[data-tool="TEXT"]').click();
  const box = (await page.locator('[data-page="1"]').boundingBox())!;
  await page.mouse.click(box.x + 200, box.y + 200);
  await page.getByTestId('free-text-input').fill('Note');
  await page.getByTestId('free-text-input').press('Escape');
  await page.locator('[data-tool="SELECT"]').click();
  await page.locator('[data-annotation="free text"]').click();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an uploaded PDF opened by its file_id (as the cloud opens it) loads its bytes from document/source into the viewer', async ({ page }) => {
  const declared = page.waitForResponse((r) => r.url().includes('/api/file/oss/object') && r.request().method() === 'POST');
  await openInEditor(page, pdfFile('stored.pdf', makePdf(['Stored on the server'])));
  const fileId = ((await (await declared).json()) as { data: { file_id: string } }).data.file_id;
  const source = page.waitForResponse((r) => r.url().includes('/api/document/source'));
  await page.goto(`/app/pdf-editor?t=annotate&file_id=${fileId}&name=stored.pdf`);
  expect((await source).status()).toBe(200);
  await expect(page.locator('[data-page="1"][data-rendered="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-page="1"] span', { hasText: 'Stored on the server' })).toHaveCount(1);
});

test('share from the editor uploads the edited PDF and opens the share dialog on it', async ({ page }) => {
  await signUp(page);
  await openInEditor(page, pdfFile('memo.pdf', makePdf(['Shared memo'])));
  await page.locator('[data-tool="RECTANGLE"]').click();
  const box = (await page.locator('[data-page="1"]').boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 150);
  await page.mouse.down();
  await page.mouse.move(box.x + 250, box.y + 250, { steps: 5 });
  await page.mouse.up();
  // The edited file goes up in one PUT (it is far below 524,288 bytes).
  const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/storage/object/'));
  await page.getByTestId('editor-share').click();
  const { data } = (await (await put).json()) as { data: { file_id: string } };
  await expect(page.getByTestId('share-dialog')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('share-file-name')).toHaveText('memo-edited.pdf');
  // The uploaded file, read back as its owner, holds the rectangle.
  const bytes = await page.evaluate(async (fileId) => {
    const { localStorage } = globalThis as unknown as { localStorage: { getItem(key: string): string | null } };
    const res = await fetch(`/api/document/source?file_id=${fileId}`, { headers: { token: localStorage.getItem('pagewright_token') ?? '' } });
    return Array.from(new Uint8Array(await res.arrayBuffer()));
  }, data.file_id);
  expect(annotationsOf(Buffer.from(bytes))[0]!.map((a) => a.type)).toEqual(['Square']);
});

test('annotate: a stamp and a typed signature placed on the page export as Stamp annotations with their appearance', async ({ page }) => {
  const errors = watchErrors(page);
  await openInEditor(page, pdfFile('contract.pdf', makePdf(['The contract is agreed', 'Second page'])));
  const at = async (x: number, y: number) => {
    const pageBox = (await page.locator('[data-page="1"]').boundingBox())!;
    return { x: pageBox.x + (x / 612) * pageBox.width, y: pageBox.y + (y / 792) * pageBox.height };
  };

  // A standard stamp, "Not approved", placed where the page is clicked.
  await page.locator('[data-tool="STAMP"]').click();
  await page.getByTestId('stamp-label').click();
  await page.getByRole('option', { name: 'Not approved' }).click();
  const stampAt = await at(80, 150);
  await page.mouse.click(stampAt.x, stampAt.y);
  await expect(page.locator('[data-page="1"] [data-annotation="stamp"]')).toHaveCount(1);

  // A typed signature: the sign tool's dialog, then a click on the page places it.
  await page.locator('[data-tool="SIGN"]').click();
  await page.getByTestId('signature-new').click();
  await page.getByTestId('sign-text').fill('Ada Lovelace');
  await page.getByTestId('sign-create').click();
  await expect(page.getByTestId('signature-chosen')).toBeVisible();
  // The dialog's overlay fades out before the page takes clicks again.
  await expect(page.getByTestId('signature-dialog')).toBeHidden();
  const signAt = await at(300, 300);
  await page.mouse.click(signAt.x, signAt.y);
  await expect(page.locator('[data-page="1"] [data-annotation="stamp"]')).toHaveCount(2);
  // The sign tool's settings in the tool bar pass axe-core too.
  expect(await seriousViolations(page)).toEqual([]);

  // Moved like any annotation, then undone and redone.
  await page.locator('[data-tool="SELECT"]').click();
  const signature = page.locator('[data-page="1"] [data-annotation="stamp"]').nth(1);
  const before = (await signature.boundingBox())!;
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width / 2 + 40, before.y + before.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await signature.boundingBox())!.x - before.x)).toBe(40);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => Math.round((await signature.boundingBox())!.x - before.x)).toBe(0);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(async () => Math.round((await signature.boundingBox())!.x - before.x)).toBe(40);

  const bytes = await exportAndDownload(page);
  const [first, second] = annotationsOf(bytes);
  expect(first!.map((a) => a.type)).toEqual(['Stamp', 'Stamp']);
  expect(second).toEqual([]);
  expect(first!.map((a) => a.contents)).toEqual(['NOT APPROVED', 'Signature']);
  // The signature where it was moved to: 300 + 40 / scale points from the left, give or take a point.
  const scale = (await page.locator('[data-page="1"]').boundingBox())!.width / 612;
  expect(Math.abs(first![1]!.rect[0]! - (300 + 40 / scale))).toBeLessThanOrEqual(1.5);
  // The signature's appearance draws its picture: an image XObject in the appearance stream.
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  const stamp = (doc.loadPage(0) as mupdf.PDFPage).getAnnotations()[1]!;
  const appearance = stamp.getObject().get('AP').get('N');
  expect(appearance.get('Resources').get('XObject').get('Img').get('Subtype').asName()).toBe('Image');
  doc.destroy();
  expect(errors.filter((e) => !ignoredConsole.test(e))).toEqual([]);
});

test('viewer: pages of other sizes than page 1 are laid out at their own size before they are drawn', async ({ page }) => {
  // 30 letter pages, but page 25 is A4 landscape and page 26 a small card.
  const doc = mupdf.Document.openDocument(makePdf(Array.from({ length: 30 }, (_, i) => `Page ${i + 1}`)), 'application/pdf').asPDF()!;
  (doc.loadPage(24) as mupdf.PDFPage).setPageBox('MediaBox', [0, 0, 842, 595]);
  (doc.loadPage(25) as mupdf.PDFPage).setPageBox('MediaBox', [0, 0, 300, 200]);
  const mixed = Buffer.from(doc.saveToBuffer('').asUint8Array());
  doc.destroy();
  await openInEditor(page, pdfFile('mixed.pdf', mixed));
  const scale = (await page.locator('[data-page="1"]').boundingBox())!.width / 612;
  const size = async (n: number) => {
    const box = (await page.locator(`[data-page="${n}"]`).boundingBox())!;
    return [Math.round(box.width / scale), Math.round(box.height / scale)];
  };
  // Far from the view, not drawn, yet at their own sizes.
  await expect(page.locator('[data-page="25"]')).toHaveAttribute('data-rendered', 'false');
  await expect.poll(() => size(25)).toEqual([842, 595]);
  expect(await size(26)).toEqual([300, 200]);
  expect(await size(27)).toEqual([612, 792]);
  // The thumbnail opens page 26 at its place: its top at the top of the view.
  await page.getByRole('button', { name: 'Go to page 26' }).click();
  await expect(page.locator('[data-page="26"][data-rendered="true"]')).toBeVisible({ timeout: 15_000 });
  const view = (await page.getByTestId('editor-pages').boundingBox())!;
  const top = (await page.locator('[data-page="26"]').boundingBox())!.y;
  expect(Math.abs(top - view.y)).toBeLessThanOrEqual(20);
});

test('share_id: a shared PDF opens in the editor for a signed-in user; once revoked its link answers with the expired message', async ({ page }) => {
  await signUp(page);
  const declared = page.waitForResponse((r) => r.url().includes('/api/file/oss/object') && r.request().method() === 'POST');
  await openInEditor(page, pdfFile('shared-plan.pdf', makePdf(['Shared plan for the editor'])));
  const fileId = ((await (await declared).json()) as { data: { file_id: string } }).data.file_id;
  const api = (path: string, body: unknown) => page.evaluate(async ({ path, body }) => {
    const { localStorage } = globalThis as unknown as { localStorage: { getItem(key: string): string | null } };
    const res = await fetch(`/api${path}`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', token: localStorage.getItem('pagewright_token') ?? '' },
    });
    return (await res.json()) as { data: { share_code: string } };
  }, { path, body });
  const { data } = await api('/share/share-file-qrcode', { share_key: fileId, share_type: 2, share_days: 3, language: 'en' });

  await page.goto(`/app/pdf-editor?share_id=${data.share_code}`);
  await expect(page.getByTestId('pdf-editor')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-page="1"] span', { hasText: 'Shared plan for the editor' })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText('shared-plan.pdf')).toBeVisible();

  await api('/share/revoke', { share_code: data.share_code });
  await page.goto(`/app/pdf-editor?share_id=${data.share_code}`);
  await expect(page.getByTestId('share-expired')).toHaveText('Share file expired.');
  await expect(page.getByTestId('pdf-editor')).toHaveCount(0);
});

test('annotate: an uploaded picture, a drawn signature kept among the saved ones, and that saved signature export as three Stamps', async ({ page }) => {
  const errors = watchErrors(page);
  await openInEditor(page, pdfFile('form.pdf', makePdf(['Sign below'])));
  const at = async (x: number, y: number) => {
    const pageBox = (await page.locator('[data-page="1"]').boundingBox())!;
    return { x: pageBox.x + (x / 612) * pageBox.width, y: pageBox.y + (y / 792) * pageBox.height };
  };
  const clickPage = async (x: number, y: number) => {
    const point = await at(x, y);
    await page.mouse.click(point.x, point.y);
  };

  // A picture: a grey PNG chosen with the image tool.
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 90, 30], false);
  pixmap.clear(128);
  const png = Buffer.from(pixmap.asPNG());
  pixmap.destroy();
  await page.locator('[data-tool="IMAGE"]').click();
  await page.locator('input[type="file"][accept*="image/png"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('image-chosen')).toBeVisible();
  await clickPage(60, 150);
  await expect(page.locator('[data-page="1"] [data-annotation="stamp"]')).toHaveCount(1);

  // A drawn signature, kept among the saved signatures.
  await page.locator('[data-tool="SIGN"]').click();
  await page.getByTestId('signature-new').click();
  await page.getByTestId('sign-tab-draw').click();
  const pad = (await page.getByTestId('sign-pad').boundingBox())!;
  await page.mouse.move(pad.x + 40, pad.y + 60);
  await page.mouse.down();
  await page.mouse.move(pad.x + 160, pad.y + 120, { steps: 8 });
  await page.mouse.move(pad.x + 260, pad.y + 50, { steps: 8 });
  await page.mouse.up();
  await page.getByTestId('save-signature').check();
  await page.getByTestId('sign-create').click();
  await expect(page.getByTestId('signature-dialog')).toBeHidden();
  await clickPage(60, 300);
  await expect(page.locator('[data-page="1"] [data-annotation="stamp"]')).toHaveCount(2);

  // The saved signature, taken from the saved list and placed again.
  await page.getByTestId('signature-saved').click();
  await expect(page.getByTestId('saved-signature')).toHaveCount(1);
  await page.getByTestId('saved-signature-use').click();
  await expect(page.getByTestId('saved-signature')).toBeHidden();
  await clickPage(300, 300);
  await expect(page.locator('[data-page="1"] [data-annotation="stamp"]')).toHaveCount(3);

  const bytes = await exportAndDownload(page);
  const [first] = annotationsOf(bytes);
  expect(first!.map((a) => a.type)).toEqual(['Stamp', 'Stamp', 'Stamp']);
  expect(first!.map((a) => a.contents)).toEqual(['Image', 'Signature', 'Signature']);
  // The picture keeps its 3:1 shape: 200 points wide, about 67 high.
  const [x0, y0, x1, y1] = first![0]!.rect;
  expect(Math.round(x1! - x0!)).toBe(200);
  expect(Math.abs((y1! - y0!) - 200 / 3)).toBeLessThanOrEqual(1);
  expect(errors.filter((e) => !ignoredConsole.test(e))).toEqual([]);
});

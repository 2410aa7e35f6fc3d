/**
 * The PDF editor's forms in Chromium (SPEC §3 form fields 1-7, §7 document/content and its sign
 * call): the PDF's fields show over the page as controls with the values the file has; filled in
 * and exported, the download carries them as field values (MuPDF reads them back); a signature
 * field signed with a PKCS#12 certificate downloads a file whose signature pdfsig finds valid.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as mupdf from 'mupdf';
import { selfSignedPkcs12 } from '../../packages/engine/test/certificate-fixtures.js';
import { formPdfBytes } from '../../packages/engine/test/form-fixtures.js';
import { seriousViolations } from './axe.js';
import { pdfFile, pdfToText, watchErrors, type FixtureFile } from './helpers.js';

/** pdf.js warns (not errs) about the standard fonts our fixtures name without embedding. */
const ignoredConsole = /standardFontDataUrl|TT: undefined function/;

async function openInEditor(page: Page, file: FixtureFile): Promise<void> {
  await page.goto('/app/pdf-editor?t=annotate');
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByTestId('pdf-editor')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-page="1"][data-rendered="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('form-bar')).toBeVisible({ timeout: 30_000 });
}

/** Each field's value in a downloaded PDF, read back by MuPDF. */
function fieldValues(bytes: Buffer): Record<string, string> {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  try {
    const values: Record<string, string> = {};
    for (let i = 0; i < doc.countPages(); i++) {
      for (const widget of (doc.loadPage(i) as mupdf.PDFPage).getWidgets()) values[widget.getName()] = widget.getValue();
    }
    return values;
  } finally {
    doc.destroy();
  }
}

const field = (page: Page, name: string) => page.locator(`[data-page="1"] [data-field-name="${name}"]`);

test('forms: text, check box, radio and combo filled in the editor are field values of the exported download', async ({ page }) => {
  const errors = watchErrors(page);
  await openInEditor(page, pdfFile('application.pdf', Buffer.from(formPdfBytes({ values: false }))));
  await field(page, 'full_name').fill('Grace Hopper');
  await field(page, 'agree').check();
  await page.getByRole('radio', { name: 'colour: blue' }).check();
  await field(page, 'country').selectOption('jp');
  await field(page, 'size').selectOption('L');

  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('editor-export').click()]);
  const values = fieldValues(readFileSync(await download.path()));
  expect(values).toMatchObject({ full_name: 'Grace Hopper', agree: 'Yes', colour: 'blue', country: 'jp', size: 'L' });
  expect(errors.filter((e) => !ignoredConsole.test(e))).toEqual([]);
});

test('forms: with "flatten the form" ticked, the download has no field left and the typed text is page text', async ({ page }) => {
  await openInEditor(page, pdfFile('flatten.pdf', Buffer.from(formPdfBytes({ values: false }))));
  await field(page, 'full_name').fill('Flattened Name');
  await page.getByTestId('form-bar').getByLabel('Flatten the form on export').check();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('editor-export').click()]);
  const bytes = readFileSync(await download.path());
  expect(fieldValues(bytes)).toEqual({});
  expect(pdfToText(bytes)).toContain('Flattened Name');
});

test("forms: a PDF's own field values load into the controls", async ({ page }) => {
  await openInEditor(page, pdfFile('filled.pdf', Buffer.from(formPdfBytes())));
  await expect(field(page, 'full_name')).toHaveValue('Ada Lovelace');
  await expect(field(page, 'full_name')).toHaveAttribute('maxlength', '40');
  await expect(field(page, 'agree')).toBeChecked();
  await expect(page.getByRole('radio', { name: 'colour: red' })).toBeChecked();
  await expect(field(page, 'country')).toHaveValue('fr');
  await expect(field(page, 'size')).toHaveValue('M');
  // The controls are named, so the form passes axe-core as the rest of the editor does.
  expect(await seriousViolations(page)).toEqual([]);
});

test('forms: a filled form whose signature field is signed with a PKCS#12 certificate downloads with the values, validly signed for pdfsig', async ({ page }, testInfo) => {
  await openInEditor(page, pdfFile('contract.pdf', Buffer.from(formPdfBytes())));
  await field(page, 'full_name').fill('Signed Person');
  await field(page, 'signature').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'me.p12', mimeType: 'application/x-pkcs12', buffer: Buffer.from(selfSignedPkcs12('p12-pass', 'E2E Signer')) });

  // A wrong password first: the catalogue's message, in the dialog.
  await dialog.getByLabel('Certificate password').fill('wrong');
  await dialog.getByRole('button', { name: 'Sign and download' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect certificate password. Please try again.', { timeout: 60_000 });

  await dialog.getByLabel('Certificate password').fill('p12-pass');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByRole('button', { name: 'Sign and download' }).click(),
  ]);
  // The changes went into an upload of the edited document, which is what was signed.
  expect(download.suggestedFilename()).toBe('contract-edited-signed.pdf');
  const path = testInfo.outputPath('contract-signed.pdf');
  await download.saveAs(path);
  const report = spawnSync('pdfsig', [path], { encoding: 'utf8' }).stdout;
  expect(report).toContain('Signer Certificate Common Name: E2E Signer');
  expect(report).toContain('Total document signed');
  expect(report).toContain('Signature is Valid.');
  expect(fieldValues(readFileSync(path)).full_name).toBe('Signed Person');
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { makeDocx } from '../../apps/server/test/docxFixture.js';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { addFiles, convertAndDownload, pdfFile, pdfToText, watchErrors } from './helpers.js';

const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

test('word-to-pdf: a Word document becomes a PDF with its text', async ({ page }) => {
  // The first conversion starts LibreOffice.
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const docx = await makeDocx(['Minutes of the harbour board', 'The ferry timetable changes in May.']);
  await addFiles(page, 'word-to-pdf', [{ name: 'minutes.docx', mimeType: docxType, buffer: docx }]);
  await expect(page.getByTestId('convert-to-pdf-hint')).toBeVisible();
  const { name, bytes } = await convertAndDownload(page, 100_000);
  expect(name).toBe('minutes.pdf');
  const text = pdfToText(bytes);
  expect(text).toContain('Minutes of the harbour board');
  expect(text).toContain('The ferry timetable changes in May.');
  expect(errors).toEqual([]);
});

test('pdf-to-word: a PDF becomes a Word document whose body holds the text', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'pdf-to-word', [pdfFile('brief.pdf', makePdf(['Project brief for Lisbon', 'Budget approved']))]);
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toBe('brief.docx');
  // A line narrowed to fit is written a run per word: the phrases are read with the runs joined.
  const body = [...wordDocumentXml(bytes).matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => [...m[0].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')).join('\n');
  expect(body).toContain('Project brief for Lisbon');
  expect(body).toContain('Budget approved');
  expect(errors).toEqual([]);
});

test('pdf-to-jpg: a page becomes a JPEG at the chosen resolution', async ({ page }) => {
  const errors = watchErrors(page);
  await addFiles(page, 'pdf-to-jpg', [pdfFile('poster.pdf', makePdf(['Poster']))]);
  // 150 dpi by default; an out-of-range value is clamped to 72-600 and an empty one refused.
  const dpi = page.getByTestId('convert-dpi');
  await expect(dpi).toHaveValue('150');
  await dpi.fill('20');
  await dpi.blur();
  await expect(dpi).toHaveValue('72');
  await dpi.fill('');
  await page.getByTestId('convert-button').click();
  await expect(page.getByText('Choose a whole number from 72 to 600 dpi.')).toBeVisible();
  await dpi.fill('100');
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toBe('poster.jpg');
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('jpeg');
  // A US Letter page (612 x 792 points) at 100 dpi.
  expect(meta.width).toBeGreaterThanOrEqual(849);
  expect(meta.width).toBeLessThanOrEqual(851);
  expect(meta.height).toBeGreaterThanOrEqual(1099);
  expect(meta.height).toBeLessThanOrEqual(1101);
  // The page is mostly white with dark text: decoded pixels say so.
  const { channels } = await sharp(bytes).stats();
  expect(channels[0]!.max).toBeGreaterThan(240);
  expect(channels[0]!.min).toBeLessThan(60);
  expect(errors).toEqual([]);
});

test('/app/pdf-converter: a PDF to the chosen format, plain text', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/app/pdf-converter');
  await expect(page.getByTestId('workspace-title')).toHaveText('PDF Converter');
  await page.getByTestId('file-input').setInputFiles([pdfFile('notes.pdf', makePdf(['First note', 'Second note']))]);
  await expect(page.getByTestId('file-row')).toHaveAttribute('data-state', 'ossSuccessful', { timeout: 30_000 });
  await page.getByTestId('convert-format').click();
  await page.getByRole('option', { name: 'Plain text (TXT)' }).click();
  const { name, bytes } = await convertAndDownload(page);
  expect(name).toBe('notes.txt');
  const text = bytes.toString('utf8');
  expect(text).toContain('First note');
  expect(text.indexOf('Second note')).toBeGreaterThan(text.indexOf('First note'));
  expect(errors).toEqual([]);
});

/** word/document.xml of a DOCX, by Info-ZIP's unzip. */
function wordDocumentXml(docx: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-e2e-docx-'));
  try {
    writeFileSync(path.join(dir, 'in.docx'), docx);
    return execFileSync('unzip', ['-p', path.join(dir, 'in.docx'), 'word/document.xml'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

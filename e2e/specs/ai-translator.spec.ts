/**
 * The document translator (SPEC §1, §2 ai-translator): a signed-in user sees the Apertium
 * pairs this server has installed, translates an English PDF into Spanish, downloads it and
 * finds Spanish on page 1 where the English stood (read back with MuPDF).
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import * as mupdf from 'mupdf';
import { assemblePdf } from '../../apps/server/test/pdfFixtures.js';
import { pdfFile, watchErrors } from './helpers.js';
import { signUp } from './paywalled.js';

const HEADING = 'The annual report of the company';
const LINES = [
  'My brother works in the city and the house is big.',
  'The results of the year were good for everybody.',
];

/** One page: a 16 pt Helvetica-Bold heading over two lines of 11 pt Helvetica, made here so the spec needs no corpus. */
function reportPdf(): Buffer {
  const esc = (text: string) => text.replace(/[()\\]/g, '\\$&');
  const content = [`BT /F2 16 Tf 72 720 Td (${esc(HEADING)}) Tj ET`, ...LINES.map((line, i) => `BT /F1 11 Tf 72 ${690 - i * 15} Td (${esc(line)}) Tj ET`)].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents 6 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  return assemblePdf(objects);
}

/** The lines of page 1 with their boxes (top-left page space), as MuPDF reads them. */
function firstPageLines(pdf: Buffer): { text: string; x: number; y: number }[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const lines: { text: string; x: number; y: number }[] = [];
  try {
    const page = doc.loadPage(0);
    const stext = page.toStructuredText('preserve-whitespace');
    let text = '';
    let box = [0, 0, 0, 0];
    stext.walk({
      beginLine: (bbox) => { text = ''; box = bbox; },
      onChar: (c) => { text += c; },
      endLine: () => { lines.push({ text, x: box[0]!, y: box[1]! }); },
    });
    stext.destroy();
    page.destroy();
  } finally {
    doc.destroy();
  }
  return lines;
}

test('a signed-in user translates an English PDF into Spanish and finds Spanish on page 1 where the English was', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await signUp(page);
  await page.goto('/app/ai-translator');
  await expect(page.getByRole('heading', { name: 'AI Translator', level: 1 })).toBeVisible();
  // Offline, the page lists the pairs this server has installed, and only those.
  await expect(page.getByTestId('translator-pairs').locator('[data-pair="en-es"]')).toBeVisible();
  await expect(page.getByTestId('translator-pairs').locator('[data-pair="en-ja"]')).toHaveCount(0);

  const original = reportPdf();
  await page.getByTestId('translator-file-input').setInputFiles(pdfFile('report.pdf', original));
  await expect(page.getByTestId('translator-submit')).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId('translator-source')).toHaveValue('English');
  await expect(page.getByTestId('translator-target')).toHaveValue('Spanish');
  await page.getByTestId('translator-submit').click();

  const download = page.getByTestId('translator-download');
  await expect(download.or(page.getByTestId('translator-error'))).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('translator-result-name')).toHaveText('report-es.pdf');
  const axe = await new AxeBuilder({ page }).include('[data-testid="ai-translator"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const translated = readFileSync(await file.path());

  const before = firstPageLines(original);
  const after = firstPageLines(translated);
  const heading = before.find((l) => l.text.includes('annual report'))!;
  const spanishHeading = after.find((l) => /informe anual/u.test(l.text));
  expect(spanishHeading, JSON.stringify(after)).toBeDefined();
  expect(Math.abs(spanishHeading!.x - heading.x)).toBeLessThan(2);
  expect(Math.abs(spanishHeading!.y - heading.y)).toBeLessThan(4);
  const body = after.map((l) => l.text).join(' ');
  expect(body).toMatch(/hermano/u);
  expect(body).not.toMatch(/brother/u);
  expect(errors).toEqual([]);
});

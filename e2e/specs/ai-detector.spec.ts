/**
 * The AI-text detector (SPEC §1, §2, §3; issue 20): a signed-in user pastes a text, detects it and
 * on /app/ai-detector-result sees each sentence highlighted with its score, the signals used, the
 * characters taken and left, the measured accuracy and the warning that the estimate is not
 * proof. An encrypted PDF asks for its password first (SPEC §5).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { encryptPdf, makeTextPdf } from '../../apps/server/test/pdfFixtures.js';
import { expectedRefusal, pdfFile, watchErrors } from './helpers.js';
import { signUp } from './paywalled.js';

/** Serious and critical axe-core violations inside the page (the shell has its own specs). */
async function seriousViolations(page: Page, testId: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(`[data-testid="${testId}"]`).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.html.slice(0, 120)).join(', ')}`);
}

const passages = JSON.parse(readFileSync(fileURLToPath(new URL('../../packages/ai/data/detector/passages.json', import.meta.url)), 'utf8')) as Array<{ label: string; split: string; text: string }>;
/** Two held-out test passages, one of each label, pasted as one text of several sentences. */
const human = passages.find((p) => p.split === 'test' && p.label === 'human')!.text;
const machine = passages.find((p) => p.split === 'test' && p.label === 'machine')!.text;
/** The signals the shipped model reads: one row each in the report. */
const model = JSON.parse(readFileSync(fileURLToPath(new URL('../../packages/ai/data/detector/model.json', import.meta.url)), 'utf8')) as { passage: { features: string[] } };

test('the page states the measured accuracy; detect a pasted text and see per-sentence highlights, the signals and the accuracy', async ({ page }) => {
  const errors = watchErrors(page);
  await signUp(page);
  await page.goto('/app/ai-detector');
  await expect(page.getByRole('heading', { name: 'AI Detector', level: 1 })).toBeVisible();
  // The measured accuracy is stated before anything is detected.
  await expect(page.getByTestId('detector-accuracy-note')).toContainText('ROC AUC');
  const text = `${human}\n\n${machine}`;
  await page.getByTestId('detector-text').fill(text);
  await page.getByTestId('detector-submit').click();

  // The result has a page of its own (SPEC §2 ai-detector-result).
  await expect(page).toHaveURL(/\/app\/ai-detector-result$/);
  const report = page.getByTestId('detector-result');
  await expect(report).toBeVisible();
  await expect(page.getByTestId('detector-probability')).toContainText('%');
  const sentences = report.getByTestId('detector-sentence');
  const highlighted = await sentences.count();
  expect(highlighted).toBeGreaterThan(3);
  // Every sentence is a highlight of the pasted text, with its score on hover.
  await expect(sentences.first()).toHaveAttribute('title', /%/);
  expect(text).toContain((await sentences.first().textContent())!);
  await expect(page.getByTestId('detector-signals').getByRole('row')).toHaveCount(model.passage.features.length);
  await expect(page.getByTestId('detector-accuracy')).toContainText('ROC AUC');
  await expect(page.getByTestId('detector-not-certain')).toBeVisible();
  // The characters this check took and what the month has left of its allowance (SPEC §3 remain info).
  const measured = text.trim().length.toLocaleString('en-US');
  await expect(page.getByTestId('detector-remain')).toContainText(new RegExp(`^${measured} characters checked · [\\d,]+ of [\\d,]+ characters left this month$`));
  // The highlights keep the text readable: no serious contrast or structure violation with the report shown.
  expect(await seriousViolations(page, 'ai-detector-result')).toEqual([]);
  // The result stays on a reload of its page.
  await page.reload();
  await expect(page.getByTestId('detector-sentence')).toHaveCount(highlighted);
  // The characters measured are charged to the month (the allowance depends on the paywall setting).
  await page.getByTestId('detector-again').click();
  await expect(page).toHaveURL(/\/app\/ai-detector$/);
  await expect(page.getByTestId('detector-count')).toContainText(new RegExp(`· ${measured} of [\\d,]+ characters used this month`));
  expect(errors).toEqual([]);
});

test('an encrypted PDF asks for its password: an empty or wrong one is refused in words, the right one shows the result', async ({ page }) => {
  const errors = watchErrors(page);
  await signUp(page);
  await page.goto('/app/ai-detector');
  await expect(page.getByTestId('detector-accuracy-note')).toBeVisible();
  const paragraph = human.slice(0, 600);
  const locked = encryptPdf(makeTextPdf([{ paragraphs: [paragraph] }]), 'open-sesame');
  await page.locator('input[type=file]').setInputFiles([pdfFile('locked.pdf', locked)]);
  const form = page.getByTestId('decrypt-form');
  await expect(form).toContainText('locked.pdf');
  await form.getByRole('button', { name: 'Unlock' }).click();
  await expect(form.getByText("Password field can't be empty.")).toBeVisible();
  await form.getByRole('textbox', { name: 'Password' }).fill('wrong-one');
  await form.getByRole('button', { name: 'Unlock' }).click();
  await expect(form.getByText('Incorrect password. Please try again.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Password' }).fill('open-sesame');
  await form.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(/\/app\/ai-detector-result$/);
  // The file's own words are what was read and highlighted.
  await expect(page.getByTestId('detector-highlights')).toContainText(paragraph.split(' ').slice(0, 6).join(' '));
  expect(errors.filter((e) => !expectedRefusal.test(e))).toEqual([]);
});

test('the result page without a detection says so and leads back to the detector', async ({ page }) => {
  await signUp(page);
  await page.goto('/app/ai-detector-result');
  await expect(page.getByTestId('detector-no-result')).toBeVisible();
  await page.getByTestId('detector-again').click();
  await expect(page).toHaveURL(/\/app\/ai-detector$/);
});

/**
 * The AI-text detector (SPEC §1, §3; issue 20): a signed-in user pastes a text, detects it and
 * sees each sentence highlighted with its score, the signals used, the measured accuracy and the
 * warning that the estimate is not proof.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers.js';
import { signUp } from './paywalled.js';

/** Serious and critical axe-core violations inside the page (the shell has its own specs). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="ai-detector"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.html.slice(0, 120)).join(', ')}`);
}

const passages = JSON.parse(readFileSync(fileURLToPath(new URL('../../packages/ai/data/detector/passages.json', import.meta.url)), 'utf8')) as Array<{ label: string; split: string; text: string }>;
/** Two held-out test passages, one of each label, pasted as one text of several sentences. */
const human = passages.find((p) => p.split === 'test' && p.label === 'human')!.text;
const machine = passages.find((p) => p.split === 'test' && p.label === 'machine')!.text;

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

  const report = page.getByTestId('detector-result');
  await expect(report).toBeVisible();
  await expect(page.getByTestId('detector-probability')).toContainText('%');
  const sentences = report.getByTestId('detector-sentence');
  expect(await sentences.count()).toBeGreaterThan(3);
  // Every sentence is a highlight of the pasted text, with its score on hover.
  await expect(sentences.first()).toHaveAttribute('title', /%/);
  expect(text).toContain((await sentences.first().textContent())!);
  await expect(page.getByTestId('detector-signals').getByRole('row')).toHaveCount(8);
  await expect(page.getByTestId('detector-accuracy')).toContainText('ROC AUC');
  await expect(page.getByTestId('detector-not-certain')).toBeVisible();
  // The highlights keep the text readable: no serious contrast or structure violation with the report shown.
  expect(await seriousViolations(page)).toEqual([]);
  // The characters measured are charged to the month (the allowance depends on the paywall setting).
  await expect(page.getByTestId('detector-count')).toContainText(new RegExp(`· ${text.trim().length.toLocaleString('en-US')} of [\\d,]+ characters used this month`));
  expect(errors).toEqual([]);
});

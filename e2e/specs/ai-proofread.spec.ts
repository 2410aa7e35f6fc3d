/**
 * The proofreader (SPEC §1; issue 20): a signed-in user pastes a paragraph, checks it, sees a
 * spelling finding with its suggestion and accepts it: the text is corrected in place, and
 * downloads the corrected text as a Word document.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers.js';
import { signUp } from './paywalled.js';

/** Serious and critical axe-core violations inside the page (the shell has its own specs). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="ai-proofread"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.html.slice(0, 120)).join(', ')}`);
}

test('proofread a pasted paragraph, accept a spelling suggestion and download the corrected text as a Word document', async ({ page }) => {
  const errors = watchErrors(page);
  await signUp(page);
  await page.goto('/app/ai-proofread');
  await expect(page.getByRole('heading', { name: 'AI Proofreader', level: 1 })).toBeVisible();
  await page.getByTestId('proofread-text').fill('We will recieve the the report tomorrow. It was written by the whole team.');
  await page.getByTestId('proofread-submit').click();

  const findings = page.getByTestId('proofread-finding');
  const spelling = findings.and(page.locator('[data-kind="spelling"]'));
  await expect(spelling).toHaveCount(1);
  await expect(spelling).toContainText('recieve');
  await expect(spelling).toContainText('receive');
  await expect(findings.and(page.locator('[data-kind="repeated-word"]'))).toHaveCount(1);
  await expect(findings.and(page.locator('[data-kind="passive-voice"]'))).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await spelling.getByTestId('proofread-accept').click();
  await expect(page.getByTestId('proofread-text')).toHaveValue('We will receive the the report tomorrow. It was written by the whole team.');
  await expect(spelling).toHaveCount(0);
  // The finding after the corrected word still points at its words: accepting it removes the double.
  await findings.and(page.locator('[data-kind="repeated-word"]')).getByTestId('proofread-accept').click();
  await expect(page.getByTestId('proofread-text')).toHaveValue('We will receive the report tomorrow. It was written by the whole team.');
  // A hint is ignored rather than accepted.
  await findings.and(page.locator('[data-kind="passive-voice"]')).getByTestId('proofread-ignore').click();
  await expect(findings).toHaveCount(0);
  // "Apply all" as Word: the corrected text comes down as a DOCX.
  const download = page.waitForEvent('download');
  await page.getByTestId('proofread-docx').click();
  expect((await download).suggestedFilename()).toBe('proofread.docx');
  expect(errors).toEqual([]);
});

test('in the Portuguese interface the proofreader checks Portuguese (Hunspell pt_BR) and a suggestion is accepted', async ({ page }) => {
  const errors = watchErrors(page);
  await signUp(page);
  await page.goto('/pt/app/ai-proofread');
  await expect(page.getByTestId('proofread-language')).toHaveValue('Português (Brasil)');
  await page.getByTestId('proofread-text').fill('O pesquizador publicou os resultados na revista científica.');
  await page.getByTestId('proofread-submit').click();
  const spelling = page.getByTestId('proofread-finding').and(page.locator('[data-kind="spelling"]'));
  await expect(spelling).toHaveCount(1);
  await expect(spelling).toContainText('pesquizador');
  await expect(spelling).toContainText('pesquisador');
  await spelling.getByTestId('proofread-accept').click();
  await expect(page.getByTestId('proofread-text')).toHaveValue('O pesquisador publicou os resultados na revista científica.');
  expect(errors).toEqual([]);
});

test('with Chinese chosen a pasted paragraph gets a confusion-list finding (按装 → 安装), the page says what is checked, and accepting replaces it', async ({ page }) => {
  const errors = watchErrors(page);
  await signUp(page);
  await page.goto('/app/ai-proofread');
  await expect(page.getByTestId('proofread-cjk-note')).toHaveCount(0);
  await page.getByTestId('proofread-language').click();
  await page.getByRole('option', { name: 'Chinese (simplified)' }).click();
  await expect(page.getByTestId('proofread-cjk-note')).toBeVisible();
  await page.getByTestId('proofread-text').fill('请先按装最新版本的软件，再打开文件。');
  await page.getByTestId('proofread-submit').click();
  const spelling = page.getByTestId('proofread-finding').and(page.locator('[data-kind="spelling"]'));
  await expect(spelling).toHaveCount(1);
  await expect(spelling).toContainText('安装');
  await spelling.getByTestId('proofread-accept').click();
  await expect(page.getByTestId('proofread-text')).toHaveValue('请先安装最新版本的软件，再打开文件。');
  expect(errors).toEqual([]);
});

/**
 * The AI tools of part 1 (SPEC §1, §2, §4, §5): a signed-in user chats with a PDF, reads the
 * streamed answer, opens its citation and sees the cited passage highlighted on the page; the
 * conversation comes back on a reload, stacked on a phone. AI read checks the §5 character
 * rule in the page before it sends anything.
 */
import AxeBuilder from '@axe-core/playwright';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { assemblePdf } from '../../apps/server/test/pdfFixtures.js';
import { pdfFile, watchErrors } from './helpers.js';
import { signUp } from './paywalled.js';

/** A PDF whose pages each show lines of 12 pt Helvetica, made here so the spec needs no corpus. */
function linesPdf(pages: string[][]): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', 'PAGES', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: number[] = [];
  for (const lines of pages) {
    const shown = lines.map((line) => `(${line.replace(/[()\\]/g, '\\$&')}) Tj T*`).join(' ');
    const content = `BT /F1 12 Tf 18 TL 72 720 Td ${shown} ET`;
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return assemblePdf(objects);
}

/** Three pages; only page 2 says what colour the Zephyrquokka lighthouse was painted. */
const lighthouses = linesPdf([
  [
    'Coastal Lighthouses of the North Sea',
    'This report describes the lighthouses that guard the northern coast.',
    'Each chapter covers the history, the keepers and the lamps of one station.',
    'The stations were surveyed by the maritime heritage office in spring.',
  ],
  [
    'Marrowby Island Station',
    'The Zephyrquokka lighthouse on Marrowby Island was painted cobalt blue in 1873.',
    'Its keepers rowed supplies across the strait every second Tuesday.',
    'The lamp burned whale oil until the station was electrified.',
  ],
  [
    'Harbour Lights and Fog Signals',
    'Smaller harbour lights marked the entrances of the fishing ports.',
    'Fog signals used compressed air horns that could be heard for miles.',
    'Most harbour lights are automated today and need no keeper.',
  ],
]);

/** Serious and critical axe-core violations inside the chat page (the shell has its own specs). */
async function chatViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="chat-pdf"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Chooses the PDF on an AI page and waits until its analysis has ended. */
async function uploadAndAnalyse(page: Page, ready: string, file = pdfFile('lighthouses.pdf', lighthouses)): Promise<void> {
  await page.getByTestId('ai-file-input').setInputFiles(file);
  const failure = page.getByTestId('ai-analysis-error');
  await expect(page.getByTestId(ready).or(failure)).toBeVisible({ timeout: 60_000 });
  if (await failure.isVisible()) throw new Error(`the analysis failed: ${await failure.innerText()}`);
}

test('a new user asks a PDF about a fact on page 2, opens the citation and sees the passage highlighted on that page; the conversation is kept, renamed, and deleted after a confirmation', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await signUp(page);
  await page.goto('/app/chat-pdf');
  await expect(page.getByRole('heading', { name: 'Chat with PDF', level: 1 })).toBeVisible();
  await uploadAndAnalyse(page, 'summary-card');

  const card = page.getByTestId('summary-card');
  await expect(card.getByTestId('summary-text')).not.toBeEmpty();
  await expect(card.getByTestId('answer-provider')).toHaveText(/Offline engine|AI model/);

  await page.getByTestId('chat-question').fill('What colour was the Zephyrquokka lighthouse painted?');
  await page.getByTestId('chat-send').click();
  const answer = page.getByTestId('chat-answer').last();
  // Streamed: the answer shows while it is written, then its provider once it is done.
  await expect(answer.getByTestId('answer-provider')).toBeVisible({ timeout: 30_000 });
  await expect(answer).not.toHaveAttribute('data-streaming', 'true');
  await expect(answer.getByTestId('answer-text')).toContainText(/cobalt blue/i);
  const chip = answer.getByTestId('citation-chip').and(page.locator('[data-page="2"]')).first();
  await expect(chip).toHaveText('[p. 2]');

  await chip.click();
  const viewer = page.getByTestId('citation-viewer');
  await expect(viewer).toHaveAttribute('data-page', '2');
  await expect(viewer.getByTestId('citation-page')).toHaveAttribute('data-loaded', 'true');
  await expect(viewer.getByTestId('page-label')).toHaveText('Page 2 of 3');
  await expect(viewer.getByTestId('citation-highlight').first()).toBeVisible();
  await expect(viewer.getByTestId('citation-quote').first()).toContainText('Zephyrquokka');
  expect(await chatViolations(page)).toEqual([]);

  // The conversation is kept: a reload on a phone opens it again, the page stacked under the chat.
  await expect(page).toHaveURL(/[?&]conversation=/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('summary-card')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('chat-answer')).toHaveCount(1);
  const chatBox = await page.getByTestId('chat-panel').boundingBox();
  const viewerBox = await page.getByTestId('citation-viewer').boundingBox();
  expect(chatBox && viewerBox && viewerBox.y > chatBox.y && viewerBox.width <= 390).toBe(true);

  // The conversation list (a drawer on a phone): rename it, then delete it after a confirmation.
  await page.getByTestId('conversations-toggle').click();
  const item = page.getByTestId('conversation-item');
  await expect(item).toHaveCount(1);
  await item.getByTestId('conversation-menu').click();
  await page.getByTestId('conversation-rename').click();
  await page.getByTestId('conversation-title-input').fill('Lighthouse colours');
  await page.getByTestId('conversation-rename-submit').click();
  await expect(item.getByTestId('conversation-open')).toContainText('Lighthouse colours');
  await item.getByTestId('conversation-menu').click();
  await page.getByTestId('conversation-delete').click();
  const confirm = page.getByTestId('conversation-delete-dialog');
  await expect(confirm).toContainText('“Lighthouse colours” will be deleted with its answers, notes and shared link.');
  await confirm.getByTestId('conversation-delete-confirm').click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('conversation-empty')).toBeVisible();
  // The open conversation was the one deleted: the page starts over at the upload.
  await expect(page.getByTestId('ai-file-input')).toBeAttached();
  await expect(page).not.toHaveURL(/[?&]conversation=/);

  expect(errors).toEqual([]);
});

/** A real-world PDF of ../shared/corpus (beside the repository), when it is there. */
const federalRegister = fileURLToPath(new URL('../../../shared/corpus/pdf-real/federal-register-2020-17221.pdf', import.meta.url));

test('a question about a real-world corpus PDF is answered from its page 2, and the citation opens page 2 highlighted', async ({ page }) => {
  test.skip(!existsSync(federalRegister), `no corpus at ${federalRegister}`);
  test.setTimeout(150_000);
  await signUp(page);
  await page.goto('/app/chat-pdf');
  await uploadAndAnalyse(page, 'summary-card', pdfFile('federal-register.pdf', readFileSync(federalRegister)));

  await page.getByTestId('chat-question').fill('How many people died when the Ethiopian Airlines 737 crashed?');
  await page.getByTestId('chat-send').click();
  const answer = page.getByTestId('chat-answer').last();
  await expect(answer.getByTestId('answer-provider')).toBeVisible({ timeout: 30_000 });
  await expect(answer.getByTestId('answer-text')).toContainText('157 fatalities');
  await answer.getByTestId('citation-chip').and(page.locator('[data-page="2"]')).first().click();
  const viewer = page.getByTestId('citation-viewer');
  await expect(viewer).toHaveAttribute('data-page', '2');
  await expect(viewer.getByTestId('citation-page')).toHaveAttribute('data-loaded', 'true');
  await expect(viewer.getByTestId('citation-highlight').first()).toBeVisible();
  await expect(viewer.getByTestId('citation-quote').first()).toContainText('Ethiopian Airlines');
});

test('AI read shows the 250-character message for a summary of too short a text before sending anything', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto('/app/ai-read');
  await uploadAndAnalyse(page, 'ai-read-form');

  const sent: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v2\/chat\//.test(request.url())) sent.push(request.url());
  });
  await page.getByRole('radio', { name: 'A text' }).check();
  await page.getByTestId('ai-read-text').fill('The lighthouse was painted blue.');
  await expect(page.getByTestId('ai-read-counter')).toHaveText('32 characters (at least 250)');
  await page.getByTestId('ai-read-submit').click();
  await expect(page.getByText('Too few words to summarize. At least 250 characters required.')).toBeVisible();
  expect(sent).toEqual([]);
  await expect(page.getByTestId('ai-read-result')).toHaveCount(0);
});

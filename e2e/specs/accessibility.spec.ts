import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sectionTwoRoutes } from './routes.js';

/** Violations of these impacts fail a page; minor and moderate ones are reported, not failed. */
const failingImpacts = new Set(['serious', 'critical']);

// The callback runs in the login pop-up and closes itself; it is no page a visitor reads.
const pages = [...new Set([...sectionTwoRoutes, '/pricing'])].filter((route) => route !== '/app/login-callback.html');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => failingImpacts.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')}`);
}

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
}

test.describe('every page passes axe-core with no serious or critical violation', () => {
  for (const path of pages) {
    test(path, async ({ page }) => {
      await settle(page, path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test('the phone layout and its menu pass axe-core with no serious or critical violation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page, '/');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the all-tools menu passes axe-core with no serious or critical violation', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await settle(page, '/');
  await page.getByTestId('all-tools-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

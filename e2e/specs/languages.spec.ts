import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { pdfFile, watchErrors } from './helpers.js';
import { languages, sectionTwoRoutes } from './routes.js';

/** The path with a language prefix in front (the home page has no trailing slash). */
function localized(prefix: string, route: string): string {
  if (prefix === '') return route;
  return route === '/' ? prefix : `${prefix}${route}`;
}

async function storeLanguage(page: Page, locale: string): Promise<void> {
  await page.addInitScript(`localStorage.setItem('pagewright.locale', ${JSON.stringify(locale)})`);
}

test('/de/app/merge-pdf shows the merge tool in German', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/de/app/merge-pdf');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'PDF zusammenfügen', level: 1 })).toBeVisible();
  await expect(page.getByText('Dateien hier ablegen')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a stored non-English language without its prefix redirects to the prefixed path keeping the query', async ({ page }) => {
  await storeLanguage(page, 'fr');
  await page.goto('/app/split-pdf?from=mail&x=1');
  await expect(page).toHaveURL(/\/fr\/app\/split-pdf\?from=mail&x=1$/);
  await expect(page.getByRole('heading', { name: 'Diviser un PDF', level: 1 })).toBeVisible();
});

test('the lang parameter picks the language when the path has no prefix', async ({ page }) => {
  await page.goto('/app/rotate-pdf?lang=jp');
  await expect(page).toHaveURL(/\/jp\/app\/rotate-pdf\?lang=jp$/);
  await expect(page.getByRole('heading', { name: 'PDF回転', level: 1 })).toBeVisible();
});

test('/en/... goes to the unprefixed English page, over a stored language', async ({ page }) => {
  await page.goto('/');
  await page.evaluate("localStorage.setItem('pagewright.locale', 'de')");
  await page.goto('/en/app/merge-pdf?x=1');
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/app\/merge-pdf\?x=1$/);
  await expect(page.getByRole('heading', { name: 'Merge PDF', level: 1 })).toBeVisible();
  // English is now the current language: an unprefixed path stays unprefixed.
  await page.goto('/app/split-pdf');
  await expect(page.getByRole('heading', { name: 'Split PDF', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/app\/split-pdf$/);
});

test('the footer language picker switches the language and keeps the page; links keep the prefix', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?ref=news');
  await page.getByTestId('language-picker').selectOption('es');
  await expect(page).toHaveURL(/\/es\?ref=news$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: /Unir archivos PDF/ })).toHaveAttribute('href', '/es/app/merge-pdf');

  await page.getByTestId('language-picker').selectOption('en');
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/\?ref=news$/);
  await expect(page.getByRole('link', { name: /Merge PDF files/ })).toHaveAttribute('href', '/app/merge-pdf');
  // English was remembered, so a later unprefixed visit stays English.
  await page.goto('/app/merge-pdf');
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/app\/merge-pdf$/);
  expect(errors).toEqual([]);
});

test('pages carry the no-referrer-when-downgrade referrer policy', async ({ page }) => {
  const response = await page.goto('/de/app/merge-pdf');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer-when-downgrade');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer-when-downgrade');
});

test('file sizes use Ko in French and KB in English', async ({ page }) => {
  const pdf = makePdf(['Rapport annuel'], { padding: 3000 });
  await page.goto('/fr/app/merge-pdf');
  await page.getByTestId('file-input').setInputFiles([pdfFile('rapport.pdf', pdf)]);
  await expect(page.getByTestId('file-size')).toHaveText(/^\d+(,\d)?\sKo$/);
  // French is the current language now; /en/... switches back.
  await page.goto('/en/app/merge-pdf');
  await page.getByTestId('file-input').setInputFiles([pdfFile('report.pdf', pdf)]);
  await expect(page.getByTestId('file-size')).toHaveText(/^\d+(\.\d)?\sKB$/);
});

for (const { prefix, locale } of languages) {
  test(`every route of §2 loads in ${locale} without console errors`, async ({ page }) => {
    test.setTimeout(sectionTwoRoutes.length * 10_000);
    await storeLanguage(page, locale);
    const errors = watchErrors(page);
    for (const route of sectionTwoRoutes) {
      const path = localized(prefix, route);
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveAttribute('lang', locale);
      // A route the app lacks falls through to the home page.
      await expect(page, path).toHaveURL((url) => `${url.pathname}${url.search}` === path);
      // Late requests of the page (its data) may still log an error.
      await page.waitForLoadState('networkidle');
      expect(errors, path).toEqual([]);
    }
  });
}

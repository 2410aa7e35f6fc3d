import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '../../apps/server/test/pdfFixtures.js';
import { addFiles, pdfFile } from './helpers.js';
import { sectionTwoRoutes } from './routes.js';

/**
 * What the browser reports when the Content-Security-Policy blocks something: Chromium's console
 * lines, and the securitypolicyviolation events of every frame.
 */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  // Run in every frame of the page; a string, as the e2e project compiles without the DOM types.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      console.error('Refused by Content Security Policy: ' + e.violatedDirective + ' ' + e.blockedURI);
    });`,
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test('every page of SPEC §2 loads under a script-src self policy without a violation', async ({ page }) => {
  test.setTimeout(180_000);
  const violations = await watchPolicyViolations(page);
  for (const route of new Set(sectionTwoRoutes)) {
    const response = await page.goto(route);
    expect(response?.headers()['content-security-policy'], route).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(response?.headers()['x-frame-options'], route).toBe('SAMEORIGIN');
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  }
  expect(violations).toEqual([]);
});

test('signing up in the login dialog and merging with page previews cause no violation', async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  const response = await page.goto('/app');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await page.getByTestId('login-button').click();
  const frame = page.frameLocator('[data-testid=login-frame]');
  await frame.getByTestId('signup-tab').click();
  await frame.getByTestId('signup-email').fill(`csp-${Date.now()}@example.com`);
  await frame.getByTestId('signup-password').fill('correct-horse-9');
  await frame.getByTestId('signup-submit').click();
  await expect(page.getByTestId('account-avatar')).toBeVisible();

  await addFiles(page, 'merge-pdf', [pdfFile('one.pdf', makePdf(['One'])), pdfFile('two.pdf', makePdf(['Two', 'Three']))]);
  await page.getByTestId('convert-button').click();
  await expect(page.getByTestId('download-link')).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});

test('the login dialog tells a client that keeps failing how long to wait', async ({ page }) => {
  const email = `throttled-${Date.now()}@example.com`;
  const created = await page.request.post('/api/v2/user/register', { data: { email, password: 'correct-horse-9' } });
  expect(((await created.json()) as { code: number }).code).toBe(0);
  await page.context().clearCookies();
  await page.goto('/app');
  await page.getByTestId('login-button').click();
  const frame = page.frameLocator('[data-testid=login-frame]');
  await frame.getByTestId('login-email').fill(email);
  const error = frame.getByTestId('login-error');
  for (let i = 0; i < 5; i++) {
    await frame.getByTestId('login-password').fill(`wrong-${i}`);
    await frame.getByTestId('login-submit').click();
    await expect(error).toHaveText('Incorrect email or password.');
    await expect(frame.getByTestId('login-submit')).toBeEnabled();
  }
  await frame.getByTestId('login-submit').click();
  await expect(error).toHaveText(/^Too many sign-in attempts\. Please wait [12] seconds and try again\.$/);
});

test('another site cannot frame the app', async ({ page, baseURL }) => {
  await page.route('http://elsewhere.test/', (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><title>Elsewhere</title><iframe src="${baseURL}/app/sign-pdf" width="800" height="600"></iframe>`,
  }));
  await page.goto('http://elsewhere.test/');
  // Chromium shows its error page in place of a document whose frame-ancestors refuse the parent.
  await expect.poll(() => page.mainFrame().childFrames()[0]?.url()).toMatch(/^chrome-error:/);
});

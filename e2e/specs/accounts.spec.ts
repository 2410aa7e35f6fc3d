import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers.js';

const password = 'correct-horse-9';

function newEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs up through the login dialog opened from the /app top bar. */
async function signUpThroughDialog(page: Page, email: string): Promise<void> {
  await page.getByTestId('login-button').click();
  const frame = page.frameLocator('[data-testid=login-frame]');
  await frame.getByTestId('signup-tab').click();
  await frame.getByTestId('signup-first-name').fill('Ada');
  await frame.getByTestId('signup-last-name').fill('Lovelace');
  await frame.getByTestId('signup-email').fill(email);
  await frame.getByTestId('signup-password').fill(password);
  await frame.getByTestId('signup-submit').click();
}

test('sign up through the login dialog, the top bar shows the avatar, sign out, and sign in again', async ({ page }) => {
  const errors = watchErrors(page);
  const email = newEmail('ada');
  await page.goto('/app');
  await signUpThroughDialog(page, email);

  await expect(page.getByTestId('account-avatar')).toBeVisible();
  await expect(page.getByTestId('login-frame')).toHaveCount(0);
  await expect(page.getByTestId('login-button')).toHaveCount(0);
  // The survey follows a first sign-in; closing it puts it off for 7 days.
  const survey = page.getByRole('dialog', { name: 'What do you do?' });
  await expect(survey).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(survey).toHaveCount(0);

  await page.getByTestId('account-avatar').click();
  await expect(page.getByTestId('plan-label')).toHaveText('Free');
  await page.getByTestId('account-centre-link').click();
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page.getByTestId('account-name')).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('usage-today')).toHaveText('0');
  await expect(page.getByTestId('recent-files')).toHaveAttribute('href', '/app/document-cloud');

  await page.getByTestId('account-avatar').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('login-button')).toBeVisible();
  await expect(page.getByTestId('account-avatar')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('login-button')).toBeVisible();

  await page.getByTestId('login-button').click();
  const frame = page.frameLocator('[data-testid=login-frame]');
  await frame.getByTestId('login-email').fill(email);
  await frame.getByTestId('login-password').fill(password);
  await frame.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
  await expect(page.getByTestId('login-frame')).toHaveCount(0);
  // Still signed in after a reload: the token was kept.
  await page.reload();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a new user is asked their occupation after signing up, and the answer becomes their career', async ({ page }) => {
  await page.goto('/app');
  await signUpThroughDialog(page, newEmail('survey'));
  const survey = page.getByRole('dialog', { name: 'What do you do?' });
  await expect(survey).toBeVisible();

  const submit = survey.getByTestId('occupation-submit');
  await expect(submit).toBeDisabled();
  await survey.getByText('Other', { exact: true }).click();
  const other = survey.getByTestId('occupation-other');
  await other.fill('   ');
  await expect(submit).toBeDisabled();
  await other.fill('x'.repeat(48));
  await expect(survey.getByText('Up to 48 characters.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await other.fill('Beekeeper');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByTestId('toast')).toHaveText('Occupation saved');
  await expect(survey).toHaveCount(0);
  // The page's session cookie signs this request in.
  const answer = await page.request.get('/api/account/refresh');
  expect((await answer.json() as { data: { career: string } }).data.career).toBe('Beekeeper');
});

test('a token brought to /app/login-callback.html is kept, removed from the address and handed to the opener', async ({ page, request, browser }) => {
  // Signed up outside this browser, so only the token can sign the page in.
  const signUp = await request.post('/api/v2/user/register', { data: { email: newEmail('callback'), password } });
  const { token } = (await signUp.json() as { data: { token: string } }).data;

  await page.goto('/app');
  await expect(page.getByTestId('login-button')).toBeVisible();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(`window.open('/app/login-callback.html?token=${token}')`),
  ]);
  await popup.waitForEvent('close');
  await expect(page.getByTestId('account-avatar')).toBeVisible();

  // A fresh browser without an opener: the page keeps the token and goes on into the app.
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const direct = await fresh.newPage();
  await direct.goto(`/app/login-callback.html?token=${token}&return=%2Fapp%2Faccount`);
  await expect(direct).toHaveURL(/\/app\/account$/);
  await expect(direct.getByTestId('account-avatar')).toBeVisible();
  await fresh.close();
});

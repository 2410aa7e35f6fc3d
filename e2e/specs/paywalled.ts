/**
 * The second e2e server of playwright.config.ts, which runs with the spec's limits and
 * paywalls, and the steps the limits and pricing specs share on it.
 */
import { expect, type Page } from '@playwright/test';

export const paywalledBaseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 1}`;

/**
 * Gives the browser a client identity the server puts in the control group, the group with
 * the stricter free limits of SPEC §6 (20 MB, 100 pages). A guest's group follows their
 * client id, so a fresh id is drawn until one lands there; each draw is an even chance.
 */
export async function joinControlGroup(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await page.request.get('/api/v2/experiment/params', { params: { param_name: 'Cloud_Pricing_Test2' } });
    const body = (await response.json()) as { data: { is_control_group: boolean } };
    if (body.data.is_control_group) return;
    await page.context().clearCookies();
  }
  throw new Error('no client id in the control group after 40 draws');
}

let accounts = 0;

/**
 * Signs up a new user through the API and hands the session token to the web app the way a
 * sign-in does (kept in local storage), so the next page the test opens is signed in.
 */
export async function signUp(page: Page): Promise<string> {
  accounts += 1;
  const email = `buyer-${Date.now()}-${accounts}@example.test`;
  const response = await page.request.post('/api/v2/user/register', { data: { email, password: 'correct-horse-battery' } });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { token: string } };
  await page.addInitScript(`if (!localStorage.getItem('pagewright_token')) localStorage.setItem('pagewright_token', ${JSON.stringify(data.token)});`);
  return email;
}

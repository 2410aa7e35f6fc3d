import { expect, test } from '@playwright/test';
import { runAdmin } from './admin.js';
import { seriousViolations } from './axe.js';
import { watchErrors } from './helpers.js';

test('message centre: the top bar counts unread messages, History opens the 940 px dialog, mark all read clears them', async ({ page }) => {
  const errors = watchErrors(page);
  const stamp = Date.now();
  runAdmin(['send-message', '--all', '--title', `Welcome ${stamp}`, '--remark', 'Your toolbox is ready.', '--url', '/app/home']);
  runAdmin(['send-message', '--all', '--type', '2', '--title', `Maintenance ${stamp}`, '--remark', 'Tonight at 22:00.']);

  await page.goto('/app');
  const bell = page.getByTestId('notifications-button');
  await expect(bell).toHaveAccessibleName(/2 unread/);
  await expect(page.getByTestId('notifications-count')).toContainText('2');
  expect(await seriousViolations(page)).toEqual([]);
  await bell.click();
  await expect(page).toHaveURL(/\/message$/);

  const centre = page.getByTestId('message-centre');
  await expect(centre.getByTestId('unread-tab-1')).toHaveText('1');
  await expect(centre.getByTestId('unread-tab-2')).toHaveText('1');
  const welcome = centre.getByTestId('message-item').filter({ hasText: `Welcome ${stamp}` });
  await expect(welcome).toHaveAttribute('data-unread', 'true');
  await expect(centre.getByTestId('message-item').filter({ hasText: `Maintenance ${stamp}` })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await welcome.getByTestId('message-history').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('history-frame')).toHaveAttribute('src', /\/app\/home$/);
  expect((await dialog.boundingBox())?.width).toBe(940);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Opening a message's History reads it.
  await expect(welcome).toHaveAttribute('data-unread', 'false');

  await page.getByRole('tab', { name: /Info/ }).click();
  const maintenance = centre.getByTestId('message-item').filter({ hasText: `Maintenance ${stamp}` });
  await expect(maintenance).toHaveAttribute('data-unread', 'true');
  await centre.getByTestId('message-filter').getByText('Unread').click();
  await expect(maintenance).toBeVisible();
  await centre.getByTestId('mark-all-read').click();
  await expect(centre.getByTestId('messages-empty')).toBeVisible();
  await expect(centre.getByTestId('unread-tab-2')).toHaveCount(0);
  await centre.getByTestId('message-filter').getByText('All').click();
  await expect(maintenance).toHaveAttribute('data-unread', 'false');

  await page.goto('/app');
  await expect(page.getByTestId('notifications-button')).toHaveAccessibleName('Notifications');
  expect(errors).toEqual([]);
});

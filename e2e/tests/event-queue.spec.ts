import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';

/**
 * The server runs with VIGIL_TEST_CONSUMERS=on (e2e/server.ts): events named
 * test.always_fails go to a consumer that always fails with the event's `message`.
 */
const failingEvent = 'test.always_fails';
const runId = new URL(process.env.VIGIL_E2E_BASE_URL ?? 'http://localhost:1').port;
const refused = `POST http://127.0.0.1:9/hook (run ${runId}): connect ECONNREFUSED`;

test.beforeAll(async () => {
  const admin = await roleApi();
  const queued = await admin.post('/api/db/event_queue', {
    data: [
      { name: failingEvent, event_id: `e2e-${runId}-1`, properties: { message: refused } },
      { name: failingEvent, event_id: `e2e-${runId}-2`, properties: { message: refused } },
      { name: failingEvent, event_id: `e2e-${runId}-3`, properties: { message: 'timed out' } },
    ],
  });
  expect(queued.status()).toBe(201);
  await admin.dispose();
});

/** The specs after this one share the server: leave no event of ours behind. */
test.afterAll(async () => {
  const admin = await roleApi();
  const cleaned = await admin.delete(`/api/db/event_queue?name=eq.${failingEvent}`);
  expect(cleaned.ok()).toBe(true);
  await admin.dispose();
});

test.describe('as an admin', () => {
  test.use({ storageState: authStatePath('admin') });

  test('sees a failing consumer’s events and its most common error', async ({ page }) => {
    await page.goto('/settings/event-queue-status');
    await expect(page.getByRole('heading', { name: 'Event Queue' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Event queue' });
    const row = table.getByRole('row').filter({ hasText: failingEvent });
    // The consumer fails within moments; the top bar's Refresh asks again before the timer would.
    await expect(async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
      await expect(row.getByRole('cell').nth(2)).toHaveText('3', { timeout: 1000 });
    }).toPass();
    await expect(row.getByRole('cell').nth(1)).toHaveText('3');
    await expect(row.getByRole('cell').nth(5).locator('time')).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'event-queue-status');

    await row.getByRole('cell').nth(1).click();
    const dialog = page.getByRole('dialog', { name: failingEvent });
    await expect(dialog.getByLabel('Most common error')).toHaveText(refused);
    await expect(dialog).toContainText('Most common error of 3 failed events');
    await expect(page).toHaveURL(/\?error=test\.always_fails$/);
    await expectAccessible(page);
    await snapshot(page, 'event-queue-error-dialog');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/settings\/event-queue-status$/);
  });

  test('reaches the page from the settings menu', async ({ page }) => {
    await page.goto('/status');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Settings' }).click();
    await nav.getByRole('link', { name: 'Event Queue' }).click();
    await expect(page).toHaveURL(/\/settings\/event-queue-status$/);
    await expect(page.getByRole('table', { name: 'Event queue' })).toBeVisible();
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('reads the status page and opens the error from a link', async ({ page }) => {
    await page.goto(`/settings/event-queue-status?error=${failingEvent}`);
    const dialog = page.getByRole('dialog', { name: failingEvent });
    await expect(dialog.getByLabel('Most common error')).toHaveText(refused);
    await snapshot(page, 'event-queue-viewer-link');
  });
});

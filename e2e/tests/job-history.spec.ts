import net from 'node:net';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { asAdmin } from '../api.ts';

const suffix = Date.now().toString(36);
const canaryName = `e2e-jobs-${suffix}`;

/** A loopback port with nothing listening: every connect to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A canary whose TCP check fails, so that the engine writes FAILED runs to job history. */
test.beforeAll(async () => {
  const port = await closedPort();
  await asAdmin(async (api) => {
    const created = await api.post('/api/db/canaries', {
      data: {
        name: canaryName,
        namespace: 'e2e',
        spec: {
          schedule: '@every 2s',
          tcp: [{ name: 'closed-port', endpoint: `127.0.0.1:${port}` }],
        },
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    await expect(async () => {
      const runs = await api.get(
        `/api/db/job_histories?select=id&resource_name=eq.${canaryName}&status=eq.FAILED`,
      );
      expect(await runs.json()).not.toHaveLength(0);
    }).toPass({ timeout: 45_000 });
  });
});

/** The specs after this one share the server: leave no failing canary behind. */
test.afterAll(async () => {
  await asAdmin(async (api) => {
    const cleaned = await api.patch(`/api/db/canaries?name=eq.${canaryName}`, {
      data: { deleted_at: new Date().toISOString() },
    });
    expect(cleaned.ok()).toBe(true);
  });
});

test.describe('as an admin', () => {
  test.use({ storageState: authStatePath('admin') });

  test("filters job history by status and opens a failed run's errors", async ({ page }) => {
    await page.goto('/health');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Jobs History' }).click();
    await expect(page).toHaveURL(/\/settings\/jobs$/);
    await expect(page.getByRole('heading', { name: 'Job History' })).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('SUCCESS');
    await expect(page.getByRole('button', { name: 'Time range: Last 2 days' })).toBeVisible();
    // A fresh server may have no successful run yet: the table or the empty state.
    await expect(
      page.getByRole('table', { name: 'Job history' }).or(page.getByText('No details found')),
    ).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'jobs-default');

    await page.getByLabel('Status').selectOption('Failed');
    await expect(page).toHaveURL(/status=FAILED/);
    await page.getByLabel('Resource Type').selectOption('Canary');
    await expect(page).toHaveURL(/resourceType=canary/);
    const row = page.getByRole('row').filter({ hasText: canaryName }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('FAILED');
    const statusCells = page.getByRole('table', { name: 'Job history' }).getByText('SUCCESS', {
      exact: true,
    });
    await expect(statusCells).toHaveCount(0);
    await snapshot(page, 'jobs-failed');

    await row.getByRole('button', { name: 'Canary details' }).click();
    const dialog = page.getByRole('dialog', { name: `Job details: Canary: ${canaryName}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Errors' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByRole('tabpanel')).toContainText(/ECONNREFUSED|refused/i);
    await expect(page).toHaveURL(/job=/);
    await expectAccessible(page);
    await snapshot(page, 'jobs-failed-errors');

    // The open dialog is part of the link: a reload opens it again.
    await page.reload();
    await expect(page.getByRole('dialog', { name: /Job details: Canary/ })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).not.toHaveURL(/job=/);
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('picks a mapped time range and remembers an absolute one', async ({ page }) => {
    await page.goto('/settings/jobs?status=FAILED');
    await page.getByRole('button', { name: 'Time range: Last 2 days' }).click();
    const picker = page.getByRole('dialog', { name: 'Time Range' });
    await expectAccessible(page);
    await snapshot(page, 'jobs-time-range');
    await picker.getByRole('button', { name: 'Today so far' }).click();
    await expect(page).toHaveURL(/rangeType=mapped/);
    await expect(page.getByRole('row').filter({ hasText: canaryName }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Time range: Today so far' }).click();
    const from = new Date(Date.now() - 3_600_000);
    const to = new Date(Date.now() + 3_600_000);
    const local = (date: Date) =>
      new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await picker.getByLabel('From').fill(local(from));
    await picker.getByLabel('To').fill(local(to));
    await picker.getByRole('button', { name: 'Apply time range' }).click();
    await expect(page).toHaveURL(/rangeType=absolute/);
    await expect(page.getByRole('row').filter({ hasText: canaryName }).first()).toBeVisible();

    await page.getByRole('button', { name: /^Time range: .* to / }).click();
    await expect(picker.getByText('Recently used absolute ranges')).toBeVisible();
  });
});

import { type APIRequestContext, type Page } from '@playwright/test';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';
import { startLocalTarget, type LocalTarget } from '../local-target.ts';

let target: LocalTarget;
let healthy = true;
let targetUrl = '';
const suffix = Date.now().toString(36);
const canaryName = `e2e-health-${suffix}`;
const checkName = `target-${suffix}`;

test.beforeAll(async () => {
  target = await startLocalTarget((_request, response) => {
    response.writeHead(healthy ? 200 : 500).end(healthy ? 'ok' : 'broken');
  });
  targetUrl = `${target.url}/health`;
});

test.afterAll(async () => {
  await target.close();
});

/** Creates a canary with one http check against the local target, as admin. */
async function createCanary(api: APIRequestContext, name: string, check: string): Promise<void> {
  const created = await api.post('/api/db/canaries', {
    data: {
      name,
      namespace: 'e2e',
      spec: {
        schedule: '@every 2s',
        http: [{ name: check, url: targetUrl, responseCodes: [200], labels: { tier: 'gold' } }],
      },
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
}

/** New checks appear once the canary is synced and run; reload until this one is listed. */
async function openCheck(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name });
  await expect(async () => {
    await page.goto(`/health?hidePassing=false&query=${encodeURIComponent(name)}`);
    await expect(button).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await button.click();
}

async function createAsAdmin(name: string): Promise<void> {
  const admin = await roleApi();
  await createCanary(admin, name, name);
  await admin.dispose();
}

test.describe('health dashboard', () => {
  test.use({ storageState: authStatePath('admin') });

  test('a check turns healthy, then unhealthy without reload; label filters; modal', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await createCanary(page.request, canaryName, checkName);

    await page.goto('/health?hidePassing=false&timeRange=15m');
    await page.getByLabel('Refresh rate').selectOption('15s');
    const row = page.getByRole('row', { name: new RegExp(checkName) });
    await expect(row.getByRole('img', { name: 'healthy' })).toBeVisible({ timeout: 40_000 });
    await expectAccessible(page);
    await snapshot(page, 'health-healthy');

    healthy = false;
    await expect(row.getByRole('img', { name: 'unhealthy' })).toBeVisible({ timeout: 40_000 });
    await snapshot(page, 'health-unhealthy');

    await page.getByRole('button', { name: 'Exclude tier=gold' }).click();
    await expect(page).toHaveURL(/labels=/);
    await expect(row).toBeHidden();
    await page.getByRole('button', { name: 'Exclude tier=gold' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: 'Include tier=gold' }).click();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: checkName }).click();
    const dialog = page.getByRole('dialog', { name: checkName });
    await expect(dialog).toBeVisible();
    const shared = page.url();
    await page.goto(shared);
    await expect(dialog).toBeVisible();
    await dialog.getByPlaceholder('e.g. 500ms or 2s').fill('5 minutes');
    await expect(dialog.getByRole('alert')).toHaveText(
      'duration is allowed only in milli seconds & seconds',
    );
    await expectAccessible(page);
    await snapshot(page, 'health-modal');
  });
});

test.describe('dashboard at scale', () => {
  test.use({ storageState: authStatePath('admin') });

  test('virtual rows grow the page size; sort, tabs, card layout and refresh limits', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const prefix = `bulk-${suffix}`;
    const http = Array.from({ length: 150 }, (_, index) => ({
      name: `${prefix}-${String(index).padStart(3, '0')}`,
      url: targetUrl,
      labels: { shard: index % 2 === 0 ? 'even' : 'odd' },
    }));
    for (const [name, checks] of [
      [`${prefix}-a`, http.slice(0, 75)],
      [`${prefix}-b`, http.slice(75)],
    ] as const) {
      const created = await page.request.post('/api/db/canaries', {
        data: { name, namespace: 'e2e', spec: { schedule: '@every 30s', http: checks } },
      });
      expect(created.status(), await created.text()).toBeLessThan(300);
    }
    const view = `/health?hidePassing=false&groupBy=no-group&query=${prefix}`;
    const rows = page.getByRole('table', { name: 'Checks' }).locator('tbody tr:not([aria-hidden])');
    await expect(async () => {
      await page.goto(view);
      await expect(page.getByRole('button', { name: `${prefix}-000` })).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 45_000 });
    expect(await rows.count()).toBeLessThan(80);
    await snapshot(page, 'health-many');

    await page
      .getByRole('table', { name: 'Checks' })
      .locator('..')
      .evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });
    await expect(page).toHaveURL(/pageSize=100/);

    await page.getByRole('button', { name: 'Checks', exact: true }).click();
    await expect(page).toHaveURL(/sortDesc=true/);
    await expect(page.getByRole('columnheader', { name: 'Checks' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page
      .getByRole('table', { name: 'Checks' })
      .locator('..')
      .evaluate((element) => {
        element.scrollTop = 0;
      });
    await expect(page.getByRole('button', { name: `${prefix}-149` })).toBeVisible();

    await page.getByLabel('Tab By').selectOption('label:shard');
    await page.getByRole('tab', { name: /^odd/ }).click();
    await expect(page).toHaveURL(/tab=odd/);
    await expect(page.getByRole('button', { name: `${prefix}-148` })).toBeHidden();
    await expect(page.getByRole('button', { name: `${prefix}-149` })).toBeVisible();

    await page.getByRole('button', { name: 'Card layout' }).click();
    await expect(page).toHaveURL(/layout=card/);
    await expect(page.getByRole('list', { name: 'Checks' })).toBeVisible();
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'health-cards');

    await page.getByLabel('Time Range').selectOption('1d');
    const refresh = page.getByLabel('Refresh rate');
    await expect(refresh.locator('option[value="15s"]')).toBeDisabled();
    await expect(refresh.locator('option[value="2m"]')).toBeDisabled();
    await expect(refresh.locator('option[value="5m"]')).toBeEnabled();
    const cleaned = await page.request.patch(`/api/db/canaries?name=like.${prefix}-*`, {
      data: { deleted_at: new Date().toISOString() },
    });
    expect(cleaned.ok()).toBe(true);
  });
});

test.describe('run now', () => {
  test.use({ storageState: authStatePath('editor') });
  test('an editor runs a check now', async ({ page }) => {
    test.setTimeout(90_000);
    const checkName = `editor-${suffix}`;
    await createAsAdmin(checkName);
    await openCheck(page, checkName);
    await page.getByRole('dialog').getByRole('button', { name: 'Run Now' }).click();
    await expect(page.getByText('You have successfully initiated the check run.')).toBeVisible();
  });
});

test.describe('viewer', () => {
  test.use({ storageState: authStatePath('viewer') });
  test('a viewer sees no Run Now', async ({ page }) => {
    test.setTimeout(90_000);
    const checkName = `viewer-${suffix}`;
    await createAsAdmin(checkName);
    await openCheck(page, checkName);
    await expect(page.getByRole('dialog', { name: checkName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run Now' })).toHaveCount(0);
  });
});

import { type APIRequestContext } from '@playwright/test';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';
import { startLocalTarget, type LocalTarget } from '../local-target.ts';

// Stable for the whole run (a failed test restarts the worker, which re-reads this module).
const runId = new URL(process.env.VIGIL_E2E_BASE_URL ?? 'http://localhost:1').port;
const canaryName = `e2e-modal-${runId}`;
const checkName = `modal-target-${runId}`;

let target: LocalTarget;
let targetUrl = '';

test.beforeAll(async () => {
  target = await startLocalTarget();
  targetUrl = `${target.url}/health`;
});

/** The specs after this one share the server: leave no canary of ours behind. */
test.afterAll(async () => {
  await target.close();
  const admin = await roleApi();
  const cleaned = await admin.patch(`/api/db/canaries?name=eq.${canaryName}`, {
    data: { deleted_at: new Date().toISOString() },
  });
  expect(cleaned.ok()).toBe(true);
  await admin.dispose();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function idOf(rows: unknown): string | undefined {
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  if (typeof first !== 'object' || first === null || !('id' in first)) return undefined;
  return typeof first.id === 'string' ? first.id : undefined;
}

async function firstId(api: APIRequestContext, path: string, data?: object): Promise<string> {
  const response = data
    ? await api.post(path, { data, headers: { Prefer: 'return=representation' } })
    : await api.get(path);
  expect(response.ok(), await response.text()).toBe(true);
  const id = idOf(await response.json());
  if (id === undefined) throw new Error(`no id from ${path}`);
  return id;
}

/** Our canary's http check against the local target (made on first use); answers its id. */
async function ensureCheck(api: APIRequestContext): Promise<string> {
  const found = await api.get(`/api/db/checks?name=eq.${checkName}&deleted_at=is.null&select=id`);
  const existing = idOf(await found.json());
  if (existing !== undefined) return existing;
  const canaryId = await firstId(api, '/api/db/canaries', {
    name: canaryName,
    namespace: 'e2e',
    spec: {
      schedule: '@every 2s',
      http: [{ name: checkName, url: targetUrl, labels: { tier: 'gold' } }],
    },
  });
  return firstId(api, `/api/db/checks?canary_id=eq.${canaryId}&select=id`);
}

test.describe('check detail modal', () => {
  test.use({
    storageState: authStatePath('admin'),
    permissions: ['clipboard-read', 'clipboard-write'],
  });

  test('opens from a shared link with its chart, spec, relationships and copy', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const checkId = await ensureCheck(page.request);
    // Runs every 2 s: wait until the graph has some before opening the shared link.
    await expect
      .poll(
        async () => {
          const graph = await page.request.get(`/api/canary/api/graph?check=${checkId}&start=1h`);
          const body: unknown = graph.ok() ? await graph.json() : null;
          const ok = typeof body === 'object' && body !== null && 'status' in body;
          return ok && Array.isArray(body.status) ? body.status.length : 0;
        },
        { timeout: 45_000 },
      )
      .toBeGreaterThan(1);
    const dialog = page.getByRole('dialog', { name: checkName });
    await page.goto(`/health?checkId=${checkId}`);
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText(targetUrl)).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Labels' })).toContainText('tier: gold');
    const overview = dialog.getByRole('region', { name: 'Health Overview' });
    await expect(overview.locator('svg.recharts-surface')).toBeVisible({ timeout: 10_000 });
    const picker = dialog.getByLabel('Time Range');
    await expect(picker).toHaveValue('1h');
    const graphCall = page.waitForResponse((r) => r.url().includes('start=6h'));
    await picker.selectOption('6h');
    expect((await graphCall).ok()).toBe(true);
    await expect(overview.locator('svg.recharts-surface')).toBeVisible();
    await expect(overview.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(dialog.getByText('Uptime').locator('..')).toContainText('100.0%');
    // Runs of a millisecond or less: the latency axis still names each tick once (issue #21).
    // The left axis's labels are the chart's end-anchored texts (the time axis is centred).
    const yTicks = await overview.locator('svg text[text-anchor="end"]').allTextContents();
    expect(yTicks.length).toBeGreaterThan(1);
    expect(yTicks).toEqual([...new Set(yTicks)]);
    await expectAccessible(page);
    await snapshot(page, 'health-modal-chart');

    await dialog.getByRole('tab', { name: 'Spec' }).click();
    const spec = dialog.getByLabel('Check spec');
    await expect(spec).toContainText(`name: ${checkName}`);
    await expect(spec).toContainText(`url: ${targetUrl}`);
    await snapshot(page, 'health-modal-spec');

    const relationships = dialog.getByRole('tab', { name: /Relationships/ });
    await expect(relationships).toHaveText('Relationships 0');
    await relationships.click();
    await expect(dialog.getByRole('tabpanel')).toContainText('No data available');
    await dialog.getByRole('button', { name: 'Copy endpoint' }).scrollIntoViewIfNeeded();
    await dialog.getByText('No data available').scrollIntoViewIfNeeded();
    await snapshot(page, 'health-modal-relationships-empty');

    await dialog.getByRole('button', { name: 'Copy endpoint' }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    // The toast covers neither the dialog's close button nor the top bar's controls.
    const toast = await page.locator('[data-sonner-toast]').first().boundingBox();
    const header = page.locator('header');
    for (const control of [
      dialog.getByRole('button', { name: 'Close' }),
      header.locator('button[aria-label="Refresh"]'),
      header.locator('button[aria-label="User menu"]'),
    ]) {
      const box = await control.boundingBox();
      expect(toast !== null && box !== null && !overlaps(toast, box)).toBe(true);
    }
    // Its close button works over the open dialog, and leaves the dialog open.
    await page.getByRole('button', { name: 'Close toast' }).click();
    await expect(page.getByText('Copied to clipboard')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(targetUrl);
    await expect(dialog.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      /\/settings\/canaries\//,
    );
  });

  test('lists a related config and moves the chart into a tab on short screens', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const checkId = await ensureCheck(page.request);
    const configId = await firstId(page.request, '/api/db/config_items', {
      name: `modal-config-${runId}`,
      type: 'Kubernetes::Pod',
    });
    const linked = await page.request.post('/api/db/check_config_relationships', {
      data: { check_id: checkId, config_id: configId },
    });
    expect(linked.ok(), await linked.text()).toBe(true);

    await page.setViewportSize({ width: 1280, height: 640 });
    await page.goto(`/health?checkId=${checkId}`);
    const dialog = page.getByRole('dialog', { name: checkName });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    const relationships = dialog.getByRole('tab', { name: /Relationships/ });
    await expect(relationships).toHaveText('Relationships 1');
    await relationships.click();
    const table = dialog.getByRole('table', { name: 'Relationships' });
    await expect(table.getByRole('link', { name: `modal-config-${runId}` })).toHaveAttribute(
      'href',
      `/catalog/${configId}`,
    );
    await expect(table).toContainText('Config');
    await table.scrollIntoViewIfNeeded();
    await snapshot(page, 'health-modal-relationships');

    // Short screen: the overview above the tabs is hidden and the Graph tab shows it.
    await expect(dialog.getByRole('region', { name: 'Health Overview' })).toHaveCount(0);
    await dialog.getByRole('tab', { name: 'Graph' }).click();
    const overview = dialog.getByRole('region', { name: 'Health Overview' });
    await expect(overview.locator('svg.recharts-surface')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Run Now' }).scrollIntoViewIfNeeded();
    await snapshot(page, 'health-modal-short-screen');
  });
});

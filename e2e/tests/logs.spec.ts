import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';

// Stable for the whole run (a failed test restarts the worker, which re-reads this module).
const runId = new URL(process.env.VIGIL_E2E_BASE_URL ?? 'http://localhost:1').port;
const name = `e2e-logs-${runId}`;
let dir = '';
let componentId = '';
let logFile = '';

/** A file logging backend over a temp file, and a component whose selector routes to it. */
test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-e2e-logs-'));
  await fs.chmod(dir, 0o755);
  logFile = path.join(dir, 'app.log');
  const now = Date.now();
  const lines = [
    `${new Date(now - 9 * 60_000).toISOString()} GET /health 200`,
    `${new Date(now - 6 * 60_000).toISOString()} ERROR payment declined for order 42`,
    `${new Date(now - 3 * 60_000).toISOString()} GET /orders 200`,
  ];
  await fs.writeFile(logFile, `${lines.join('\n')}\n`);
  const admin = await roleApi();
  const backend = await admin.post('/api/db/logging_backends', {
    data: {
      name,
      namespace: 'e2e',
      spec: { backends: [{ file: { routes: [{ type: name }], path: [`${dir}/*.log`] } }] },
    },
  });
  expect(backend.status(), await backend.text()).toBeLessThan(300);
  const component = await admin.post('/api/db/components?select=id', {
    headers: { Prefer: 'return=representation' },
    data: { name, type: 'Service', log_selectors: [{ name: 'app', type: name }] },
  });
  expect(component.status(), await component.text()).toBeLessThan(300);
  const rows: unknown = await component.json();
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  componentId =
    typeof first === 'object' && first !== null && 'id' in first ? String(first.id) : '';
  expect(componentId).not.toBe('');
  await admin.dispose();
});

test.afterAll(async () => {
  const admin = await roleApi();
  const deleted_at = new Date().toISOString();
  await admin.patch(`/api/db/logging_backends?name=eq.${name}`, { data: { deleted_at } });
  await admin.patch(`/api/db/components?name=eq.${name}`, { data: { deleted_at } });
  await admin.dispose();
  await fs.rm(dir, { recursive: true, force: true });
});

test.use({ storageState: authStatePath('viewer') });

test('a viewer picks a component, searches its file log and sees new lines', async ({ page }) => {
  await page.goto('/logs');
  await expect(page.getByText('Please select a component to view the logs')).toBeVisible();
  await page.getByRole('combobox', { name: 'Component' }).selectOption({ label: name });
  await expect(page).toHaveURL(new RegExp(`topologyId=${componentId}`));
  const table = page.getByRole('table', { name: 'Log lines' });
  await expect(table.getByText('GET /orders 200')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Selector' })).toHaveValue('app');
  await expectAccessible(page);

  await page.getByRole('searchbox', { name: 'Search logs' }).fill('payment');
  await expect(page).toHaveURL(/query=payment/);
  await expect(table.getByText('ERROR payment declined for order 42')).toBeVisible();
  await expect(table.getByText('GET /orders 200')).toHaveCount(0);

  // A line written now is found by the next query (a reload asks again).
  await fs.appendFile(logFile, `${new Date().toISOString()} payment retried for order 42\n`);
  await page.reload();
  await expect(table.getByText('payment retried for order 42')).toBeVisible();

  for (const width of [1440, 1024]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: theme });
      await snapshot(page, `logs-${width}-${theme}`);
    }
  }

  await page.getByRole('searchbox', { name: 'Search logs' }).fill('nothing-like-this');
  await expect(page.getByText('There are no logs matching the search query')).toBeVisible();
});

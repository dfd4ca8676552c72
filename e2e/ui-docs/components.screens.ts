import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page } from '@playwright/test';
import { catalogIds, seedCatalog } from '../catalog-seed.ts';
import { authStatePath, expect, test } from '../fixtures.ts';
import { shoot } from './shoot.ts';
import { waitForNoToasts } from '../toasts.ts';
import { pushAsAgent } from '../agent-push.ts';

/**
 * docs/ui.md's pictures: each design-system component on a real screen of a fresh server,
 * cropped to the component, in both themes. Run by `npm run screenshots:ui`, not by `npm test`.
 */
test.use({
  storageState: authStatePath('admin'),
  viewport: { width: 1440, height: 900 },
  permissions: ['clipboard-read', 'clipboard-write'],
});

let target: Server;
let targetBase = '';

/** /ok answers 200 and /fail 500: a passing and a failing check. */
test.beforeAll(async () => {
  target = createServer((request, response) =>
    response.writeHead(request.url === '/fail' ? 500 : 200).end('ok'),
  );
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = target.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  targetBase = `http://127.0.0.1:${address.port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
});

/** An agent's check with a status a minute for the last hour (a few failures); its id. */
async function pushHistory(page: Page, baseURL: string): Promise<string> {
  const generated = await page.request.post('/api/agent/generate', { data: { name: 'edge-eu' } });
  expect(generated.status(), await generated.text()).toBe(201);
  const body: unknown = await generated.json();
  const token =
    typeof body === 'object' && body !== null && 'access_token' in body
      ? String(body.access_token)
      : '';
  const now = Date.now();
  const statuses = Array.from({ length: 60 }, (_, i) => {
    const failed = i === 21 || i === 22 || i === 47;
    return {
      time: new Date(now - (60 - i) * 60_000).toISOString(),
      duration: Math.round(failed ? 900 : 60 + 25 * Math.sin(i / 4) + (i % 7) * 6),
      status: !failed,
      message: failed ? 'timeout' : '200 OK',
      ...(failed ? { error: 'context deadline exceeded' } : {}),
    };
  });
  const check = {
    canary: 'orders',
    namespace: 'default',
    name: 'orders-api',
    url: 'https://orders.internal/health',
  };
  return pushAsAgent(baseURL, token, check, statuses);
}

test('empty state, error state and skeleton', async ({ page }) => {
  // A fresh server has no check yet: the dashboard's empty state offers the first step.
  await page.goto('/health?hidePassing=false');
  const empty = page.getByText('No data available', { exact: true }).locator('..');
  await expect(empty.getByRole('link', { name: 'Add a canary' })).toBeVisible();
  await shoot(page, 'empty-state', [empty], { margin: 0 });

  // A failed load: the list's error state with its retry.
  const canariesList = /\/api\/db\/canaries_with_status\?/;
  await page.route(canariesList, (route) =>
    route.fulfill({ status: 500, json: { message: 'connection refused (database)' } }),
  );
  await page.goto('/settings/canaries');
  const failed = page.getByRole('alert').filter({ hasText: 'Could not load the health checks' });
  // The query retries a server error twice before it gives up.
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'error-state', [failed]);
  await page.unroute(canariesList);

  // Loading: held until the picture is taken.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(canariesList, async (route) => {
    await held;
    // The page may have dropped the request meanwhile.
    await route.continue().catch(() => undefined);
  });
  await page.goto('/settings/canaries');
  await shoot(page, 'skeleton', [page.locator('[aria-busy="true"]').first()]);
  release();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.unroute(canariesList);
});

test('health table with status strips and sparklines, chart, tabs and a toast', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const created = await page.request.post('/api/db/canaries', {
    data: {
      name: 'payments',
      namespace: 'default',
      spec: {
        schedule: '@every 2s',
        http: [
          { name: 'payments-api', url: `${targetBase}/ok`, labels: { tier: 'gold' } },
          { name: 'checkout-api', url: `${targetBase}/fail`, labels: { tier: 'gold' } },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await page.goto('/health?hidePassing=false');
  const table = page.getByRole('table').first();
  const row = table.getByRole('row').filter({ hasText: 'payments-api' });
  // Enough runs for a strip of bars and a sparkline (one every 2 s).
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('img', { name: /^Last (1\d|2\d) runs/ })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
  await shoot(page, 'status-strip', [table]);

  // An hour of history, as an agent pushes it, so that the chart has a shape.
  const checkId = await pushHistory(page, baseURL ?? '');
  const dialog = page.getByRole('dialog', { name: 'orders-api' });
  // The summary may take a moment to list the pushed check (else the link says Check not found).
  await expect(async () => {
    await page.goto(`/health?hidePassing=false&checkId=${checkId}`);
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  const overview = dialog.getByRole('region', { name: 'Health Overview' });
  await expect(overview.locator('.recharts-line-curve').first()).toBeVisible();
  await shoot(page, 'chart', [overview]);
  await shoot(page, 'tabs', [dialog.getByRole('tablist')]);
  await shoot(page, 'dialog', [dialog], { margin: 0 });

  await dialog.getByRole('button', { name: /^Copy/ }).first().click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Copied to clipboard' });
  // Hovered, a toast stays until the pictures are taken.
  await toast.hover();
  await shoot(page, 'toast', [toast], { margin: 16 });
});

test('table, badges, buttons and the confirmation dialog', async ({ page }) => {
  await page.goto('/settings/canaries');
  const canaries = page.getByRole('table').first();
  await expect(canaries.getByRole('row').filter({ hasText: 'payments' })).toBeVisible();
  await shoot(page, 'table', [canaries]);

  // Real runs are mostly SUCCESS: the first six show every status (spec 002 §4).
  const statuses = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED', 'STALE'];
  await page.route(/\/api\/db\/job_histories\?/, async (route) => {
    const response = await route.fetch();
    const rows: unknown = await response.json();
    const json = Array.isArray(rows)
      ? rows.map((row: unknown, i) =>
          typeof row === 'object' && row !== null && i < statuses.length
            ? { ...row, status: statuses[i] }
            : row,
        )
      : rows;
    await route.fulfill({ response, json });
  });
  await page.goto('/settings/jobs');
  const jobs = page.getByRole('table', { name: 'Job history' });
  const rows = jobs.getByRole('row');
  await expect(rows.nth(6)).toBeVisible();
  await expect(jobs.getByText('STALE')).toBeVisible();
  await shoot(page, 'badges', [
    rows.first().getByRole('columnheader').first(),
    rows.nth(6).getByRole('cell').nth(3),
  ]);

  await page.goto('/settings/feature-flags');
  await page.getByRole('button', { name: 'Add Feature Flag' }).click();
  const add = page.getByRole('dialog', { name: 'Add Feature Flag' });
  await add.getByLabel('Name').fill('logs.disable');
  await add.getByLabel('Value').fill('false');
  await add.getByLabel('Description').fill('Keep the Logs area on.');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Feature flag added successfully')).toBeVisible();
  await waitForNoToasts(page);
  await page.getByRole('cell', { name: 'logs.disable' }).click();
  const edit = page.getByRole('dialog');
  const remove = edit.getByRole('button', { name: 'Delete' });
  await shoot(page, 'buttons', [remove, edit.getByRole('button', { name: 'Update' })], {
    margin: 12,
  });
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Delete Feature Flag' });
  await shoot(page, 'confirm-dialog', [confirm], { margin: 0 });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Feature flag removed successfully')).toBeVisible();
});

test('field-level errors and the drawer', async ({ page }) => {
  await page.goto('/settings/notifications');
  await page.getByRole('button', { name: 'Add Notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Notification' });
  await dialog.getByLabel('Title').fill('On-call');
  const repeat = dialog.getByLabel('Repeat interval');
  await repeat.fill('banana');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(repeat).toHaveAttribute('aria-invalid', 'true');
  await waitForNoToasts(page);
  await shoot(page, 'field-errors', [
    repeat.locator('..'),
    dialog.getByText('Choose exactly one recipient', { exact: false }),
  ]);

  await page.goto('/settings/agents');
  await page.getByRole('button', { name: 'Add Agent' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Agent' });
  await drawer.getByRole('button', { name: 'Next' }).click();
  await expect(drawer.getByText('This field is required')).toBeVisible();
  await shoot(page, 'drawer', [drawer], { margin: 0 });
});

test('icons of check and connection types, and the code editor', async ({ page }) => {
  await page.goto('/settings/canaries');
  await page.getByRole('button', { name: 'Add Health Check' }).click();
  await shoot(page, 'check-icons', [page.getByRole('list', { name: 'Check types' })]);

  await page.goto('/settings/connections');
  await page.getByRole('button', { name: 'Add Connection' }).click();
  await shoot(page, 'connection-icons', [page.getByRole('list', { name: 'Connection types' })]);

  await page.goto('/settings/canaries/new?type=http');
  await page.getByRole('tab', { name: 'YAML' }).click();
  const yaml = page.getByRole('textbox', { name: 'Canary YAML' });
  await yaml.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(
    [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata:',
      '  name: payments',
      '  namespace: default',
      'spec:',
      '  schedule: "@every banana"',
      '  http:',
      '    - name: payments-api',
      '      url: https://payments.internal/health',
      '      responseCodes: [200]',
      '',
    ].join('\n'),
  );
  const problems = page.getByRole('alert', { name: 'YAML problems' });
  await expect(problems).toContainText('spec.schedule must be @every');
  // The gutter follows after the linter's delay: the schedule's marker, none left over.
  await expect(page.locator('.cm-lint-marker')).toHaveCount(1);
  await expect(page.locator('.cm-lint-marker-error')).toHaveCount(1);
  await page.getByRole('heading', { level: 1 }).click();
  await shoot(page, 'code-editor', [page.getByRole('tabpanel').locator('.cm-editor'), problems]);
});

test('diff view and segmented control', async ({ page, baseURL }) => {
  await seedCatalog(baseURL ?? '');
  await page.goto(`/catalog/changes?change=${catalogIds.change}`);
  const dialog = page.getByRole('dialog');
  const diff = dialog.locator('.diff').first();
  await expect(diff).toBeVisible();
  await shoot(page, 'diff-view', [
    dialog.getByRole('heading', { name: 'Diff', exact: true }),
    diff,
  ]);
});

test('top bar, user menu and command palette', async ({ page }) => {
  await page.goto('/settings/canaries');
  const bar = page.getByRole('banner');
  await shoot(page, 'top-bar', [bar], { margin: 0 });

  const menuButton = bar.getByRole('button', { name: 'User menu' });
  await menuButton.click();
  const panelId = await menuButton.getAttribute('aria-controls');
  await shoot(page, 'user-menu', [page.locator(`[id="${panelId ?? ''}"]`)]);
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('pay');
  await expect(palette.getByRole('option').first()).toBeVisible();
  await shoot(page, 'command-palette', [palette], { margin: 0 });
});

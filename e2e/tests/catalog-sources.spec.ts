import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  createScraper,
  createSourceTable,
  dropSourceTable,
  removeScraped,
  runScraper,
  sourceDatabaseUrl,
  writeDocument,
} from '../catalog-sources.ts';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';

/**
 * Issue #23 over real sources: a full-mode `file` scraper over a temp folder and a `sql`
 * scraper over the machine's PostgreSQL fill the catalog; the UI counts, finds and opens their
 * items, shows the diff of an edited file after Run now, and the insight a file carried.
 */
test.describe.configure({ mode: 'serial' });

const suffix = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
const types = { service: `E2eFiles${suffix}::Service`, database: `E2eSql${suffix}::Database` };
const names = {
  fileScraper: `e2e-sources-files-${suffix}`,
  sqlScraper: `e2e-sources-sql-${suffix}`,
  orders: `e2e-orders-${suffix}`,
  billing: `e2e-billing-${suffix}`,
  audit: `e2e-audit-${suffix}`,
  ledger: `e2e-ledger-${suffix}`,
  archive: `e2e-archive-${suffix}`,
  analyzer: `e2e-open-port-${suffix}`,
};
const table = `e2e_catalog_sources_${suffix}`;
const insightMessage = 'The billing service listens on 0.0.0.0:5432, open to every network.';

let dir = '';
let fileScraperId = '';
let ordersPath = '';

/** A full-mode document: the item's id, name and health, its config, changes and analysis. */
const service = (name: string, config: Record<string, unknown>, extra = {}) => ({
  id: name,
  name,
  health: 'healthy',
  config: { kind: 'Service', name, ...config },
  ...extra,
});

test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-e2e-catalog-sources-'));
  await writeDocument(dir, 'orders.yaml', service(names.orders, { replicas: 2, image: 'v1.0' }));
  await writeDocument(dir, 'audit.yml', service(names.audit, { replicas: 1, image: 'v3.2' }));
  await writeDocument(
    dir,
    'billing.json',
    service(
      names.billing,
      { replicas: 4, image: 'v1.4' },
      {
        changes: [
          { change_type: 'Deployed', summary: 'billing v1.4 rolled out', source: 'e2e-deployer' },
        ],
        analysis: [
          {
            analyzer: names.analyzer,
            analysis_type: 'security',
            severity: 'high',
            summary: 'Port 5432 is open',
            message: insightMessage,
          },
        ],
      },
    ),
  );
  await createSourceTable(table, [
    { id: 'ledger', name: names.ledger, engine: 'postgres', size_mb: 512 },
    { id: 'archive', name: names.archive, engine: 'postgres', size_mb: 2048 },
  ]);
  const api = await roleApi();
  fileScraperId = await createScraper(api, names.fileScraper, {
    full: true,
    file: [{ type: types.service, id: '$.id', name: '$.name', health: '$.health', paths: [dir] }],
  });
  const sqlScraperId = await createScraper(api, names.sqlScraper, {
    sql: [
      {
        type: types.database,
        id: '$.id',
        name: '$.name',
        connection: sourceDatabaseUrl,
        query: `select id, name, engine, size_mb from ${table} order by id`,
      },
    ],
  });
  expect(await runScraper(api, fileScraperId)).toMatchObject({ [types.service]: { added: 3 } });
  expect(await runScraper(api, sqlScraperId)).toMatchObject({ [types.database]: { added: 2 } });
  await api.dispose();
});

test.afterAll(async () => {
  const api = await roleApi();
  await removeScraped(
    api,
    [names.fileScraper, names.sqlScraper],
    [types.service, types.database],
  ).finally(() => api.dispose());
  await dropSourceTable(table);
  await fs.rm(dir, { recursive: true, force: true });
});

function typeButton(page: Page, type: string) {
  return page
    .getByRole('table', { name: 'Catalog summary' })
    .getByRole('button', { name: type, exact: true });
}

function summaryRow(page: Page, type: string) {
  return page
    .getByRole('table', { name: 'Catalog summary' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: type, exact: true }) });
}

test.describe('as an admin', () => {
  test.use({ storageState: authStatePath('admin') });

  test('the summary counts both sources by type; a type, a search and an item open', async ({
    page,
  }) => {
    await page.goto('/catalog');
    // Count is the second column: 3 files of one type, 2 rows of the other.
    await expect(summaryRow(page, types.service).getByRole('cell').nth(1)).toHaveText('3');
    await expect(summaryRow(page, types.database).getByRole('cell').nth(1)).toHaveText('2');
    await snapshot(page, 'catalog-sources-summary');

    await typeButton(page, types.database).click();
    await expect(page).toHaveURL(/configType=E2eSql/);
    const list = page.getByRole('table', { name: 'Catalog' });
    await expect(list.getByRole('link', { name: new RegExp(names.ledger) })).toBeVisible();
    await expect(list.getByRole('link', { name: new RegExp(names.archive) })).toBeVisible();
    await expect(list.getByRole('link', { name: new RegExp(names.orders) })).toHaveCount(0);
    await snapshot(page, 'catalog-sources-type');
    await page.getByRole('button', { name: `Remove filter type: ${types.database}` }).click();

    await typeButton(page, types.service).click();
    await expect(list.getByRole('link', { name: new RegExp(names.audit) })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the catalog' }).fill(names.orders);
    await expect(page).toHaveURL(new RegExp(`search=${names.orders}`));
    await expect(list.getByRole('link', { name: new RegExp(names.audit) })).toHaveCount(0);
    const orders = list.getByRole('link', { name: new RegExp(names.orders) });
    await expect(orders).toHaveCount(1);
    await snapshot(page, 'catalog-sources-search');
    await orders.click();
    await expect(page).toHaveURL(/\/catalog\/[0-9a-f-]{36}$/);
    ordersPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: names.orders })).toBeVisible();
    // Full mode: the item is the document's `config`, not the whole file.
    const content = page.getByLabel('Config content');
    await expect(content).toContainText('"replicas": 2');
    await expect(content).not.toContainText('"health"');
    await expect(page.getByRole('button', { name: 'Link to Incident' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Playbooks', exact: true })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'catalog-sources-detail');
  });

  test('an edited file, scraped with Run now, shows its diff in the changes dialog', async ({
    page,
  }) => {
    await writeDocument(dir, 'orders.yaml', service(names.orders, { replicas: 3, image: 'v1.1' }));
    await page.goto(`/catalog/scrapers/${fileScraperId}`);
    await expect(page.getByRole('heading', { name: names.fileScraper })).toBeVisible();
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText(`${names.fileScraper} scraped successfully`)).toBeVisible();
    await snapshot(page, 'catalog-sources-scraper');

    await page.goto(`${ordersPath}/changes`);
    const row = page
      .getByRole('table', { name: 'Changes' })
      .getByRole('row')
      .filter({ hasText: 'diff' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: names.orders }).click();
    await expect(page).toHaveURL(/change=/);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('"replicas": 2');
    await expect(dialog).toContainText('"replicas": 3');
    await expect(dialog).toContainText('"image": "v1.1"');
    await expect(dialog.locator('.diff-split')).toBeVisible();
    await snapshot(page, 'catalog-sources-change-diff');
    await dialog.getByRole('radio', { name: 'Unified' }).click();
    await expect(dialog.locator('.diff-unified')).toBeVisible();
    await expectAccessible(page);
  });

  test('a full-mode file brings its own change and insight', async ({ page }) => {
    // Scoped to this run's type: the shared server's other insights could fill page 1.
    await page.goto(`/catalog/insights?configType=${encodeURIComponent(types.service)}`);
    const insights = page.getByRole('table', { name: 'Insights' });
    const row = insights.getByRole('row').filter({ hasText: names.analyzer });
    await expect(row).toContainText(names.billing);
    await expect(row).toContainText('security');
    await row.getByRole('button', { name: names.analyzer }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Port 5432 is open');
    await expect(dialog).toContainText(insightMessage);
    await snapshot(page, 'catalog-sources-insight');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await row.getByRole('link', { name: names.billing }).click();
    await expect(page.getByRole('heading', { name: names.billing })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Config views' });
    await expect(tabs.getByRole('tab', { name: /Insights/ })).toContainText('1');
    await tabs.getByRole('tab', { name: /Changes/ }).click();
    const changes = page.getByRole('table', { name: 'Changes' });
    const deployed = changes.getByRole('row').filter({ hasText: 'Deployed' });
    await expect(deployed).toContainText('billing v1.4 rolled out');
    // Run now read the unchanged file again: the same change, de-duplicated, counted twice.
    await expect(deployed.getByRole('cell').nth(6)).toHaveText('2');
    await snapshot(page, 'catalog-sources-config-changes');
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('sees the sources and their items, with no write action', async ({ page }) => {
    await page.goto('/catalog');
    await expect(summaryRow(page, types.service).getByRole('cell').nth(1)).toHaveText('3');
    await page.goto(`/catalog/scrapers/${fileScraperId}`);
    await expect(page.getByRole('heading', { name: names.fileScraper })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Scraper spec' })).toHaveAttribute(
      'contenteditable',
      'false',
      { timeout: 30_000 },
    );
    await expect(page.getByRole('button', { name: 'Run now' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await snapshot(page, 'catalog-sources-scraper-viewer');
    await page.goto(ordersPath);
    await expect(page.getByRole('heading', { name: names.orders })).toBeVisible();
    await expect(page.getByLabel('Config content')).toContainText('"replicas": 3');
    // The admin's Link to Incident and Playbooks menu are write actions: gone for a viewer.
    await expect(page.getByRole('button', { name: 'Link to Incident' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Playbooks', exact: true })).toHaveCount(0);
    await snapshot(page, 'catalog-sources-detail-viewer');
  });
});

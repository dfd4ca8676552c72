import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';

/**
 * Spec 001 §2 and #24: a topology built from the catalog. A `file` scraper reads a temp folder
 * of YAML and JSON; the topology's catalog lookup turns each config into a card with properties
 * (one of them a configLookup); a changed file, rescraped and rerun, changes its card.
 */
test.use({ storageState: authStatePath('admin') });

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const configType = 'E2E::Database';
const names = {
  scraper: `e2e-topo-file-${suffix}`,
  topology: `e2e-topo-file-${suffix}`,
  orders: `e2e-orders-db-${suffix}`,
  billing: `e2e-billing-db-${suffix}`,
  audit: `e2e-audit-db-${suffix}`,
};

let dir = '';

test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-e2e-topology-files-'));
});

test.afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const database = (name: string, version: string, health: string) => ({
  id: name,
  name,
  health,
  engine: 'postgres',
  region: 'eu-west-1',
  zone: 'eu-west-1a',
  spec: { version },
});

async function writeFiles(files: Record<string, unknown>): Promise<void> {
  for (const [file, document] of Object.entries(files)) {
    // YAML is a superset of JSON: the .yaml files go through the YAML reader all the same.
    await fs.writeFile(path.join(dir, file), `${JSON.stringify(document, null, 2)}\n`);
  }
}

async function ok(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  const text = await answer.text();
  expect(answer.status(), text).toBeLessThan(300);
  return text === '' ? undefined : JSON.parse(text);
}

const created = z.array(z.object({ id: z.string() })).min(1);
const scrapeRun = z.object({
  status: z.string(),
  errors: z.array(z.string()),
  scrape_summary: z.record(z.string(), z.object({ added: z.number(), updated: z.number() })),
});
const topologyRun = z.object({
  status: z.string(),
  components: z.number(),
  errors: z.array(z.string()),
});

async function scrape(api: APIRequestContext, scraperId: string) {
  const run = scrapeRun.parse(await ok(await api.post(`/api/catalog/scrapers/${scraperId}/run`)));
  expect(run.errors).toEqual([]);
  expect(run.status).toBe('SUCCESS');
  return run.scrape_summary[configType];
}

async function runTopology(api: APIRequestContext, topologyId: string): Promise<void> {
  const run = topologyRun.parse(await ok(await api.post(`/api/topology/${topologyId}/run`)));
  expect(run.errors).toEqual([]);
}

/** A lookup card per config of this run's folder: status, properties and a configLookup. */
const topologySpec = {
  type: 'Application',
  schedule: '@every 1h',
  components: [
    {
      name: 'databases',
      type: 'lookup',
      lookup: {
        catalog: [
          {
            selector: [{ types: [configType], tagSelector: `topofile=${suffix}` }],
            display: {
              expr: `dyn(results).map(r, {
                'name': r.name,
                'type': 'Database',
                'icon': 'postgres',
                'status': r.health,
                'configs': [{'name': r.name, 'type': r.type}],
                'properties': [
                  {'name': 'release', 'text': r.config.spec.version},
                  {'name': 'region', 'text': r.config.region},
                  {'name': 'zone', 'text': r.config.zone}
                ]
              }).toJSON()`,
            },
          },
        ],
      },
      forEach: {
        properties: [
          {
            name: 'engine',
            configLookup: {
              config: { type: configType, name: '$(.component.name)' },
              display: { expr: 'config.engine' },
            },
          },
        ],
      },
    },
  ],
};

interface Built {
  scraperId: string;
  topologyId: string;
}

async function build(api: APIRequestContext): Promise<Built> {
  await writeFiles({
    'orders.yaml': database(names.orders, '14.1', 'healthy'),
    'billing.json': database(names.billing, '15.3', 'healthy'),
  });
  const scraper = created.parse(
    await ok(
      await api.post('/api/db/config_scrapers?select=id', {
        headers: { Prefer: 'return=representation' },
        data: {
          name: names.scraper,
          namespace: 'e2e',
          spec: {
            schedule: '@every 24h',
            file: [
              {
                type: configType,
                id: '$.id',
                name: '$.name',
                health: '$.health',
                tags: { topofile: suffix },
                // A folder: every .json, .yaml and .yml file in it.
                paths: [dir],
              },
            ],
          },
        },
      }),
    ),
  );
  const scraperId = scraper[0]?.id ?? '';
  expect(await scrape(api, scraperId)).toMatchObject({ added: 2 });
  const topologyId = randomUUID();
  await ok(
    await api.post('/api/db/topologies', {
      data: { id: topologyId, name: names.topology, namespace: 'e2e', spec: topologySpec },
    }),
  );
  await runTopology(api, topologyId);
  return { scraperId, topologyId };
}

/** The dashboard's card of this topology, zoomed into: its children are the configs' cards. */
async function openTopology(page: Page): Promise<Locator> {
  await page.goto('/topology');
  const root = page
    .getByRole('list', { name: 'Components' })
    .getByRole('article', { name: names.topology });
  await expect(root).toBeVisible({ timeout: 30_000 });
  await expect(root.getByRole('link', { name: names.orders })).toBeVisible();
  await root.getByRole('link', { name: names.topology }).click();
  await expect(page.getByRole('heading', { level: 1, name: names.topology })).toBeVisible();
  // The shell's breadcrumb names the component, not its route.
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(names.topology),
  ).toHaveAttribute('aria-current', 'page');
  return page.getByRole('list', { name: 'Components' });
}

function card(grid: Locator, name: string): Locator {
  return grid.getByRole('article', { name });
}

async function expectProperties(target: Locator, release: string): Promise<void> {
  await expect(target.getByText('release:')).toBeVisible();
  await expect(target.getByText(release, { exact: true })).toBeVisible();
  await expect(target.getByText('region/zone:')).toBeVisible();
  await expect(target.getByText('eu-west-1a', { exact: true })).toBeVisible();
  await expect(target.getByText('engine:')).toBeVisible();
  await expect(target.getByText('postgres', { exact: true })).toBeVisible();
}

test('cards built from scraped files follow the files when they change', async ({ page }) => {
  test.setTimeout(120_000);
  const { scraperId, topologyId } = await build(page.request);
  await page.setViewportSize({ width: 1440, height: 900 });
  const grid = await openTopology(page);
  const orders = card(grid, names.orders);
  await expect(orders).toBeVisible();
  await expectProperties(orders, '14.1');
  await expectProperties(card(grid, names.billing), '15.3');
  await expect(orders.getByText('Status: healthy')).toBeAttached();
  await expectAccessible(page);
  await snapshot(page, 'topology-file-scraper-1440-light');

  // A new release of one file, an unhealthy state, and a third file: rescrape, then rerun.
  await writeFiles({
    'orders.yaml': database(names.orders, '16.0', 'unhealthy'),
    'audit.yml': database(names.audit, '13.9', 'healthy'),
  });
  expect(await scrape(page.request, scraperId)).toMatchObject({ added: 1, updated: 1 });
  await runTopology(page.request, topologyId);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expectProperties(orders, '16.0');
  await expect(orders.getByText('14.1', { exact: true })).toHaveCount(0);
  await expect(orders.getByText('Status: unhealthy')).toBeAttached();
  await expect(orders).toHaveClass(/border-t-unhealthy/);
  await expectProperties(card(grid, names.audit), '13.9');
  await expectProperties(card(grid, names.billing), '15.3');
  await snapshot(page, 'topology-file-scraper-changed-1440-light');
});

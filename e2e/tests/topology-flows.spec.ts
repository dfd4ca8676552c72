import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';

/** Spec 001 §2 and §7: a card follows its check, snapshots, link and unlink of a config. */
test.use({ storageState: authStatePath('admin') });

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const names = {
  canary: `e2e-topo-flow-canary-${suffix}`,
  check: `e2e-topo-flow-check-${suffix}`,
  topology: `e2e-topo-flow-${suffix}`,
  component: `e2e-topo-flow-api-${suffix}`,
  config: `e2e-topo-flow-config-${suffix}`,
};
const label = `topoflow=${suffix}`;

let target: Server;
let targetHealthy = true;
let targetUrl = '';

test.beforeAll(async () => {
  target = createServer((_request, response) => {
    response.writeHead(targetHealthy ? 200 : 500).end(targetHealthy ? 'ok' : 'broken');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = target.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  targetUrl = `http://127.0.0.1:${address.port}/health`;
});

test.afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
});

async function ok(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  const text = await answer.text();
  expect(answer.status(), text).toBeLessThan(300);
  return text === '' ? undefined : JSON.parse(text);
}

async function idOf(api: APIRequestContext, pathAndQuery: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const rows = await ok(await api.get(pathAndQuery));
        const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
        id = typeof first === 'object' && first !== null && 'id' in first ? String(first.id) : '';
        return id;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return id;
}

interface Built {
  checkId: string;
  rootId: string;
  componentId: string;
}

/**
 * A canary whose one http check targets the local server (an hourly schedule: Run now moves
 * it), and a topology whose component selects that check by label.
 */
async function build(api: APIRequestContext): Promise<Built> {
  await ok(
    await api.post('/api/db/canaries', {
      data: {
        name: names.canary,
        namespace: 'e2e',
        spec: {
          schedule: '@every 1h',
          http: [
            {
              name: names.check,
              url: targetUrl,
              responseCodes: [200],
              labels: { topoflow: suffix },
            },
          ],
        },
      },
    }),
  );
  const checkId = await idOf(api, `/api/db/checks?name=eq.${names.check}&deleted_at=is.null`);
  await ok(await api.post(`/api/canary/run/check/${checkId}`));
  const topologyId = randomUUID();
  await ok(
    await api.post('/api/db/topologies', {
      data: {
        id: topologyId,
        name: names.topology,
        namespace: 'e2e',
        spec: {
          type: 'Application',
          schedule: '@every 1h',
          components: [
            {
              name: names.component,
              type: 'Service',
              checks: [{ selector: { labelSelector: label } }],
            },
          ],
        },
      },
    }),
  );
  await ok(await api.post(`/api/topology/${topologyId}/run`));
  const inTopology = `topology_id=eq.${topologyId}&deleted_at=is.null`;
  return {
    checkId,
    rootId: await idOf(api, `/api/db/components?name=eq.${names.topology}&${inTopology}`),
    componentId: await idOf(api, `/api/db/components?name=eq.${names.component}&${inTopology}`),
  };
}

let built: Built | undefined;
async function once(api: APIRequestContext): Promise<Built> {
  built ??= await build(api);
  return built;
}

/** Runs the check now, then presses the shell's Refresh until the card shows the status. */
async function expectCardStatus(page: Page, card: Locator, checkId: string, broken: boolean) {
  targetHealthy = !broken;
  await ok(await page.request.post(`/api/canary/run/check/${checkId}`));
  const status = broken ? 'unhealthy' : 'healthy';
  // The root's only child decides its status, shown in the side panel's details.
  const panel = page.getByRole('complementary', { name: 'Component details' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(card.getByText(`Status: ${status}`)).toBeAttached({ timeout: 3_000 });
    await expect(panel.getByRole('img', { name: status, exact: true })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 60_000 });
  // Red border when unhealthy, neutral otherwise (spec 001 §2); the check count follows.
  if (broken) await expect(card).toHaveClass(/border-t-unhealthy/);
  else await expect(card).not.toHaveClass(/border-t-(unhealthy|warning)/);
  await expect(card.getByTitle(`1 ${status}`)).toBeVisible();
  if (broken) await expect(card).toContainText(`check ${names.check}`);
}

async function screens(page: Page, name: string): Promise<void> {
  for (const width of [1440, 1024]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await snapshot(page, `${name}-${width}-${theme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a card turns unhealthy when its check breaks, and healthy again when it mends', async ({
  page,
}) => {
  test.setTimeout(180_000);
  targetHealthy = true;
  const { checkId, rootId } = await once(page.request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/topology/${rootId}`);
  const grid = page.getByRole('list', { name: 'Components' });
  const card = grid.getByRole('article', { name: names.component });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expectCardStatus(page, card, checkId, false);

  await expectCardStatus(page, card, checkId, true);
  await screens(page, 'topology-flow-unhealthy');

  await expectCardStatus(page, card, checkId, false);
  await expectAccessible(page);
  await screens(page, 'topology-flow-healthy');
});

test('the snapshot from the side panel is a zip of the tree, checks and configs', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { checkId, rootId, componentId } = await once(page.request);
  await page.goto(`/topology/${componentId}?refererId=${rootId}`);
  const panel = page.getByRole('complementary', { name: 'Component details' });
  await panel.getByRole('button', { name: `Actions for ${names.component}` }).click();
  await page.getByRole('menuitem', { name: 'Snapshot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Snapshot' });
  await dialog.getByRole('checkbox', { name: 'Include related components' }).check();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${names.component}-snapshot.zip`);
  await expect(dialog).toBeHidden();

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'topology-snapshot-'));
  try {
    const zip = path.join(dir, 'snapshot.zip');
    await download.saveAs(zip);
    const listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' });
    expect(listing.trim().split('\n').sort()).toEqual([
      'check-statuses.json',
      'checks.json',
      'config-changes.json',
      'configs.json',
      'related-components.json',
      'topology.json',
    ]);
    const read = (file: string) => execFileSync('unzip', ['-p', zip, file], { encoding: 'utf8' });
    expect(read('topology.json')).toContain(names.component);
    expect(read('checks.json')).toContain(names.check);
    expect(read('check-statuses.json')).toContain(checkId);
    expect(JSON.parse(read('configs.json'))).toEqual(expect.any(Array));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('a config is linked from the card menu and unlinked from the side panel', async ({ page }) => {
  test.setTimeout(120_000);
  const { rootId, componentId } = await once(page.request);
  const configId = randomUUID();
  // Each run links its own config: repeated runs would otherwise list the same name twice.
  const configName = `${names.config}-${configId.slice(0, 8)}`;
  await ok(
    await page.request.post('/api/db/config_items', {
      data: {
        id: configId,
        name: configName,
        type: 'Kubernetes::Deployment',
        config_class: 'Deployment',
        health: 'healthy',
        config: { kind: 'Deployment' },
      },
    }),
  );
  await page.goto(`/topology/${rootId}`);
  const card = page
    .getByRole('list', { name: 'Components' })
    .getByRole('article', { name: names.component });
  await card.getByRole('button', { name: `Actions for ${names.component}` }).click();
  await page.getByRole('menuitem', { name: 'Link to Catalog' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link to Catalog' });
  const link = dialog.getByRole('button', { name: 'Link', exact: true });
  await expect(link).toBeDisabled();
  await dialog.getByRole('searchbox', { name: 'Search the catalog' }).fill(configName);
  await dialog.getByRole('radio', { name: new RegExp(configName) }).check({ timeout: 30_000 });
  await expect(link).toBeEnabled();
  await link.click();
  await expect(page.getByText('config link successful')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/topology/${componentId}?refererId=${rootId}`);
  const panel = page.getByRole('complementary', { name: 'Component details' });
  await panel.getByRole('button', { name: 'Catalog' }).click();
  await expect(panel.getByRole('link', { name: configName })).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'topology-flow-linked');

  await panel.getByRole('button', { name: `Unlink ${configName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Unlink catalog item' });
  await confirm.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Deleted config link successfully')).toBeVisible();
  await expect(panel.getByRole('link', { name: configName })).toHaveCount(0);
  await expect(panel.getByText('No catalog items are linked to this component.')).toBeVisible();
  const rows = await ok(
    await page.request.get(
      `/api/db/config_component_relationships?component_id=eq.${componentId}&config_id=eq.${configId}`,
    ),
  );
  expect(rows).toEqual([]);
});

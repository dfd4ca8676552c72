import { authStatePath, expect, test, type E2eRole } from '../fixtures.ts';
import { roleApi } from '../api.ts';

/**
 * Every settings table's list and detail, opened as an admin (who may change them) and as a
 * viewer (who may only read them): issue #27's "each settings table as admin and as viewer".
 */
const runId = new URL(process.env.VIGIL_E2E_BASE_URL ?? 'http://localhost:1').port;
const name = (table: string) => `e2e-${table.replaceAll('_', '-')}-${runId}`;

interface Table {
  readonly path: string;
  readonly title: string;
  readonly table: string;
  readonly row: Record<string, unknown>;
}

const tables: readonly Table[] = [
  { path: 'teams', title: 'Teams', table: 'teams', row: { spec: {} } },
  {
    path: 'incident_rules',
    title: 'Incident Rules',
    table: 'incident_rules',
    row: { spec: { filter: { status: ['unhealthy'] } } },
  },
  {
    path: 'config_scrapers',
    title: 'Catalog Scrapers',
    table: 'config_scrapers',
    row: {
      spec: { schedule: '@every 1h', file: [{ type: 'Car', id: '$.reg', paths: ['x/*.json'] }] },
    },
  },
  {
    path: 'topologies',
    title: 'Topologies',
    table: 'topologies',
    row: { spec: { schedule: '@every 1h', components: [{ name: 'e2e-static', type: 'Service' }] } },
  },
  {
    path: 'logging_backends',
    title: 'Log Backends',
    table: 'logging_backends',
    row: { spec: { backends: [{ file: { path: ['/tmp/e2e-none/*.log'] } }] } },
  },
  {
    path: 'canaries',
    title: 'Health Checks',
    table: 'canaries',
    row: {
      spec: { schedule: '@every 1h', http: [{ name: 'tables', url: 'http://127.0.0.1:9/' }] },
    },
  },
];

test.beforeAll(async () => {
  const api = await roleApi();
  for (const t of tables) {
    const created = await api.post(`/api/db/${t.table}`, {
      data: { name: name(t.table), ...t.row },
    });
    expect(created.status(), `${t.table}: ${await created.text()}`).toBe(201);
  }
  await api.dispose();
});

test.afterAll(async () => {
  const api = await roleApi();
  const now = new Date().toISOString();
  for (const t of tables) {
    await api.patch(`/api/db/${t.table}?name=eq.${name(t.table)}`, { data: { deleted_at: now } });
  }
  await api.dispose();
});

for (const role of ['admin', 'viewer'] as const satisfies readonly E2eRole[]) {
  test.describe(`as ${role === 'admin' ? 'an admin' : 'a viewer'}`, () => {
    test.use({ storageState: authStatePath(role) });

    for (const t of tables) {
      test(`opens ${t.title}: the list, then one row's detail`, async ({ page }) => {
        await page.goto(`/settings/${t.path}`);
        await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
        await page.getByRole('link', { name: name(t.table), exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/settings/${t.path}/[0-9a-f-]{36}`));
        await expect(page.getByRole('heading', { level: 1, name: name(t.table) })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(
          role === 'admin' ? 1 : 0,
        );
      });
    }
  });
}

import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';

// Stable for the whole run (a failed test restarts the worker, which re-reads this module).
const runId = new URL(process.env.VIGIL_E2E_BASE_URL ?? 'http://localhost:1').port;
const name = `e2e-greet-${runId}`;
const title = `Greet ${runId}`;

/** A playbook with one text parameter and one exec action, written through the data API. */
test.beforeAll(async () => {
  const admin = await roleApi();
  const created = await admin.post('/api/db/playbooks', {
    data: {
      name,
      namespace: 'e2e',
      spec: {
        title,
        category: 'E2E',
        description: 'Says hello from a real child process',
        parameters: [{ name: 'greeting', label: 'Greeting', type: 'text', default: 'hello' }],
        actions: [{ name: 'say', exec: { script: 'echo "{{.params.greeting}} from vigil"' } }],
      },
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await admin.dispose();
});

test.afterAll(async () => {
  const admin = await roleApi();
  await admin.patch(`/api/db/playbooks?name=eq.${name}`, {
    data: { deleted_at: new Date().toISOString() },
  });
  await admin.dispose();
});

test.describe('as an editor', () => {
  test.use({ storageState: authStatePath('editor') });

  test('runs a playbook with a parameter and reads its output on the run page', async ({
    page,
  }) => {
    await page.goto('/playbooks');
    const category = page.getByRole('region', { name: 'E2E' });
    await expect(category).toContainText(title);
    await expectAccessible(page);
    await page.getByRole('button', { name: `Run ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    const greeting = dialog.getByLabel('Greeting');
    await expect(greeting).toHaveValue('hello');
    await greeting.fill('bonjour');
    await dialog.getByRole('button', { name: 'Run' }).click();

    await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const actions = page.getByRole('list', { name: 'Actions' });
    await expect(actions).toContainText('say');
    await expect(page.getByRole('region', { name: 'stdout' })).toContainText('bonjour from vigil', {
      timeout: 30_000,
    });
    for (const width of [1440, 1024]) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme: theme });
        await snapshot(page, `playbook-run-${width}-${theme}`);
      }
    }

    await page.goto(`/playbooks/runs`);
    await expect(page.getByRole('table')).toContainText(title);
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('sees the playbooks but cannot run them', async ({ page }) => {
    await page.goto('/playbooks');
    await expect(page.getByRole('region', { name: 'E2E' })).toContainText(title);
    await expect(page.getByRole('button', { name: `Run ${title}` })).toHaveCount(0);
  });
});

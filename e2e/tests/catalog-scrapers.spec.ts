import { type Page } from '@playwright/test';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';

// The editor chunk is large (CodeMirror, shiki): on a loaded machine it can take a while.
const editorWait = { timeout: 30_000 };
// Stable for the whole run (a failed test restarts the worker, which re-reads this module).
const runId = new URL(process.env.VIGIL_E2E_BASE_URL ?? 'http://localhost:1').port;
const name = `e2e-scraper-${runId}`;
let scraperId = '';

/** An admin creates the scraper through the data API; its glob matches no file. */
test.beforeAll(async () => {
  const admin = await roleApi();
  const created = await admin.post('/api/db/config_scrapers?select=id', {
    headers: { Prefer: 'return=representation' },
    data: {
      name,
      namespace: 'e2e',
      spec: {
        schedule: '@every 24h',
        file: [{ type: 'File', id: '$.name', paths: ['/nonexistent/vigil-e2e/*.json'] }],
      },
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const rows: unknown = await created.json();
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  scraperId = typeof first === 'object' && first !== null && 'id' in first ? String(first.id) : '';
  expect(scraperId).not.toBe('');
  await admin.dispose();
});

/** The specs after this one share the server: leave no scraper of ours behind. */
test.afterAll(async () => {
  const admin = await roleApi();
  await admin.patch(`/api/db/config_scrapers?name=eq.${name}`, {
    data: { deleted_at: new Date().toISOString() },
  });
  await admin.dispose();
});

async function replaceYaml(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Scraper spec' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test.describe('as an admin', () => {
  test.use({ storageState: authStatePath('admin') });

  test('opens the scraper from the list, edits its spec and sees its runs', async ({ page }) => {
    await page.goto('/catalog/scrapers');
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(`/catalog/scrapers/${scraperId}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const editor = page.getByRole('textbox', { name: 'Scraper spec' });
    await expect(editor).toContainText('kind: ScrapeConfig', editorWait);
    await expect(editor).toContainText('schedule: "@every 24h"');
    await expectAccessible(page);
    await snapshot(page, 'catalog-scraper-spec');

    // Off the schema: the editor says so and Save stays disabled.
    const base = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  file:
    - type: File
      id: $.name
      paths: [/nonexistent/vigil-e2e/*.json]
`;
    await replaceYaml(page, `${base}  nosuch: true\n`);
    await expect(page.getByRole('alert', { name: 'YAML problems' })).toContainText('nosuch');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    await replaceYaml(page, `${base}  schedule: "@every 12h"\n`);
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} updated successfully`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Scraper spec' })).toContainText(
      'schedule: "@every 12h"',
      editorWait,
    );

    await page.getByRole('tab', { name: 'Job History' }).click();
    await expect(page).toHaveURL(`/catalog/scrapers/${scraperId}?tab=jobs`);
    await expect(
      page.getByRole('table', { name: 'Job history' }).or(page.getByText('No details found')),
    ).toBeVisible();
    await snapshot(page, 'catalog-scraper-jobs');
  });

  test('says when there is no such scraper', async ({ page }) => {
    await page.goto('/catalog/scrapers/00000000-0000-7000-8000-00000000dead');
    await expect(page.getByText('No details found')).toBeVisible();
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('reads the spec with no write action', async ({ page }) => {
    await page.goto(`/catalog/scrapers/${scraperId}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const editor = page.getByRole('textbox', { name: 'Scraper spec' });
    await expect(editor).toContainText('kind: ScrapeConfig', editorWait);
    await expect(editor).toHaveAttribute('contenteditable', 'false');
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await snapshot(page, 'catalog-scraper-viewer');
  });
});

test.describe('as an editor', () => {
  test.use({ storageState: authStatePath('editor') });

  test('deletes the scraper after the confirmation and returns to the list', async ({ page }) => {
    await page.goto(`/catalog/scrapers/${scraperId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Catalog Scraper' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/catalog/scrapers');
    await expect(page.getByText(`${name} deleted successfully`)).toBeVisible();
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  });
});

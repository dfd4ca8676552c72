import { type Page } from '@playwright/test';
import { authStatePath, expect, expectAccessible, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';

// The editor chunk is large (CodeMirror, shiki): on a loaded machine it can take a while.
const editorWait = { timeout: 30_000 };
const runId = new URL(process.env.VIGIL_E2E_BASE_URL ?? 'http://localhost:1').port;
const team = `e2e-team-${runId}`;
const rule = `e2e-rule-${runId}`;
const scraper = `e2e-sql-${runId}`;
const screenshotDir = process.env.VIGIL_SCREENSHOTS;

/** Screenshots at 1440 and 1024 px in both themes, when the screenshot run asks for them. */
async function screens(page: Page, name: string): Promise<void> {
  if (screenshotDir === undefined) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `${screenshotDir}/${name}-${width}-${theme}.png`,
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A rule managed by a CRD, which the console shows read only. */
test.beforeAll(async () => {
  const api = await roleApi();
  const created = await api.post('/api/db/incident_rules', {
    data: { name: rule, source: 'KubernetesCRD', spec: { filter: { status: ['unhealthy'] } } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();
});

test.afterAll(async () => {
  const api = await roleApi();
  const now = new Date().toISOString();
  await api.patch(`/api/db/teams?name=eq.${team}`, { data: { deleted_at: now } });
  await api.patch(`/api/db/incident_rules?name=eq.${rule}`, {
    data: { deleted_at: now, source: 'KubernetesCRD' },
  });
  await api.patch(`/api/db/config_scrapers?name=eq.${scraper}`, { data: { deleted_at: now } });
  await api.dispose();
});

async function replaceEditor(page: Page, name: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name });
  await expect(editor).toBeVisible(editorWait);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test.describe('as an admin', () => {
  test.use({ storageState: authStatePath('admin') });

  test('creates a team, sets responder clients, adds two members and removes one', async ({
    page,
  }) => {
    await page.goto('/settings/teams');
    await page.getByRole('button', { name: 'Add Team' }).click();
    await page.getByLabel('Name', { exact: true }).fill(team);
    await replaceEditor(
      page,
      'Team spec',
      'responder_clients:\n  email:\n    defaults:\n      to: oncall@example.com\n',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${team} created successfully`)).toBeVisible();
    await expect(page).toHaveURL('/settings/teams');
    await page.getByRole('link', { name: team }).click();
    await expect(page.getByRole('textbox', { name: 'Team spec' })).toContainText(
      'oncall@example.com',
      editorWait,
    );
    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(
      page.getByText("You haven't added any team members to the team yet."),
    ).toBeVisible();
    await screens(page, 'team-members-empty');
    await page.getByRole('button', { name: 'Add Members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Members' });
    // Other specs invite more people named E2E editor or viewer: pick the setup's by email.
    await dialog.getByRole('checkbox', { name: /editor@example\.com/ }).check();
    await dialog.getByRole('checkbox', { name: /viewer@example\.com/ }).check();
    await dialog.getByRole('button', { name: 'Add 2 members' }).click();
    await expect(
      page.getByText('E2E editor, E2E viewer added to the team successfully'),
    ).toBeVisible();
    const members = page.getByRole('list', { name: 'Team members' });
    await expect(members.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page);
    await screens(page, 'team-members');
    await page.getByRole('button', { name: 'Remove E2E viewer' }).click();
    await expect(page.getByText('E2E viewer removed from team successfully')).toBeVisible();
    await expect(members.getByRole('listitem')).toHaveCount(1);
  });

  test('shows a source-managed rule in the generic list and its detail read only', async ({
    page,
  }) => {
    await page.goto('/settings/incident_rules');
    await expect(page.getByRole('columnheader', { name: 'Source' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Namespace' })).toHaveCount(0);
    await screens(page, 'incident-rules');
    await page.getByRole('link', { name: rule }).click();
    await expect(page.getByText('Managed by KubernetesCRD')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Job History' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });

  test('adds a SQL catalog scraper directly, with its required fields', async ({ page }) => {
    await page.goto('/settings/integrations');
    await page.getByRole('button', { name: 'Add Integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Integration' });
    await expect(dialog.getByRole('tab', { name: 'Add via GitOps' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Catalog Scraper' }).click();
    await dialog.getByRole('button', { name: 'SQL' }).click();
    await expect(page).toHaveURL('/settings/integrations/scrapers/new?type=sql');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Required: Name, Connection, Type, ID, Query')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(scraper);
    await page.getByLabel('Connection *').fill('postgres://vigil@127.0.0.1:1/none');
    await page.getByLabel('Type *', { exact: true }).fill('Postgres::Row');
    await page.getByLabel('ID *', { exact: true }).fill('$.id');
    await page.getByLabel('Query *').fill('select 1 as id');
    await page.getByRole('tab', { name: 'Code' }).click();
    await expect(page.getByRole('textbox', { name: 'Scraper spec' })).toContainText(
      'select 1 as id',
      editorWait,
    );
    await screens(page, 'integration-scraper-code');
    await page.getByRole('tab', { name: 'Form' }).click();
    await screens(page, 'integration-scraper-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/settings/integrations');
    await expect(page.getByRole('link', { name: scraper })).toBeVisible();
    await expectAccessible(page);
    await screens(page, 'integrations');
    await page.getByRole('link', { name: scraper }).click();
    await expect(page.getByLabel('Query *')).toHaveValue('select 1 as id');
    await page.getByRole('tab', { name: 'Job History' }).click();
    await page.getByRole('tab', { name: 'Spec' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/settings/integrations');
    await expect(page.getByRole('link', { name: scraper })).toHaveCount(0);
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('sees the settings lists without write actions', async ({ page }) => {
    await page.goto('/settings/teams');
    await expect(page.getByRole('heading', { name: 'Teams' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Team' })).toHaveCount(0);
    await page.goto('/settings/integrations');
    await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Integration' })).toHaveCount(0);
  });
});

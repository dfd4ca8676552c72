import { type Page } from '@playwright/test';
import { z } from 'zod';
import { authStatePath, expect, snapshot, test } from '../fixtures.ts';
import { adminAccount } from '../accounts.ts';
import { recordSecret } from '../secrets.ts';
import { expectAccessibleWithoutToasts } from '../toasts.ts';
import { pushAsAgent, refusedNow } from '../agent-push.ts';
import { asAdmin } from '../api.ts';

const suffix = Date.now().toString(36);
const agentName = `e2e-agent-${suffix}`;
const keptName = `e2e-kept-${suffix}`;
const bulkPrefix = `e2e-bulk-${suffix}`;

/** An agent reports one canary with one failing check. */
async function pushFailingCheck(token: string, name: string): Promise<void> {
  const check = { canary: `${name}-canary`, namespace: 'e2e', name, url: 'http://127.0.0.1:9/' };
  await pushAsAgent(process.env.VIGIL_E2E_BASE_URL ?? '', token, check, [refusedNow()]);
}

/** The health table's row of one check (not its canary's group row). */
function checkRow(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Checks' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** The server shares a health summary for 5 s (docs/health.md): reload until it shows `ready`. */
async function reloadUntil(page: Page, ready: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await ready();
  }).toPass({ timeout: 30_000, intervals: [1_000] });
}

function agentRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Agents' }).getByRole('row').filter({ hasText: name });
}

async function deleteAgent(page: Page, name: string, cleanup: 'Yes' | 'No'): Promise<void> {
  await agentRow(page, name).getByRole('button', { name }).click();
  const drawer = page.getByRole('dialog', { name: `Edit Agent ${name}` });
  await drawer.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete resources' });
  await expect(ask).toContainText('Delete the resources created by agent');
  await expectAccessibleWithoutToasts(page);
  await snapshot(page, `agents-delete-ask-${cleanup}`);
  await ask.getByRole('button', { name: cleanup }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Agent' });
  await expect(confirm).toContainText(
    cleanup === 'Yes' ? 'and the resources it created' : 'What it created is kept',
  );
  await snapshot(page, `agents-delete-confirm-${cleanup}`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Agent deleted')).toBeVisible();
  await expect(agentRow(page, name)).toHaveCount(0);
  await expect(page).not.toHaveURL(/id=/);
}

test.afterAll(async () => {
  await asAdmin(async (api) => {
    const cleaned = await api.patch(`/api/db/agents?name=like.e2e-*${suffix}*`, {
      data: { deleted_at: new Date().toISOString(), cleanup: true },
    });
    expect(cleaned.status(), await cleaned.text()).toBeLessThan(300);
  });
});

test.describe('as an admin', () => {
  // The delete test removes the agent the first test created.
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: authStatePath('admin') });

  test('creates an agent, shows its token once, edits it, and it reports upstream', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/health');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Agents' }).click();
    await expect(page).toHaveURL(/\/settings\/agents$/);
    await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Agent' }).click();
    await expect(page).toHaveURL(/addAgent=true/);
    const drawer = page.getByRole('dialog', { name: 'Add Agent' });
    await drawer.getByRole('button', { name: 'Next' }).click();
    await expect(drawer.getByText('This field is required')).toBeVisible();
    await drawer.getByLabel('Name').fill(agentName);
    await drawer.getByLabel('Description').fill('EU production');
    await drawer.getByRole('button', { name: 'Add property' }).click();
    await drawer.getByLabel('Property 1 key').fill('region');
    await drawer.getByLabel('Property 1 value').fill('eu');
    await drawer.getByLabel('Scrape the cluster the agent runs in').check();
    await expect(drawer.getByLabel('Scrape interval')).toHaveValue('30m');
    await drawer.getByLabel('Exclusions').fill('kube-system');
    await expectAccessibleWithoutToasts(page);
    await snapshot(page, 'agents-create-form');
    await drawer.getByRole('button', { name: 'Next' }).click();

    const dialog = page.getByRole('dialog', { name: 'Installation Instructions' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Agent created')).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText('shown only once');
    const token = (await dialog.getByLabel('Access token', { exact: true }).textContent()) ?? '';
    expect(token).toMatch(/^vga_[0-9a-f]{32}\./);
    recordSecret('agent access token', token);
    await expect(dialog.getByLabel('Kubernetes manifest', { exact: true })).toContainText(
      'kind: Deployment',
    );
    await expectAccessibleWithoutToasts(page);
    await snapshot(page, 'agents-install-kubernetes');

    await dialog.getByRole('tab', { name: 'CLI' }).click();
    const origin = new URL(page.url()).origin;
    const command = `vigil agent --upstream ${origin} --token ${token} --name ${agentName}`;
    await expect(dialog.getByLabel('CLI command', { exact: true })).toHaveText(command);
    await dialog.getByRole('button', { name: 'Copy CLI command' }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    await expectAccessibleWithoutToasts(page);
    await snapshot(page, 'agents-install-cli');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/addAgent|token/);

    const row = agentRow(page, agentName);
    await expect(row).toContainText('Offline');
    await expect(row).toContainText(adminAccount.first);

    await row.getByRole('button', { name: agentName }).click();
    await expect(page).toHaveURL(/[?&]id=/);
    const edit = page.getByRole('dialog', { name: `Edit Agent ${agentName}` });
    await expect(edit.getByLabel('Name')).toHaveAttribute('readonly', '');
    await expect(edit.getByLabel('Property 1 key')).toHaveValue('region');
    await expect(edit.getByLabel('Exclusions')).toHaveValue('kube-system');
    await edit.getByLabel('Description').fill('EU production, moved');
    await expectAccessibleWithoutToasts(page);
    await snapshot(page, 'agents-edit-drawer');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Agent updated')).toBeVisible();
    await expect(edit).toBeHidden();
    await row.getByRole('button', { name: agentName }).click();
    await expect(edit.getByLabel('Description')).toHaveValue('EU production, moved');
    await page.keyboard.press('Escape');

    await pushFailingCheck(token, `${agentName}-check`);
    await page.getByRole('button', { name: 'Refresh agents' }).click();
    await expect(row).toContainText('Online');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await expectAccessibleWithoutToasts(page);
    await snapshot(page, 'agents-list');

    // Passing checks are hidden by default: the pushed check passes.
    await page.goto(`/health?tabBy=agent&tab=${agentName}&hidePassing=false`);
    const check = checkRow(page, `${agentName}-check`);
    await reloadUntil(page, () => expect(check).toBeVisible({ timeout: 2_000 }));
    await expect(check.getByTitle(`Agent: ${agentName}`)).toBeVisible();
    await snapshot(page, 'agents-health-check');
  });

  test('deletes an agent with and without the resources it created', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await asAdmin(async (api) => {
      const created = await api.post('/api/agent/generate', { data: { name: keptName } });
      expect(created.status(), await created.text()).toBe(201);
      const body: unknown = await created.json();
      const value = typeof body === 'object' && body !== null && 'access_token' in body;
      expect(value).toBe(true);
      return value ? String(body.access_token) : '';
    });
    recordSecret('agent access token', token);
    await pushFailingCheck(token, `${keptName}-check`);

    // Two agents with checks: the health page tabs by agent, one tab each.
    await page.goto('/health?tabBy=agent');
    const keptTab = page.getByRole('tab', { name: new RegExp(`^${keptName}`) });
    await reloadUntil(page, () => expect(keptTab).toBeVisible({ timeout: 2_000 }));
    await keptTab.click();
    await expect(page).toHaveURL(new RegExp(`tab=${keptName}`));
    await expect(checkRow(page, `${keptName}-check`)).toBeVisible();
    await expect(checkRow(page, `${agentName}-check`)).toHaveCount(0);
    await page.getByRole('tab', { name: new RegExp(`^${agentName}`) }).click();
    await expect(checkRow(page, `${agentName}-check`)).toBeVisible();
    await expect(checkRow(page, `${keptName}-check`)).toHaveCount(0);
    await snapshot(page, 'agents-health-tab');

    await page.goto('/agents');
    await deleteAgent(page, keptName, 'No');
    await page.goto(`/health?tabBy=agent&tab=${keptName}`);
    await expect(checkRow(page, `${keptName}-check`)).toBeVisible();

    await page.goto('/agents');
    await deleteAgent(page, agentName, 'Yes');
    await snapshot(page, 'agents-after-delete');
    // The health summary keeps checks deleted within its window, so ask the data API.
    const deletedAt = async (checkName: string): Promise<string | null> => {
      const answer = await page.request.get(
        `/api/db/checks?select=deleted_at&name=eq.${checkName}`,
      );
      const rows = z
        .array(z.object({ deleted_at: z.string().nullable() }))
        .length(1)
        .parse(await answer.json());
      return rows[0]?.deleted_at ?? null;
    };
    expect(await deletedAt(`${keptName}-check`)).toBeNull();
    expect(await deletedAt(`${agentName}-check`)).toEqual(expect.any(String));
  });

  test('sorts and pages on the server with the state in the URL', async ({ page }) => {
    test.setTimeout(120_000);
    await asAdmin(async (api) => {
      for (let index = 0; index < 52; index += 1) {
        const name = `${bulkPrefix}-${String(index).padStart(2, '0')}`;
        const created = await api.post('/api/agent/generate', { data: { name } });
        expect(created.status(), await created.text()).toBe(201);
      }
    });
    await page.goto('/agents');
    const rows = page.getByRole('table', { name: 'Agents' }).locator('tbody tr');
    await expect(rows).toHaveCount(50);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toContainText(/1–50 of \d+/);
    await pagination.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/pageIndex=1/);
    await expect(pagination).toContainText(/51–/);

    await pagination.getByLabel('Rows per page').selectOption('100');
    await expect(page).toHaveURL(/pageSize=100/);
    await expect(page).not.toHaveURL(/pageIndex/);
    // The second page's two rows stay on screen until the 100-row page arrives.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(52);

    await page.getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/sortBy=name&sortOrder=desc/);
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // The rows of the previous order stay on screen until the sorted page arrives.
    await expect
      .poll(async () => {
        const names = await rows.locator('td:first-child').allTextContents();
        const descending = [...names].sort((a, b) => b.localeCompare(a));
        return names.length >= 52 && names.join('\n') === descending.join('\n');
      })
      .toBe(true);

    await page.reload();
    await expect(page.getByLabel('Rows per page')).toHaveValue('100');
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expectAccessibleWithoutToasts(page);
    await snapshot(page, 'agents-paged');
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('sees the agents but cannot add one', async ({ page }) => {
    await page.goto('/agents?addAgent=true');
    await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Agents' }).or(page.getByText('No data available')),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Agent' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

import {
  startPrivatePostgres,
  type PrivatePostgres,
} from '../../apps/server/test/health/fixtures/postgres-server.ts';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { recordSecret } from '../secrets.ts';
import { roleApi } from '../api.ts';

// Stable for the whole run (a failed test restarts the worker, which re-reads this module).
const runId = new URL(process.env.VIGIL_E2E_BASE_URL ?? 'http://localhost:1').port;
const pgName = `e2e-pg-${runId}`;

/** A PostgreSQL that checks passwords (the machine's trusts loopback): user postgres. */
let postgres: PrivatePostgres;
const rightPassword = 'superSecret';

test.beforeAll(async () => {
  postgres = await startPrivatePostgres();
  recordSecret('connection password', rightPassword);
  recordSecret('connection password', 'wrong-password-123');
});

/** The specs after this one share the server: leave no connection of ours behind. */
test.afterAll(async () => {
  await postgres?.stop();
  const admin = await roleApi();
  const cleaned = await admin.patch(`/api/db/connections?name=like.e2e-*-${runId}`, {
    data: { deleted_at: new Date().toISOString() },
  });
  expect(cleaned.ok()).toBe(true);
  await admin.dispose();
});

test.describe('as an admin', () => {
  test.use({ storageState: authStatePath('admin') });

  test('adds a postgres connection, tests a wrong password, fixes it and deletes it', async ({
    page,
  }) => {
    await page.goto('/settings/connections');
    await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Connection' }).click();
    const picker = page.getByRole('dialog', { name: 'Add Connection' });
    const labels = await picker.getByRole('button', { name: /./ }).allTextContents();
    expect(labels).toContain('PostgreSQL');
    expect(labels).not.toContain('JMeter');
    await expectAccessible(page);
    await snapshot(page, 'connections-type-picker');
    await picker.getByRole('button', { name: 'PostgreSQL', exact: true }).click();

    const form = page.getByRole('dialog', { name: 'Add PostgreSQL Connection' });
    await expect(form.getByLabel('Namespace *')).toHaveValue('default');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('This field is required')).toHaveCount(2);
    await form.getByLabel('Name *').fill(pgName);
    await form
      .getByLabel('URL *')
      .fill(`postgres://$(username):$(password)@127.0.0.1:${postgres.port}/postgres`);
    await form.getByLabel('Username', { exact: true }).fill('postgres');
    await form.getByLabel('Password', { exact: true }).fill('wrong-password-123');
    await expectAccessible(page);
    await snapshot(page, 'connections-add-postgres');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Connection added successfully')).toBeVisible();
    await expect(form).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: pgName });
    await expect(row).toContainText('default');
    await expect(row).toContainText('PostgreSQL');
    await snapshot(page, 'connections-list');
    await row.click();
    const edit = page.getByRole('dialog', { name: 'Edit PostgreSQL Connection' });
    // The stored password comes back masked, never as written.
    await expect(edit.getByLabel('Password', { exact: true })).toHaveValue('********');
    await edit.getByRole('button', { name: 'Test' }).click();
    await expect(edit.getByRole('status')).toHaveText(
      'password authentication failed for user "postgres"',
    );
    await snapshot(page, 'connections-test-failed');

    await edit.getByLabel('Password', { exact: true }).fill(rightPassword);
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Connection updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    // Wait out the first toast, so that the next one proves the next update.
    await expect(page.getByText('Connection updated successfully')).toHaveCount(0, {
      timeout: 30_000,
    });

    await row.click();
    await edit.getByRole('button', { name: 'Test' }).click();
    await expect(edit.getByRole('status')).toHaveText('Connection successful');
    await expectAccessible(page);
    await snapshot(page, 'connections-test-passed');

    // An Update that leaves the masked password alone keeps the one stored.
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Connection updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await row.click();
    await edit.getByRole('button', { name: 'Test' }).click();
    await expect(edit.getByRole('status')).toHaveText('Connection successful');

    await edit.getByRole('button', { name: 'Delete' }).click();
    await edit.getByRole('button', { name: 'Confirm Delete' }).click();
    await expect(page.getByText('Connection deleted successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: pgName })).toHaveCount(0);
  });

  test('builds a notification form with defaults and secret references', async ({ page }) => {
    const name = `e2e-ntfy-${runId}`;
    await page.goto('/settings/connections?add=1');
    await page
      .getByRole('dialog', { name: 'Add Connection' })
      .getByRole('button', { name: 'ntfy', exact: true })
      .click();
    const form = page.getByRole('dialog', { name: 'Add ntfy Connection' });
    await expect(form.getByLabel('Host *')).toHaveValue('ntfy.sh');
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Topic *').fill('ops');
    const password = form.getByRole('radiogroup', { name: 'Password source' });
    await password.getByRole('radio', { name: 'Secret' }).click();
    await form.getByLabel('Password Secret name').fill('ntfy');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText('A secret or config map needs both a name and a key'),
    ).toBeVisible();
    await form.getByLabel('Password Secret key').fill('token');
    await expectAccessible(page);
    await snapshot(page, 'connections-add-ntfy');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Connection added successfully')).toBeVisible();

    await page.getByRole('row').filter({ hasText: name }).click();
    const edit = page.getByRole('dialog', { name: 'Edit ntfy Connection' });
    await expect(edit.getByLabel('Password Secret name')).toHaveValue('ntfy');
    await expect(edit.getByLabel('Password Secret key')).toHaveValue('token');
    // Switching the source clears the value.
    await edit
      .getByRole('radiogroup', { name: 'Password source' })
      .getByRole('radio', { name: 'ConfigMap' })
      .click();
    await expect(edit.getByLabel('Password ConfigMap name')).toHaveValue('');
    // A notification test sends a real message: here it stops at the unreadable secret.
    await edit.getByRole('button', { name: 'Test' }).click();
    await expect(edit.getByRole('status')).toHaveText(/^secret ntfy\/token cannot be read/);
    await edit.getByRole('button', { name: 'Back' }).click();
    await expect(edit).toBeHidden();
  });
});

test.describe('forms of other types', () => {
  test.use({ storageState: authStatePath('admin') });

  test('shows email groups and switches, and git authentication choices', async ({ page }) => {
    await page.goto('/settings/connections?type=email');
    const email = page.getByRole('dialog', { name: 'Add Email Connection' });
    const server = email.getByRole('group', { name: 'SMTP server' });
    await expect(server.getByLabel('Port')).toHaveValue('587');
    await expect(server.getByRole('radio', { name: 'Auto' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(server.getByRole('radio', { name: 'Unknown' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expectAccessible(page);
    await snapshot(page, 'connections-form-email');

    await page.goto('/settings/connections?type=git');
    const git = page.getByRole('dialog', { name: 'Add Git Connection' });
    await expect(git.getByLabel('Ref')).toHaveValue('main');
    await expect(git.getByLabel('Password', { exact: true })).toBeVisible();
    await git.getByRole('radio', { name: 'ssh' }).click();
    await expect(git.getByLabel('SSH Private Key *', { exact: true })).toBeVisible();
    await expect(git.getByLabel('Password', { exact: true })).toHaveCount(0);
    await snapshot(page, 'connections-form-git');
    await git.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Connection' })).toBeVisible();
  });
});

test.describe('as an editor', () => {
  test.use({ storageState: authStatePath('editor') });

  test('sees the list without Add, and may test but not change a connection', async ({ page }) => {
    await page.goto('/settings/connections');
    await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Connections' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Connection' })).toHaveCount(0);
    await page
      .getByRole('row')
      .filter({ hasText: `e2e-ntfy-${runId}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit ntfy Connection' });
    await expect(edit.getByRole('button', { name: 'Test' })).toBeVisible();
    await expect(edit.getByRole('button', { name: /Update|Delete/ })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('is refused the page', async ({ page }) => {
    await page.goto('/settings/connections');
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';
import {
  firstOf,
  runCheckUntil,
  startFakeJira,
  startTarget,
  type LocalServer,
} from '../incident-fakes.ts';
import { seedFailingCheck, seedJiraTeam, softDelete } from '../incident-seed.ts';
import { recordSecret } from '../secrets.ts';

/**
 * Issue #25's end-to-end list, as a commander: a failing check linked to a new incident, the
 * hypothesis tree and a mention, a Jira responder against a local fake, mitigated through the
 * contributing factors, resolved by its definition of done when the check mends, and the
 * changelog of it all. The tests run in order on one incident.
 */
test.describe.configure({ mode: 'serial' });
test.use({ storageState: authStatePath('commander') });

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const names = {
  canary: `e2e-incflow-canary-${suffix}`,
  check: `e2e-incflow-check-${suffix}`,
  connection: `e2e-incflow-jira-${suffix}`,
  team: `e2e-incflow-ops-${suffix}`,
  incident: `E2E checkout probe failing ${suffix}`,
};
const jiraToken = `jira-token-${suffix}`;

let admin: APIRequestContext;
let target: LocalServer & { mend(): void };
let jira: Awaited<ReturnType<typeof startFakeJira>>;
let checkId = '';
let incidentPath = '';

test.beforeAll(async () => {
  recordSecret('jira connection password', jiraToken);
  [target, jira, admin] = await Promise.all([startTarget(), startFakeJira(), roleApi('admin')]);
  checkId = await seedFailingCheck(admin, names, target.url);
  await seedJiraTeam(admin, names, { url: jira.url, username: 'e2e-bot', password: jiraToken });
});

/** The specs after this one share the server: leave no row of ours open or alive. */
test.afterAll(async () => {
  const incidentId = incidentPath.split('/').at(-1) ?? '';
  if (incidentId !== '') await softDelete(admin, `incidents?id=eq.${incidentId}`);
  await softDelete(admin, `canaries?name=eq.${names.canary}`);
  await softDelete(admin, `teams?name=eq.${names.team}`);
  await softDelete(admin, `connections?name=eq.${names.connection}`);
  await admin.dispose();
  await Promise.all([target.close(), jira.close()]);
});

async function openIncident(page: Page): Promise<void> {
  expect(incidentPath, 'the first test creates the incident').not.toBe('');
  await page.goto(incidentPath);
  await expect(page.getByRole('heading', { name: names.incident })).toBeVisible();
}

/** Opens one of the right panel's sections (one is open at a time). */
async function openSection(page: Page, name: 'Details' | 'Definition of done' | 'Changelog') {
  const toggle = page.getByRole('button', { name: new RegExp(`^${name}`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('links a failing check to a new incident from its modal, with the evidence', async ({
  page,
}) => {
  await page.goto(`/health?checkId=${checkId}`);
  const modal = page.getByRole('dialog', { name: names.check });
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await modal.getByRole('button', { name: 'Link to Incident' }).click();
  const link = page.getByRole('dialog', { name: 'Link to Incident' });
  await link.getByLabel('Incident', { exact: true }).selectOption({ label: 'Create new incident' });
  await expect(link.getByLabel('Incident title')).toHaveValue(names.check);
  await expect(link.getByLabel('Type')).toHaveValue('availability');
  await expect(link.getByLabel('Severity')).toHaveValue('low');
  await link.getByLabel('Incident title').fill(names.incident);
  await link.getByLabel('Severity').selectOption('high');
  await expectAccessible(page);
  await snapshot(page, 'incident-flows-link-to-incident');
  await link.getByRole('button', { name: 'Link' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({
    hasText: 'Linked to incident successfully',
  });
  await expect(toast).toBeVisible();
  await expect(link).toBeHidden();
  await toast.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  incidentPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: names.incident })).toBeVisible();

  // The check is the evidence of a factor named after the incident, under the root.
  await page.getByRole('tab', { name: 'Action Plan' }).click();
  await expect(
    page.getByRole('textbox', { name: `Title of factor ${names.incident}` }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText(names.check).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('open');
});

test('builds a hypothesis tree and mentions a person in a comment', async ({ page }) => {
  await openIncident(page);
  await page.getByRole('tab', { name: 'Action Plan' }).click();
  await page.getByRole('button', { name: 'Add Issue' }).click();
  const issue = page.getByRole('dialog', { name: 'Create Issue' });
  await issue.getByLabel('Title').fill('Payment gateway timeouts');
  await issue.getByRole('button', { name: 'Create' }).click();
  await expect(issue).toBeHidden();
  // The innermost node holding the title: list items nest down the tree.
  const factor = page
    .getByRole('listitem')
    .filter({
      has: page.getByRole('textbox', { name: 'Title of factor Payment gateway timeouts' }),
    })
    .last();
  await factor.getByRole('button', { name: 'Add Potential Solution' }).click();
  const solution = page.getByRole('dialog', { name: 'Create Potential Solution' });
  await solution.getByLabel('Title').fill('Raise the gateway timeout');
  await solution.getByRole('button', { name: 'Create' }).click();
  await expect(solution).toBeHidden();
  await expect(
    page.getByRole('textbox', { name: 'Title of solution Raise the gateway timeout' }),
  ).toBeVisible();
  // Solution nodes take no children.
  const leaf = page
    .getByRole('listitem')
    .filter({
      has: page.getByRole('textbox', { name: 'Title of solution Raise the gateway timeout' }),
    })
    .last();
  await expect(leaf.getByRole('button', { name: /^Add / })).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'incident-flows-hypothesis-tree');

  await page.getByRole('tab', { name: 'Comments' }).click();
  const box = page.getByLabel('Comment', { exact: true });
  await box.pressSequentially('Paging @Ada');
  await page
    .getByRole('listbox', { name: 'Mention someone' })
    .getByRole('button', { name: 'Ada Admin' })
    .click();
  await expect(box).toHaveValue(/^Paging @\[Ada Admin\]\(user:[0-9a-f-]{36}\) $/);
  await box.pressSequentially('about the gateway');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const timeline = page.getByRole('tabpanel', { name: 'Comments' });
  await expect(timeline.getByText('@Ada Admin', { exact: true })).toBeVisible();
  await expect(timeline.getByText(/about the gateway/)).toBeVisible();
  await expect(timeline.getByText(/@\[Ada Admin\]/)).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'incident-flows-mention');
});

test('adds a Jira responder whose ticket carries the templated fields', async ({ page }) => {
  await openIncident(page);
  await openSection(page, 'Details');
  await page.getByRole('button', { name: 'Add Responders' }).click();
  const wizard = page.getByRole('dialog', { name: /^Add Responders/ });
  await wizard.getByLabel('Team or person').selectOption({ label: names.team });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: 'Jira' }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toHaveAccessibleName('Add Responders: Save Team Responder');
  await expect(wizard.getByLabel('summary')).toHaveValue(
    '{{ .incident.incident_id }}: {{ .incident.title }}',
  );
  await expectAccessible(page);
  await snapshot(page, 'incident-flows-jira-responder');
  await wizard.getByRole('button', { name: 'Save' }).click();
  await expect(wizard).toBeHidden();

  const id = incidentPath.split('/').at(-1) ?? '';
  const displayId = await firstOf(admin, `/api/db/incidents?id=eq.${id}`, 'incident_id');
  await expect.poll(() => jira.received.filter((r) => r.method === 'POST').length).toBe(1);
  expect(jira.received.find((r) => r.method === 'POST')).toEqual({
    method: 'POST',
    path: '/rest/api/2/issue',
    auth: `Basic ${Buffer.from(`e2e-bot:${jiraToken}`).toString('base64')}`,
    body: {
      fields: {
        project: { key: 'OPS' },
        issuetype: { name: 'Incident' },
        priority: { name: 'High' },
        summary: `${displayId}: ${names.incident}`,
        description: 'Severity high',
      },
    },
  });
  // The ticket's key comes back as the responder's external id.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('OPS-1', { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
});

test('moves to mitigated through the contributing factors, and resolves when the check mends', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openIncident(page);
  await openSection(page, 'Details');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('mitigated');
  const factors = page.getByRole('dialog', {
    name: 'Add contributing factors to definition of done',
  });
  await factors.getByRole('button', { name: 'Submit' }).click();
  await expect(factors.getByText('Please select atleast one evidence')).toBeVisible();
  await factors.getByRole('checkbox', { name: new RegExp(names.check) }).check();
  await expectAccessible(page);
  await snapshot(page, 'incident-flows-contributing-factors');
  await factors.getByRole('button', { name: 'Submit' }).click();
  await expect(factors).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue(
    'mitigated',
  );

  // The factor is done once its check is healthy again (no 5-minute wait in a test).
  await openSection(page, 'Definition of done');
  const items = page.getByRole('list', { name: 'Definition of done' });
  await items.getByRole('button', { name: `Actions for ${names.check}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit definition of done' });
  const script = edit.getByLabel('Script (optional, CEL)');
  await expect(script).toHaveValue("check.status == 'healthy' && check.age > duration('5m')");
  await script.fill("check.status == 'healthy'");
  await expectAccessible(page);
  await snapshot(page, 'incident-flows-edit-definition-of-done');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(items.getByRole('img', { name: 'Not resolved' })).toBeVisible();

  target.mend();
  await runCheckUntil(admin, checkId, 'healthy');
  // The definition-of-done worker runs every 5 s here (e2e/server.ts): reload until it has run.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue(
      'resolved',
      {
        timeout: 3_000,
      },
    );
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await openSection(page, 'Definition of done');
  await expect(items.getByRole('img', { name: 'Resolved' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'incident-flows-resolved');
});

test('shows every step in the changelog', async ({ page }) => {
  await openIncident(page);
  await openSection(page, 'Changelog');
  const changelog = page.getByRole('list', { name: 'Changelog' });
  const entry = (label: string, description?: RegExp) =>
    changelog
      .getByRole('listitem')
      .filter({ has: page.getByText(label, { exact: true }) })
      .filter(description ? { hasText: description } : {});
  await expect(entry('Incident created', new RegExp(names.incident))).toHaveCount(1);
  // The factor the link made is named after the incident, as is the root.
  await expect(entry('Hypothesis created', new RegExp(names.incident)).first()).toBeVisible();
  await expect(entry('Evidence added', new RegExp(names.check))).toHaveCount(1);
  await expect(entry('Hypothesis created', /Payment gateway timeouts/)).toHaveCount(1);
  await expect(entry('Hypothesis created', /Raise the gateway timeout/)).toHaveCount(1);
  await expect(entry('Responder added', /jira/)).toHaveCount(1);
  await expect(entry('Added to definition of done', new RegExp(names.check))).toHaveCount(1);
  await expect(entry('Status changed', /open → mitigated/)).toHaveCount(1);
  await expect(entry('Status changed automatically', /mitigated → resolved/)).toHaveCount(1);
  await expectAccessible(page);
  await snapshot(page, 'incident-flows-changelog');
});

import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { deleteCanaries, replaceYaml } from '../canaries.ts';
import { startLocalTarget, type LocalTarget } from '../local-target.ts';

// The editor chunk is large (CodeMirror, shiki): on a loaded machine it can take a while.
const editorWait = { timeout: 30_000 };

// Stable for the whole run (a failed test restarts the worker, which re-reads this module).
const runId = new URL(process.env.VIGIL_E2E_BASE_URL ?? 'http://localhost:1').port;
const httpName = `e2e-http-${runId}`;
const promName = `e2e-prom-${runId}`;

/** A real target for the HTTP canary: answers 200 with a small JSON body. */
let target: LocalTarget;
let targetUrl = '';

test.beforeAll(async () => {
  target = await startLocalTarget((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status":"ok"}');
  });
  targetUrl = `${target.url}/health`;
});

/** The specs after this one share the server: leave no canary of ours behind. */
test.afterAll(async () => {
  await target.close();
  await deleteCanaries(`e2e-*-${runId}`);
});

test.describe('as an admin', () => {
  test.use({ storageState: authStatePath('admin') });

  test('adds an HTTP canary through the form against a local server', async ({ page }) => {
    await page.goto('/settings/canaries');
    await expect(page.getByRole('heading', { name: 'Health Checks' })).toBeVisible();
    await snapshot(page, 'canaries-list-before');
    await page.getByRole('button', { name: 'Add Health Check' }).click();
    const picker = page.getByRole('dialog', { name: 'Add Health Check' });
    const labels = await picker.getByRole('link').allTextContents();
    // The types with a runner on this server, and Custom; known types without one are not offered
    // (the exact list is the unit test of offeredCanaryTypes against the served schema).
    expect(labels.length).toBeGreaterThanOrEqual(17);
    expect(labels).toEqual(expect.arrayContaining(['HTTP', 'AWS S3', 'Custom']));
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(labels).not.toContain('Pod');
    await expectAccessible(page);
    await snapshot(page, 'canaries-type-picker');
    await picker.getByRole('link', { name: 'HTTP', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Add HTTP Health Check' })).toBeVisible();
    await page.getByLabel('Name *', { exact: true }).fill(httpName);
    await expect(page.getByLabel('Schedule')).toHaveValue('@every 5m');
    await page.getByLabel('Schedule').selectOption('@every 30s');
    // Labels are a JSON editor; JSON that does not parse says so under it.
    const labelsEditor = page.getByRole('textbox', { name: 'Labels' });
    await labelsEditor.fill('{"team": "sre", "env": ');
    await labelsEditor.blur();
    await expect(page.getByText(/^Invalid JSON: /)).toBeVisible();
    await labelsEditor.fill('{"team": "sre", "env": "e2e"}');
    await page.getByLabel('Threshold (ms)').fill('fast');
    await page.getByLabel('Threshold (ms)').blur();
    await expect(page.getByText('This field must be a number')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(2);
    await snapshot(page, 'canaries-http-form-errors');

    await page.getByLabel('Check Name *').fill('homepage');
    await page.getByLabel('URL *').fill(targetUrl);
    await page.getByLabel('Threshold (ms)').fill('2000');
    await page.getByLabel('200').check();
    await expect(page.getByText('This field is required')).toHaveCount(0);
    await expectAccessible(page);

    // The YAML follows the form.
    await page.getByRole('tab', { name: 'YAML' }).click();
    const editor = page.getByRole('textbox', { name: 'Canary YAML' });
    await expect(editor).toContainText(`url: ${targetUrl}`);
    await expect(editor).toContainText('thresholdMillis: 2000');
    await expect(editor).toContainText(`name: ${httpName}`);
    await expect(editor).toContainText('team: sre');
    await snapshot(page, 'canaries-http-yaml');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(/\/settings\/canaries$/);
    await expect(page.getByText(`${httpName} created successfully`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: httpName });
    await expect(row).toContainText('@every 30s');
    await expect(row).toContainText('UI');
    await expect(row).toContainText('Ada Admin');
    await expect(row).toContainText('+1 more');
    await snapshot(page, 'canaries-list-after-create');
  });

  test('the list shows the canary run from job history', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/settings/canaries');
    const row = page.getByRole('row').filter({ hasText: httpName });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toContainText('SUCCESS', { timeout: 2_000 });
    }).toPass({ timeout: 75_000, intervals: [2_000] });
    await expect(row.getByText('SUCCESS')).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'canaries-list-job-status');

    await page.getByRole('link', { name: httpName }).click();
    await page.getByRole('tab', { name: 'Job History' }).click();
    const history = page.getByRole('table', { name: 'Job history' });
    await expect(history.getByRole('row').nth(1)).toContainText('SUCCESS');
    await expectAccessible(page);
    await snapshot(page, 'canaries-job-history');
  });

  test('creates a Prometheus canary in YAML after fixing a schema error', async ({ page }) => {
    await page.goto('/settings/canaries');
    await page.getByRole('button', { name: 'Add Health Check' }).click();
    await page.getByRole('link', { name: 'Prometheus', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Add Prometheus Health Check' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Canary YAML' })).toBeVisible(editorWait);

    const resource = (queryKey: string) =>
      [
        'apiVersion: canaries.flanksource.com/v1',
        'kind: Canary',
        'metadata:',
        `  name: ${promName}`,
        '  namespace: default',
        'spec:',
        '  schedule: "@every 5m"',
        '  prometheus:',
        '    - name: targets-up',
        '      url: http://127.0.0.1:9/',
        `      ${queryKey}: up == 1`,
        '',
      ].join('\n');
    const problems = page.getByRole('alert', { name: 'YAML problems' });
    const save = page.getByRole('button', { name: 'Save' });
    await replaceYaml(page, resource('qurey'));
    // A schema problem is listed under the editor and keeps Save disabled until it is fixed.
    await expect(problems).toContainText('qurey');
    await expect(save).toBeDisabled();
    await snapshot(page, 'canaries-prometheus-schema-error');
    await replaceYaml(page, resource('query'));
    await expect(problems).toHaveCount(0);
    await expect(save).toBeEnabled();

    // A schedule the server would refuse is marked in the editor's gutter before any Save.
    await replaceYaml(page, resource('query').replace('@every 5m', '@every banana'));
    await expect(problems).toContainText(
      'spec.schedule must be @every followed by a duration such as 30s or 1m30s',
    );
    await expect(page.locator('.cm-gutter-lint .cm-lint-marker-error')).toHaveCount(1);
    await expect(save).toBeDisabled();
    await snapshot(page, 'canaries-schedule-error');
    await replaceYaml(page, resource('query'));
    await expect(problems).toHaveCount(0);
    await expect(page.locator('.cm-gutter-lint .cm-lint-marker-error')).toHaveCount(0);

    // Broken YAML is reported and cannot be saved either.
    await replaceYaml(page, 'spec: [unclosed');
    await expect(problems).toContainText('Invalid YAML');
    await expect(save).toBeDisabled();
    await snapshot(page, 'canaries-invalid-yaml');

    // An emptied editor is an empty object: nothing to report, and nothing to save without a name.
    await replaceYaml(page, '');
    await expect(problems).toHaveCount(0);
    await expect(page.getByText('Empty ({}): a Canary with an empty spec')).toBeVisible();
    await save.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'metadata.name is required' }),
    ).toBeVisible();
    await snapshot(page, 'canaries-empty-yaml');

    // What the schema cannot tell, the server does, and it names the field.
    await replaceYaml(page, resource('query').split('  prometheus:')[0] ?? '');
    await expect(problems).toHaveCount(0);
    await save.click();
    await expect(
      page.getByRole('alert').filter({ hasText: /^spec declares no checks/ }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/canaries\/new/);
    await snapshot(page, 'canaries-prometheus-server-error');

    // Completion and hover docs come from the schema.
    await replaceYaml(page, `${resource('query')}      `);
    await page.keyboard.type('desc');
    const completion = page.locator('.cm-tooltip-autocomplete');
    await expect(completion).toContainText('description');
    await snapshot(page, 'canaries-yaml-completion');
    await page.keyboard.press('Escape');
    await page.getByText('schedule', { exact: true }).hover();
    await expect(page.locator('.cm-tooltip-hover')).toContainText('When the checks run');
    await snapshot(page, 'canaries-yaml-hover');

    await replaceYaml(page, resource('query'));
    await expect(problems).toHaveCount(0);
    await expectAccessible(page);
    await save.click();
    await expect(page).toHaveURL(/\/settings\/canaries$/);
    await expect(page.getByRole('row').filter({ hasText: promName })).toBeVisible();
  });

  test('an emptied YAML editor empties the form', async ({ page }) => {
    await page.goto('/settings/canaries/new?type=tcp');
    await expect(page.getByRole('heading', { name: 'Add TCP Health Check' })).toBeVisible();
    await page.getByLabel('Name *', { exact: true }).fill(`e2e-tcp-${runId}`);
    await page.getByLabel('Endpoint *').fill('127.0.0.1:9');
    await page.getByRole('tab', { name: 'YAML' }).click();
    await expect(page.getByRole('textbox', { name: 'Canary YAML' })).toContainText(
      'endpoint: 127.0.0.1:9',
    );
    await replaceYaml(page, '');
    await page.getByRole('tab', { name: 'Form' }).click();
    await expect(page.getByLabel('Name *', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Endpoint *')).toHaveValue('');
    await expect(page.getByLabel('Schedule')).toHaveValue('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(3);
    await snapshot(page, 'canaries-emptied-form');
    // Typing in the form starts the spec again.
    await page.getByLabel('Endpoint *').fill('127.0.0.1:22');
    await page.getByRole('tab', { name: 'YAML' }).click();
    await expect(page.getByRole('textbox', { name: 'Canary YAML' })).toContainText(
      'endpoint: 127.0.0.1:22',
    );
  });

  test('edits a canary with name fixed, then deletes it', async ({ page }) => {
    await page.goto('/settings/canaries');
    await page.getByRole('link', { name: httpName }).click();
    await expect(page.getByRole('heading', { name: httpName })).toBeVisible();
    await expect(page.getByLabel('Name *', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Namespace *')).toBeDisabled();
    await expect(page.getByLabel('URL *')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/health$/);

    // The form follows the YAML.
    await page.getByRole('tab', { name: 'YAML' }).click();
    const editor = page.getByRole('textbox', { name: 'Canary YAML' });
    await expect(editor).toContainText('thresholdMillis: 2000');
    const text = (await editor.innerText()).replace(
      'thresholdMillis: 2000',
      'thresholdMillis: 1500',
    );
    await replaceYaml(page, text);
    await page.getByRole('tab', { name: 'Form' }).click();
    await expect(page.getByLabel('Threshold (ms)')).toHaveValue('1500');
    await page.getByLabel('Description').fill('The e2e target');
    await expectAccessible(page);
    await snapshot(page, 'canaries-edit');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(`${httpName} updated successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/canaries$/);

    await page.getByRole('link', { name: httpName }).click();
    await expect(page.getByLabel('Threshold (ms)')).toHaveValue('1500');
    await expect(page.getByLabel('Description')).toHaveValue('The e2e target');
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Health Check' });
    await snapshot(page, 'canaries-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${httpName} deleted successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/canaries$/);
    await expect(page.getByRole('row').filter({ hasText: httpName })).toHaveCount(0);
    await snapshot(page, 'canaries-list-after-delete');
  });

  test('a canary managed elsewhere is read only', async ({ page }) => {
    const created = await page.request.post('/api/db/canaries?select=id', {
      headers: { Prefer: 'return=representation' },
      data: {
        name: `e2e-managed-${runId}`,
        source: 'kubernetes',
        spec: { tcp: [{ name: 'port', endpoint: '127.0.0.1:9' }] },
      },
    });
    expect(created.status()).toBe(201);
    const body: unknown = await created.json();
    const first: unknown = Array.isArray(body) ? body[0] : undefined;
    const id = typeof first === 'object' && first !== null && 'id' in first ? first.id : '';
    await page.goto(`/settings/canaries/${String(id)}`);
    await expect(page.getByText('Managed by kubernetes')).toBeVisible();
    await expect(page.getByLabel('Endpoint *')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await snapshot(page, 'canaries-source-managed');
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('sees the list without an add button', async ({ page }) => {
    await page.goto('/settings/canaries');
    await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: promName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Health Check' })).toHaveCount(0);
    await expectAccessible(page);
    await snapshot(page, 'canaries-list-viewer');
    await page.getByRole('link', { name: promName }).click();
    await expect(page.getByRole('textbox', { name: 'Canary YAML' })).toBeVisible(editorWait);
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
  });
});

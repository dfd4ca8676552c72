import { createServer, type Server } from 'node:http';
import { z } from 'zod';
import { authStatePath, expect, expectAccessible, snapshot, test } from '../fixtures.ts';
import { roleApi } from '../api.ts';

const suffix = Date.now().toString(36);
const checkName = `e2e-notify-${suffix}`;
const deadCheckName = `e2e-dead-${suffix}`;
let healthy = true;
let target: Server;
let receiver: Server;
/** What the Slack Web API stand-in received: path, bearer token and JSON body. */
const received: { path: string; auth: string; body: string }[] = [];

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let targetPort = 0;
let receiverPort = 0;
let deadUrl = '';

test.beforeAll(async () => {
  target = createServer((_request, response) => {
    response.writeHead(healthy ? 200 : 500).end(healthy ? 'ok' : 'broken');
  });
  receiver = createServer((req, response) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  targetPort = await listen(target);
  receiverPort = await listen(receiver);
  // A port that was just free and is closed again: the dead receiver refuses connections.
  const dead = createServer();
  const deadPort = await listen(dead);
  await new Promise((resolve) => dead.close(resolve));
  deadUrl = `http://127.0.0.1:${deadPort}`;
  const admin = await roleApi();
  // Slack as the settings form stores it: bot token, channel, and the API host (loopback).
  const slack = {
    name: `slack-${suffix}`,
    type: 'slack',
    password: 'xoxb-e2e',
    properties: { host: `http://127.0.0.1:${receiverPort}`, channel: '#e2e' },
  };
  const deadHook = { name: `dead-${suffix}`, type: 'generic_webhook', url: `${deadUrl}/hook` };
  for (const data of [slack, deadHook]) {
    const created = await admin.post('/api/db/connections', {
      data: { namespace: 'default', ...data },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await admin.dispose();
});

test.afterAll(async () => {
  const admin = await roleApi();
  const now = new Date().toISOString();
  await admin.patch(`/api/db/canaries?name=like.e2e-*-${suffix}`, { data: { deleted_at: now } });
  await admin.patch(`/api/db/notifications?title=like.*${suffix}*`, { data: { deleted_at: now } });
  await admin.delete(`/api/db/event_queue?name=eq.check.failed&properties->>id=not.is.null`);
  await admin.delete(`/api/db/connections?name=like.*-${suffix}`);
  await admin.dispose();
  await new Promise((resolve) => target.close(resolve));
  await new Promise((resolve) => receiver.close(resolve));
});

async function createCanary(name: string): Promise<void> {
  const admin = await roleApi();
  const created = await admin.post('/api/db/canaries', {
    data: {
      name,
      namespace: 'e2e',
      spec: {
        schedule: '@every 1s',
        http: [{ name, url: `http://127.0.0.1:${targetPort}/`, responseCodes: [200] }],
      },
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await admin.dispose();
}

test.describe.configure({ mode: 'serial' });

test.describe('as an admin', () => {
  test.use({ storageState: authStatePath('admin') });

  test('sends one Slack message with the rendered template when a check fails', async ({
    page,
  }) => {
    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Job History' })).toHaveAttribute(
      'href',
      '/settings/jobs',
    );
    await page.getByRole('button', { name: 'Add Notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Notification' });
    await dialog.getByLabel('Title').fill(`Slack ${suffix}`);
    await expect(dialog.getByRole('checkbox', { name: 'check.failed' })).toBeChecked();
    await dialog.getByRole('checkbox', { name: 'check.failed' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please select at least one event')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'check.failed' }).check();
    await dialog.getByLabel('Filter (CEL)').fill(`check.name == "${checkName}"`);
    await dialog
      .getByLabel('Template (markdown)')
      .fill('Check {{ .check.name }} is {{ .check.status }}');
    // Choosing a person then Others leaves only the services: the tabs clear each other.
    await dialog.getByRole('tab', { name: 'Person' }).click();
    await dialog.getByRole('tab', { name: 'Others' }).click();
    // An admin picks among the connections that can notify.
    await dialog.getByLabel('Connection').selectOption(`connection://default/slack-${suffix}`);
    await dialog.getByLabel('Name').fill('ops channel');
    await expectAccessible(page);
    await snapshot(page, 'notifications-create');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification added successfully')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: `Slack ${suffix}` });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('ops channel');

    healthy = true;
    await createCanary(checkName);
    // Let the check pass first, so the break is a transition; then break it.
    await page.waitForTimeout(2500);
    healthy = false;
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    // It stays broken: no further transition, so no second message.
    await page.waitForTimeout(3000);
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/api/chat.postMessage');
    expect(received[0]?.auth).toBe('Bearer xoxb-e2e');
    const message = z
      .object({ channel: z.string(), text: z.string() })
      .parse(JSON.parse(received[0]?.body ?? '{}'));
    expect(message.channel).toBe('#e2e');
    expect(message.text).toBe(`*Slack ${suffix}*\nCheck ${checkName} is unhealthy`);

    await expect(async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
      await expect(row.getByRole('cell').nth(4)).toHaveText('1', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expectAccessible(page);
    await snapshot(page, 'notifications-list');

    await row.getByRole('cell').first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Notification' });
    await edit.getByLabel('Title').fill(`Slack ${suffix} edited`);
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Notification updated successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Slack ${suffix} edited` })).toBeVisible();
  });

  test('a dead receiver shows as the failing consumer’s most common error', async ({ page }) => {
    const admin = await roleApi();
    const created = await admin.post('/api/db/notifications', {
      data: {
        title: `Dead ${suffix}`,
        events: ['check.failed'],
        filter: `check.name == "${deadCheckName}"`,
        template: '{{ .check.name }} failed',
        custom_services: [{ connection: `connection://default/dead-${suffix}`, name: 'dead' }],
        source: 'UI',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await admin.dispose();
    healthy = false;
    await createCanary(deadCheckName);
    await page.goto('/settings/event-queue-status');
    const row = page.getByRole('table', { name: 'Event queue' }).getByRole('row').filter({
      hasText: 'check.failed',
    });
    await expect(async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toBeVisible({ timeout: 1000 });
      await expect(row.getByRole('cell').nth(2)).not.toHaveText('0', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await row.getByRole('cell').nth(1).click();
    const dialog = page.getByRole('dialog', { name: 'check.failed' });
    await expect(dialog.getByLabel('Most common error')).toContainText(
      `connection://default/dead-${suffix}: POST ${deadUrl}: connect ECONNREFUSED`,
    );
    await expectAccessible(page);
    await snapshot(page, 'notifications-dead-receiver');
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: authStatePath('viewer') });

  test('reads the list without the add button', async ({ page }) => {
    await page.goto('/settings/notifications');
    await expect(page.getByRole('table', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Notification' })).toHaveCount(0);
  });
});

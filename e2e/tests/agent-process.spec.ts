import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { serverNodeFlags } from '../../apps/server/src/platform/heap.ts';
import { serverMain } from '../../scripts/lib/prepare.mjs';
import { authStatePath, expect, snapshot, test } from '../fixtures.ts';
import { recordSecret } from '../secrets.ts';
import { waitForNoToasts } from '../toasts.ts';
import { startLocalTarget } from '../local-target.ts';

const root = path.resolve(import.meta.dirname, '../..');
const agentName = `e2e-process-${Date.now().toString(36)}`;

async function canaryFolder(dir: string, target: string): Promise<string> {
  const folder = path.join(dir, 'canaries');
  await fs.mkdir(folder);
  await fs.writeFile(
    path.join(folder, 'edge.yaml'),
    [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata:',
      `  name: ${agentName}`,
      '  namespace: edge',
      'spec:',
      '  schedule: "@every 5s"',
      '  http:',
      `    - name: ${agentName}-http`,
      `      url: ${target}/ping`,
      '',
    ].join('\n'),
  );
  return folder;
}

/**
 * Runs the command the install dialog copied, as it is, from this checkout (`vigil` is the
 * repository's entry point), adding only where its files and local port go.
 */
function runCopiedCommand(command: string, extra: readonly string[]): ChildProcess {
  const [program, verb, ...flags] = command.split(' ');
  expect([program, verb]).toEqual(['vigil', 'agent']);
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  return spawn(process.execPath, [...serverNodeFlags, serverMain, 'agent', ...flags, ...extra], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function copyCliCommand(page: Page): Promise<string> {
  await page.goto('/agents?addAgent=true');
  const drawer = page.getByRole('dialog', { name: 'Add Agent' });
  await drawer.getByLabel('Name').fill(agentName);
  await drawer.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Installation Instructions' });
  const token = (await dialog.getByLabel('Access token', { exact: true }).textContent()) ?? '';
  recordSecret('agent access token', token);
  await dialog.getByRole('tab', { name: 'CLI' }).click();
  await dialog.getByRole('button', { name: 'Copy CLI command' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  await dialog.getByRole('button', { name: 'Done' }).click();
  return command;
}

test.use({ storageState: authStatePath('admin') });

test('a real vigil agent runs from the copied command, goes Online, and reports its checks', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-e2e-agent-'));
  // The embedded PostgreSQL runs as its own user, which must reach the data directory.
  await fs.chmod(dir, 0o755);
  const target = await startLocalTarget();
  let output = '';
  let agent: ChildProcess | undefined;
  try {
    const command = await copyCliCommand(page);
    const canaries = await canaryFolder(dir, target.url);
    agent = runCopiedCommand(command, [
      ...['--canaries', canaries, '--data-dir', path.join(dir, 'data'), '--port', '0'],
    ]);
    agent.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    agent.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

    const row = page
      .getByRole('table', { name: 'Agents' })
      .getByRole('row')
      .filter({ hasText: agentName });
    // The toasts sit top-right over Refresh.
    await waitForNoToasts(page);
    await expect(async () => {
      expect(agent?.exitCode, 'the agent exited (its output is attached)').toBeNull();
      await page.getByRole('button', { name: 'Refresh agents' }).click({ timeout: 2_000 });
      await expect(row).toContainText('Online', { timeout: 1_000 });
      await expect(row.getByRole('cell').nth(2)).toHaveText('1', { timeout: 1_000 });
    }, 'the agent shows Online with its check (its output is attached)').toPass({
      timeout: 150_000,
      intervals: [2_000],
    });
    await snapshot(page, 'agent-process-online');

    // Passing checks are hidden by default: the agent's check passes.
    await page.goto(`/health?tabBy=agent&tab=${agentName}&hidePassing=false`);
    const check = page
      .getByRole('table', { name: 'Checks' })
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `${agentName}-http`, exact: true }) });
    await expect(async () => {
      await page.reload();
      await expect(check).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000, intervals: [1_000] });
    await expect(check.getByTitle(`Agent: ${agentName}`)).toBeVisible();
    await snapshot(page, 'agent-process-health');

    await page.goto('/agents');
    await row.getByRole('button', { name: agentName }).click();
    await page
      .getByRole('dialog', { name: `Edit Agent ${agentName}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete resources' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete Agent' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Agent deleted')).toBeVisible();
    // The deleted agent's token is refused at its next heartbeat or push, and it says so.
    await expect
      .poll(() => output, { timeout: 60_000, intervals: [1_000] })
      .toContain('upstream refused the agent access token (401)');
  } finally {
    await testInfo.attach('vigil agent output', { body: output, contentType: 'text/plain' });
    if (agent && agent.exitCode === null) {
      const exited = new Promise((resolve) => agent?.once('exit', resolve));
      agent.kill('SIGTERM');
      await exited;
    }
    await target.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

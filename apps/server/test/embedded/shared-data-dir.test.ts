import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBrowser } from '../identity/browser.ts';
import { signIn } from '../identity/flow-helpers.ts';
import {
  isRunning,
  newDataDir,
  postmasterPid,
  runVigil,
  startServe,
  type ServeProcess,
} from './vigil-process.ts';

let dataDir: string;
let server: ServeProcess | undefined;

beforeAll(async () => {
  dataDir = await newDataDir();
  server = await startServe(dataDir);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}, 30_000);

describe('a CLI verb on the data dir of a running vigil serve', () => {
  it('uses the running embedded PostgreSQL and leaves it running', async () => {
    if (!server) throw new Error('vigil serve did not start');
    const postmaster = await postmasterPid(dataDir);
    const created = await runVigil(
      dataDir,
      ['users', 'create', '--email', 'ops@example.com', '--admin'],
      { VIGIL_PASSWORD: 'an operator passphrase' },
    );
    expect(created.stdout).toContain('ops@example.com (admin) can sign in');
    expect(created.code).toBe(0);
    expect(created.stdout).not.toContain('orphaned');
    const migrated = await runVigil(dataDir, ['migrate']);
    expect(migrated.code).toBe(0);

    expect(isRunning(postmaster)).toBe(true);
    expect(await postmasterPid(dataDir)).toBe(postmaster);
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const browser = newBrowser(server.baseUrl);
    const signedIn = await signIn(browser, 'ops@example.com', 'an operator passphrase');
    expect(signedIn.status).toBe(200);
    expect((await browser.get('/api/auth/whoami')).status).toBe(200);
    const people = await browser.get('/api/db/people?select=email&email=eq.ops@example.com');
    expect({ status: people.status, data: people.data }).toEqual({
      status: 200,
      data: [{ email: 'ops@example.com' }],
    });
  }, 45_000);
});

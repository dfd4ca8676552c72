import fs from 'node:fs/promises';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/platform/embedded-postgres.ts';
import { loadOrCreateState } from '../../src/platform/embedded-postgres-state.ts';
import { startCountingTarget, type CountingTarget } from '../health/counting-target.ts';
import { insertCanaries } from '../health/restartable-postgres.ts';
import { newBrowser, type TestBrowser } from '../identity/browser.ts';
import { signIn } from '../identity/flow-helpers.ts';
import {
  newDataDir,
  postmasterPid,
  runVigil,
  startServe,
  type ServeProcess,
} from './vigil-process.ts';

const routes = ['/api/health', '/api/auth/whoami', '/api/db/canaries?select=name'];
const email = 'ops@example.com';
const password = 'an operator passphrase';

let dataDir: string;
let server: ServeProcess | undefined;
let target: CountingTarget;
let browser: TestBrowser;

beforeAll(async () => {
  dataDir = await newDataDir();
  target = await startCountingTarget();
  server = await startServe(dataDir);
  await runVigil(dataDir, ['users', 'create', '--email', email, '--admin'], {
    VIGIL_PASSWORD: password,
  });
  browser = newBrowser(server.baseUrl);
  await signIn(browser, email, password);
  const state = await loadOrCreateState(dataDir);
  const url = `postgres://postgres:${state.password}@127.0.0.1:${state.port}/vigil`;
  const spec = { schedule: '@every 1s', http: [{ name: 'beat', url: `${target.url}/beat` }] };
  await insertCanaries(url, [{ name: 'beat', spec }]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await target.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}, 30_000);

interface Answer {
  readonly status: number;
  readonly retryAfter: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the canary did not run');
    await sleep(5);
  }
}

describe('vigil serve whose embedded PostgreSQL is killed', () => {
  it('answers 503 with Retry-After while it is down, restarts it, and counts the restart', async () => {
    if (!server) throw new Error('vigil serve did not start');
    for (const route of routes) expect((await browser.get(route)).status).toBe(200);
    // Killed just after a check ran, so that its result is still in the engine's buffer.
    await until(() => target.count('/beat') >= 3);
    const beats = target.count('/beat');
    await until(() => target.count('/beat') > beats);
    process.kill(await postmasterPid(dataDir), 'SIGKILL');
    const killedAt = Date.now();
    const down: Answer[] = [];
    // Backends outlive their postmaster by a moment: answers turn 503 shortly after the kill.
    for (let up = false; !up; await sleep(50)) {
      if (Date.now() - killedAt > 20_000) throw new Error(`not back in 20 s: ${server.output()}`);
      const answers = await Promise.all(routes.map((route) => browser.get(route)));
      for (const a of answers.filter((answer) => answer.status !== 200))
        down.push({ status: a.status, retryAfter: a.headers['retry-after'] });
      up = down.length > 0 && answers.every((answer) => answer.status === 200);
    }
    expect(down.length).toBeGreaterThan(0);
    expect(down.filter((a) => a.status !== 503 || a.retryAfter === undefined)).toEqual([]);
    const metrics = await browser.get('/api/metrics');
    expect(metrics.data).toMatch(/^vigil_embedded_postgres_restarts_total 1$/m);
    expect(server.output()).toContain('embedded PostgreSQL restarted');
  }, 40_000);

  it('writes the check results of the outage once, after it', async () => {
    if (!server) throw new Error('vigil serve did not start');
    await sleep(3000);
    // A clean stop flushes what is buffered; then the data is read with the server down.
    await server.stop();
    const embedded = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ total: number; distinct: number }>(
        `select count(*)::int as total, count(distinct time)::int as distinct from check_statuses`,
      );
      expect(target.count('/beat')).toBeGreaterThan(3);
      expect(rows[0]).toEqual({ total: target.count('/beat'), distinct: target.count('/beat') });
    } finally {
      await client.end();
      await embedded.stop();
    }
  }, 40_000);
});

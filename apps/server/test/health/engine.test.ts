import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsAuthorization, type TestApp } from '../app.ts';
import {
  call,
  createdId,
  eventually,
  startTarget,
  startTestApp,
  type Target,
} from './health-harness.ts';

let app: TestApp;
let target: Target;
let canaryId = '';

async function rows<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  return (await app.database.db.pool.query<T>(text, values)).rows;
}

async function checkState(name: string) {
  const [row] = await rows<{
    id: string;
    status: string | null;
    cum_passed: string;
    cum_failed: string;
  }>(
    `select id, status, cum_passed, cum_failed from checks where name = $1 and deleted_at is null`,
    [name],
  );
  return row;
}

beforeAll(async () => {
  app = await startTestApp();
  // Transitions are queued only for events a notification subscribes to.
  await app.database.db.pool.query(
    `insert into notifications (title, events, template)
     values ('test subscriber', '{check.failed,check.passed}', 'x')`,
  );
  target = await startTarget();
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name: 'web',
    namespace: 'prod',
    spec: {
      schedule: '@every 1s',
      http: [
        { name: 'home', url: `${target.url}/`, labels: { team: 'sre' } },
        {
          name: 'items',
          url: `${target.url}/items`,
          dependsOn: ['home'],
          display: { expr: "'items: ' + string(size(json.items))" },
          transform: { expr: "json.items.map(i, {'name': 'item-' + i.name, 'pass': i.ok})" },
        },
      ],
    },
  });
  expect(created.status).toBe(201);
  canaryId = createdId(created);
  app.api.health.start();
});

afterAll(async () => {
  await app.close();
  await target.close();
});

describe('the health engine', () => {
  it('runs scheduled checks and records their status, history and job runs', async () => {
    const home = await eventually(
      async () => {
        const state = await checkState('home');
        return state && Number(state.cum_passed) >= 2 ? state : undefined;
      },
      15_000,
      'two passing runs',
    );
    expect(home.status).toBe('healthy');
    const history = await rows(
      `select status, duration, error from check_statuses where check_id = $1`,
      [home.id],
    );
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history.every((h) => h.status === true && h.error === null)).toBe(true);
    const jobs = await rows(
      `select status, success_count from job_history where resource_id = $1 and name = 'Canary'`,
      [canaryId],
    );
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs[0]).toMatchObject({ success_count: 2 });
    const [rollup] = await rows(
      `select total, cum_passed from check_statuses_1h where check_id = $1`,
      [home.id],
    );
    expect(Number(rollup?.total)).toBeGreaterThanOrEqual(2);
  });

  it('applies display and transform, storing one check per transformed item', async () => {
    const items = await eventually(async () => {
      const [row] = await rows<{ message: string }>(
        `select s.message from check_statuses s join checks k on k.id = s.check_id
         where k.name = 'items' order by s.time desc limit 1`,
      );
      return row;
    });
    expect(items.message).toBe('items: 2');
    const transformed = await eventually(async () => {
      const found = await rows<{ name: string; status: string; transformed: boolean }>(
        `select name, status, transformed from checks where canary_id = $1 and transformed
         and status is not null order by name`,
        [canaryId],
      );
      return found.length === 2 ? found : undefined;
    });
    expect(transformed).toEqual([
      { name: 'item-a', status: 'healthy', transformed: true },
      { name: 'item-b', status: 'unhealthy', transformed: true },
    ]);
  });

  it('turns unhealthy when the target breaks, with a check.failed event, and recovers', async () => {
    target.status = 503;
    const failing = await eventually(async () => {
      const state = await checkState('home');
      return state?.status === 'unhealthy' ? state : undefined;
    });
    const [failure] = await rows<{ error: string }>(
      `select error from check_statuses where check_id = $1 and not status order by time desc limit 1`,
      [failing.id],
    );
    expect(failure?.error).toBe('response code 503, expected 2xx or 3xx');
    const events = await rows(
      `select name, properties from event_queue where properties->>'id' = $1`,
      [failing.id],
    );
    expect(events.map((e) => e.name)).toContain('check.failed');
    const [blocked] = await rows<{ error: string }>(
      `select s.error from check_statuses s join checks k on k.id = s.check_id
       where k.name = 'items' and not s.status order by s.time desc limit 1`,
    );
    expect(blocked?.error).toBe('depends on "home", which failed');
    target.status = 200;
    await eventually(async () =>
      (await checkState('home'))?.status === 'healthy' ? true : undefined,
    );
    const passed = await rows(
      `select name from event_queue where properties->>'id' = $1 and name = 'check.passed'`,
      [failing.id],
    );
    expect(passed).toHaveLength(1);
  });

  it('records a check that hangs as failed at its time limit', async () => {
    const slow = await call(app, 'POST', '/api/db/canaries', 'admin', {
      name: 'slow',
      spec: { http: [{ name: 'hangs', url: `${target.url}/`, timeout: 1 }] },
    });
    expect(slow.status).toBe(201);
    target.delayMs = 3000;
    const [check] = await rows<{ id: string }>(`select id from checks where name = 'hangs'`);
    const started = Date.now();
    const run = await call(app, 'POST', `/api/canary/run/check/${check?.id}`, 'responder');
    target.delayMs = 0;
    expect(run.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(run.json).toEqual({ total: 1, success: 0, failed: 1, errors: ['timed out after 1s'] });
  });

  it('serves canary-checker metrics', async () => {
    const response = await fetch(`${app.baseUrl}/api/metrics`, { headers: metricsAuthorization });
    const text = await response.text();
    const home = text
      .split('\n')
      .find((line) => line.startsWith('canary_check{') && line.includes('name="home"'));
    expect(home).toMatch(/^canary_check\{.*key="[^"]+".*\} 0$/);
    expect(home).toContain('canary_namespace="prod"');
    expect(text).toMatch(/canary_check\{[^}]*name="item-b"[^}]*\} 1/);
    expect(text).toContain('canary_check_duration_bucket');
    expect(text).toMatch(/canary_check_success_count\{[^}]*name="home"[^}]*\} \d+/);
    expect(text).toContain('vigil_health_schedule_lateness_seconds_count');
    // Every run counts in lateness; only the runs the start slack began early count in early.
    const count = (name: string) =>
      Number(new RegExp(`^${name}_count (\\d+)$`, 'm').exec(text)?.[1]);
    expect(count('vigil_health_schedule_lateness_seconds')).toBeGreaterThan(0);
    expect(count('vigil_health_schedule_early_seconds')).toBeLessThanOrEqual(
      count('vigil_health_schedule_lateness_seconds'),
    );
  });
});

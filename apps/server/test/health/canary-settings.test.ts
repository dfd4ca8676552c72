import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../app.ts';
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

beforeAll(async () => {
  app = await startTestApp();
  target = await startTarget();
  app.api.health.start();
});

afterAll(async () => {
  await app.close();
  await target.close();
});

const statusRow = z.object({
  name: z.string(),
  type: z.string(),
  status: z.boolean(),
  message: z.string().nullable(),
  detail: z.object({
    passed: z.number(),
    failed: z.number(),
    tests: z.array(z.object({ name: z.string(), classname: z.string(), status: z.string() })),
  }),
});

describe('resultMode: junit', () => {
  it("records a scheduled run as one JUnit report on the canary's combined check", async () => {
    const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'suite',
      namespace: 'prod',
      spec: {
        schedule: '@every 1s',
        resultMode: 'junit',
        http: [{ name: 'up', url: `${target.url}/` }],
        tcp: [{ name: 'down', endpoint: '127.0.0.1:9' }],
      },
    });
    const canaryId = createdId(created);
    const report = await eventually(async () => {
      const rows = await app.database.db.pool.query(
        `select k.name, k.type, s.status, s.message, s.detail
         from check_statuses s join checks k on k.id = s.check_id
         where k.canary_id = $1 limit 1`,
        [canaryId],
      );
      return rows.rows[0] ? statusRow.parse(rows.rows[0]) : undefined;
    });
    expect(report).toMatchObject({
      name: 'combined',
      type: 'junit',
      status: false,
      message: '1 passed, 1 failed',
      detail: { passed: 1, failed: 1 },
    });
    expect(report.detail.tests.map((t) => `${t.classname}/${t.name}/${t.status}`).sort()).toEqual([
      'http/up/passed',
      'tcp/down/failed',
    ]);
    const own = await app.database.db.pool.query(
      `select count(*)::int as n from check_statuses s join checks k on k.id = s.check_id
       where k.canary_id = $1 and k.type <> 'junit'`,
      [canaryId],
    );
    expect(own.rows).toEqual([{ n: 0 }]);
  });

  it('runs every check when the combined check is run now, and answers its report', async () => {
    const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'suite-now',
      namespace: 'prod',
      spec: {
        schedule: '@every 1h',
        resultMode: 'junit',
        http: [{ name: 'up', url: `${target.url}/` }],
        tcp: [{ name: 'down', endpoint: '127.0.0.1:9' }],
      },
    });
    const combined = await app.database.db.pool.query<{ id: string }>(
      `select id from checks where canary_id = $1 and name = 'combined'`,
      [createdId(created)],
    );
    const run = await call(app, 'POST', `/api/canary/run/check/${combined.rows[0]?.id}`, 'editor');
    expect(run.json).toMatchObject({ total: 1, success: 0, failed: 1, errors: ['1 failed'] });
  });
});

describe('replicas: 0', () => {
  it('runs nothing while paused, and runs again once replicas is not 0', async () => {
    const spec = {
      schedule: '@every 1s',
      replicas: 0,
      http: [{ name: 'up', url: `${target.url}/` }],
    };
    const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'paused',
      namespace: 'prod',
      spec,
    });
    const canaryId = createdId(created);
    const runs = async () =>
      (
        await app.database.db.pool.query<{ n: number }>(
          `select count(*)::int as n from check_statuses s join checks k on k.id = s.check_id
           where k.canary_id = $1`,
          [canaryId],
        )
      ).rows[0]?.n ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await runs()).toBe(0);
    const resumed = await call(app, 'PATCH', `/api/db/canaries?id=eq.${canaryId}`, 'editor', {
      spec: { ...spec, replicas: 1 },
    });
    expect(resumed.status).toBeLessThan(300);
    await eventually(async () => ((await runs()) > 0 ? true : undefined));
  });
});

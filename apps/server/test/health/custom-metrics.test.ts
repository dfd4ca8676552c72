import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsAuthorization, type TestApp } from '../app.ts';
import { call, createdId, startTarget, startTestApp, type Target } from './health-harness.ts';

let app: TestApp;
let target: Target;

beforeAll(async () => {
  app = await startTestApp();
  target = await startTarget();
});

afterAll(async () => {
  await app.close();
  await target.close();
});

async function checkOf(spec: Record<string, unknown>, name: string): Promise<string> {
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name,
    namespace: 'prod',
    spec: { schedule: '@every 24h', ...spec },
  });
  const rows = await app.database.db.pool.query<{ id: string }>(
    `select id from checks where canary_id = $1`,
    [createdId(created)],
  );
  return rows.rows[0]?.id ?? '';
}

describe('metrics: custom Prometheus series from a check result', () => {
  it('exposes a gauge and a counter with CEL values and labels on /api/metrics', async () => {
    const checkId = await checkOf(
      {
        http: [
          {
            name: 'items',
            url: `${target.url}/`,
            metrics: [
              {
                name: 'shop_items',
                type: 'gauge',
                value: 'size(json.items)',
                labels: [
                  { name: 'source', value: 'api' },
                  { name: 'code', valueExpr: 'string(code)' },
                ],
              },
              { name: 'shop_runs_total', type: 'counter', value: '1' },
            ],
          },
        ],
      },
      'metrics',
    );
    for (let i = 0; i < 2; i++) {
      const run = await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'editor');
      expect(run.json).toMatchObject({ success: 1 });
    }
    const text = await (
      await fetch(`${app.baseUrl}/api/metrics`, { headers: metricsAuthorization })
    ).text();
    expect(text).toMatch(/^shop_items\{.*source="api".*\} 2$/m);
    expect(text).toMatch(/^shop_items\{.*code="200".*\} 2$/m);
    expect(text).toMatch(/^shop_runs_total 2$/m);
  });

  it('fails the check, naming the metric, when its value is not a number', async () => {
    const checkId = await checkOf(
      {
        http: [
          {
            name: 'bad',
            url: `${target.url}/`,
            metrics: [{ name: 'shop_bad', type: 'gauge', value: "'many'" }],
          },
        ],
      },
      'bad-metrics',
    );
    const run = await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'editor');
    expect(run.json).toMatchObject({
      failed: 1,
      errors: ['metric shop_bad: many is not a number'],
    });
  });

  it.each([
    [{ name: 'bad name', type: 'gauge', value: '1' }, 'spec.http[0].metrics[0].name'],
    [{ name: 'ok', type: 'summary', value: '1' }, 'spec.http[0].metrics[0].type'],
    [{ name: 'ok', type: 'gauge', value: 'nope(' }, 'spec.http[0].metrics[0].value'],
    [
      { name: 'ok', type: 'gauge', value: '1', labels: [{ name: 'l', valueExpr: 'unknownFn()' }] },
      'spec.http[0].metrics[0].labels[0].valueExpr',
    ],
  ])('refuses a bad metric %j when written, naming %s', async (metric, field) => {
    const answer = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'refused',
      namespace: 'prod',
      spec: { http: [{ name: 'x', url: `${target.url}/`, metrics: [metric] }] },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain(field);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import type { CheckResult } from '../../src/modules/health/history/check-result.ts';
import { writeResults } from '../../src/modules/health/history/results.repository.ts';
import { checkGraphSchema, checkSummaryResponseSchema, type CheckSummary } from '@vigil/domain';
import {
  call,
  checkResult,
  createdId,
  startTarget,
  startTestApp,
  type Target,
} from './health-harness.ts';

let app: TestApp;
let target: Target;
let checkId = '';
let canaryId = '';
let failedRuns = 0;
const hour = 3_600_000;

function result(time: number, pass: boolean, duration: number): CheckResult {
  return checkResult({ checkId, canaryId }, time, pass, duration);
}

async function summary(range: string): Promise<CheckSummary | undefined> {
  const answer = await call(app, 'GET', `/api/canary/api/summary?timeRange=${range}`, 'viewer');
  expect(answer.status).toBe(200);
  return checkSummaryResponseSchema.parse(answer.json).checks_summary.find((s) => s.id === checkId);
}

beforeAll(async () => {
  app = await startTestApp();
  target = await startTarget();
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name: 'api',
    namespace: 'prod',
    spec: { http: [{ name: 'status', url: `${target.url}/`, labels: { tier: 'edge' } }] },
  });
  canaryId = createdId(created);
  const rows = await app.database.db.pool.query<{ id: string }>(
    `select id from checks where canary_id = $1`,
    [canaryId],
  );
  checkId = rows.rows[0]?.id ?? '';
  // Twenty days of history: 10 ms passing runs, then a failing day 10 days ago with 400 ms runs.
  const now = Date.now();
  const history: CheckResult[] = [];
  for (let t = now - 20 * 24 * hour; t < now - 2 * hour; t += 30 * 60_000) {
    const failingDay = t > now - 10 * 24 * hour && t < now - 9 * 24 * hour;
    history.push(result(t, !failingDay, failingDay ? 400 : 10));
  }
  failedRuns = history.filter((r) => !r.pass).length;
  await app.database.db.transaction((client) => writeResults(client, history, []));
});

afterAll(async () => {
  await app.close();
  await target.close();
});

describe('Run Now', () => {
  it('runs the check for admin, editor, responder and commander', async () => {
    for (const role of ['admin', 'editor', 'responder', 'commander'] as const) {
      const run = await call(app, 'POST', `/api/canary/run/check/${checkId}`, role);
      expect(run.status).toBe(200);
      expect(run.json).toEqual({ total: 1, success: 1, failed: 0, errors: [] });
    }
  });

  it('refuses viewers (403) and anonymous callers (401), bad ids (400) and unknown checks (404)', async () => {
    expect((await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'viewer')).status).toBe(
      403,
    );
    expect((await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'anonymous')).status).toBe(
      401,
    );
    const bad = await call(app, 'POST', '/api/canary/run/check/nope', 'admin');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: 'bad_request',
      message: 'params/id must be a check id',
    });
    const unknown = await call(
      app,
      'POST',
      '/api/canary/run/check/01900000-0000-7000-8000-0000000000ff',
      'admin',
    );
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/canary/api/summary', () => {
  it('answers every check with canary, labels, uptime and latency', async () => {
    const recent = await summary('1h');
    expect(recent).toMatchObject({
      name: 'status',
      canary_name: 'api',
      status: 'healthy',
      labels: { tier: 'edge' },
      uptime: { passed: 4, failed: 0 },
    });
    expect(recent?.uptime.last_pass).toEqual(expect.any(String));
    expect(recent?.latency.p95).toEqual(expect.any(Number));
  });

  it('reads long windows from rollups: uptime, percentiles and the failing day', async () => {
    const week = await summary('7d');
    expect(week?.uptime.failed).toBe(0);
    // Run Now's real requests add a few runs of a few ms to the seeded 10 ms ones.
    expect(week?.latency.p99).toBeGreaterThanOrEqual(10);
    expect(week?.latency.p99).toBeLessThan(100);
    const month = await summary('30d');
    expect(month?.uptime.failed).toBe(failedRuns);
    expect(month?.uptime.passed).toBeGreaterThanOrEqual(19 * 48 - 8);
    expect(month?.latency.p95).toBeGreaterThanOrEqual(10);
    expect(month?.latency.p95).toBeLessThan(100);
    const fortnight = await summary('2w');
    expect(fortnight?.uptime.failed).toBe(failedRuns);
    expect(fortnight?.latency.p99).toBeGreaterThanOrEqual(390);
    expect(fortnight?.latency.p99).toBeLessThanOrEqual(410);
  });

  it('shares one answer among dashboards for a few seconds; Run Now shows at once', async () => {
    const before = (await summary('1h'))?.uptime.passed ?? 0;
    await app.database.db.transaction((client) =>
      writeResults(client, [result(Date.now() - 60_000, true, 12)], []),
    );
    expect((await summary('1h'))?.uptime.passed).toBe(before);
    const run = await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'editor');
    expect(run.status).toBe(200);
    expect((await summary('1h'))?.uptime.passed).toBe(before + 2);
  });

  it('refuses a bad timeRange with 400 and anonymous callers with 401', async () => {
    const bad = await call(app, 'GET', '/api/canary/api/summary?timeRange=forever', 'viewer');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      message: 'querystring/timeRange must be a range such as 15m, 1h, 7d, 1mo or 1y (at most 5y)',
    });
    expect((await call(app, 'GET', '/api/canary/api/summary', 'anonymous')).status).toBe(401);
  });
});

describe('GET /api/canary/api/graph', () => {
  it('answers buckets with counts and the window uptime and latency', async () => {
    const graph = await call(
      app,
      'GET',
      `/api/canary/api/graph?check=${checkId}&count=20&start=30d`,
      'viewer',
    );
    expect(graph.status).toBe(200);
    const body = checkGraphSchema.parse(graph.json);
    expect(body.status.length).toBeLessThanOrEqual(21);
    expect(body.status.some((b) => !b.status && b.failed > 0)).toBe(true);
    expect(body.status.reduce((sum, b) => sum + b.total, 0)).toBe(
      body.uptime.passed + body.uptime.failed,
    );
  });

  it('refuses bad parameters and unknown checks', async () => {
    expect((await call(app, 'GET', '/api/canary/api/graph?check=x', 'viewer')).status).toBe(400);
    expect(
      (await call(app, 'GET', `/api/canary/api/graph?check=${checkId}&count=0`, 'viewer')).status,
    ).toBe(400);
    const unknown = await call(
      app,
      'GET',
      '/api/canary/api/graph?check=01900000-0000-7000-8000-0000000000ff',
      'viewer',
    );
    expect(unknown.status).toBe(404);
    expect(
      (await call(app, 'GET', `/api/canary/api/graph?check=${checkId}`, 'anonymous')).status,
    ).toBe(401);
  });
});

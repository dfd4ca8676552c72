import { localAgentId } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanaryRun, CheckResult } from '../../src/modules/health/history/check-result.ts';
import { writeResults } from '../../src/modules/health/history/results.repository.ts';
import type { TestApp } from '../app.ts';
import { call, createdId, startTestApp } from './health-harness.ts';

let app: TestApp;
let canaryId = '';
let checkId = '';

beforeAll(async () => {
  app = await startTestApp();
  // Transitions are queued only for events a notification subscribes to.
  await app.database.db.pool.query(
    `insert into notifications (title, events, template)
     values ('test subscriber', '{check.failed,check.passed}', 'x')`,
  );
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name: 'retried',
    spec: { http: [{ name: 'retried', url: 'http://127.0.0.1:9/' }] },
  });
  expect(created.status).toBe(201);
  canaryId = createdId(created);
  const { rows } = await app.database.db.pool.query<{ id: string }>(
    `select id from checks where canary_id = $1`,
    [canaryId],
  );
  checkId = rows[0]?.id ?? '';
});

afterAll(async () => {
  await app.close();
});

function batch(start: number): { results: CheckResult[]; runs: CanaryRun[] } {
  const results = [0, 1, 2].map((i): CheckResult => ({
    checkId,
    canaryId,
    time: new Date(start + i * 1000),
    duration: 10 + i,
    pass: i !== 1,
    invalid: false,
    message: null,
    error: i === 1 ? 'down' : null,
    detail: null,
    nextRuntime: null,
  }));
  const runs = results.map((r): CanaryRun => ({
    canaryId,
    canaryName: 'retried',
    agentId: localAgentId,
    start: r.time,
    durationMs: r.duration,
    passed: r.pass ? 1 : 0,
    failed: r.pass ? 0 : 1,
    errors: r.error ? [r.error] : [],
  }));
  return { results, runs };
}

async function tally() {
  const { rows } = await app.database.db.pool.query<Record<string, number>>(
    `select (select count(*)::int from check_statuses where check_id = $1) as statuses,
            (select cum_passed::int from checks where id = $1) as cum_passed,
            (select cum_failed::int from checks where id = $1) as cum_failed,
            (select sum(total)::int from check_statuses_1h where check_id = $1) as hourly,
            (select sum(total)::int from check_statuses_1d where check_id = $1) as daily,
            (select count(*)::int from event_queue where properties->>'id' = $1::text) as events,
            (select count(*)::int from job_history where resource_id = $2) as job_runs`,
    [checkId, canaryId],
  );
  return rows[0];
}

describe('a batch written again after a lost commit acknowledgement', () => {
  it('counts every result and every canary run once', async () => {
    const { results, runs } = batch(Date.now() - 60_000);
    await app.database.db.transaction((client) => writeResults(client, results, runs));
    const once = await tally();
    expect(once).toEqual({
      statuses: 3,
      cum_passed: 2,
      cum_failed: 1,
      hourly: 3,
      daily: 3,
      events: expect.any(Number),
      job_runs: 3,
    });
    // The batcher retries a batch whose transaction committed but whose answer was lost.
    await app.database.db.transaction((client) => writeResults(client, results, runs));
    expect(await tally()).toEqual(once);
  });
});

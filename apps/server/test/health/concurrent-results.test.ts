import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/modules/health/history/check-result.ts';
import { writeResults } from '../../src/modules/health/history/results.repository.ts';
import type { TestApp } from '../app.ts';
import { call, createdId, startTestApp } from './health-harness.ts';

let app: TestApp;
let canaryId = '';
let checkIds: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name: 'concurrent',
    spec: {
      http: Array.from({ length: 8 }, (_, i) => ({ name: `c${i}`, url: 'http://127.0.0.1:9/' })),
    },
  });
  expect(created.status).toBe(201);
  canaryId = createdId(created);
  const { rows } = await app.database.db.pool.query<{ id: string }>(
    `select id from checks where canary_id = $1 order by name`,
    [canaryId],
  );
  checkIds = rows.map((row) => row.id);
});

afterAll(async () => {
  await app.close();
});

function results(ids: readonly string[], at: number): CheckResult[] {
  return ids.map((checkId, i) => ({
    checkId,
    canaryId,
    time: new Date(at + i),
    duration: 5,
    pass: true,
    invalid: false,
    message: null,
    error: null,
    detail: null,
    nextRuntime: null,
  }));
}

describe('results written by two replicas at once', () => {
  it('never deadlock, whatever order their batches name the same checks in', async () => {
    const forward = checkIds;
    const backward = [...checkIds].reverse();
    const failures: unknown[] = [];
    const started = Date.now();
    for (let round = 0; round < 40; round++) {
      const at = started + round * 1000;
      // Each write sleeps between its statement groups, so that the two overlap every round.
      const write = (ids: readonly string[], offset: number) =>
        app.database.db
          .transaction(async (client) => {
            await client.query('select pg_sleep(0.002)');
            await writeResults(client, results(ids, at + offset), []);
          })
          .catch((error: unknown) => failures.push(error));
      await Promise.all([write(forward, 0), write(backward, 500)]);
    }
    expect(failures.map(String)).toEqual([]);
    const { rows } = await app.database.db.pool.query<{ n: number }>(
      `select count(*)::int as n from check_statuses where check_id = any($1::uuid[])`,
      [checkIds],
    );
    expect(rows[0]?.n).toBe(40 * 2 * checkIds.length);
  });
});

import { checkSummaryEntrySchema } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import type { CheckResult } from '../../src/modules/health/history/check-result.ts';
import { defaultRetention } from '../../src/modules/health/history/retention.ts';
import { writeResults } from '../../src/modules/health/history/results.repository.ts';
import { SummaryMemo } from '../../src/modules/health/history/summary-memo.ts';
import { summariseAll } from '../../src/modules/health/history/summary.service.ts';
import { call, checkResult, createdId, startTestApp } from './health-harness.ts';

let app: TestApp;
let canaryId = '';
const checkIds: string[] = [];
const hour = 3_600_000;
const day = 24 * hour;

function result(checkId: string, time: number, pass: boolean, duration: number): CheckResult {
  return checkResult({ checkId, canaryId }, time, pass, duration);
}

async function write(results: CheckResult[]): Promise<void> {
  await app.database.db.transaction((client) => writeResults(client, results, []));
}

/** The memo's answer, and a freshly computed one, as comparable JSON. */
async function both(memo: SummaryMemo, windowMs: number, now = Date.now()) {
  const db = app.database.db;
  const kept = await summariseAll(db, windowMs, now, defaultRetention, memo);
  const fresh = await summariseAll(db, windowMs, now, defaultRetention, new SummaryMemo());
  const parse = (entries: typeof kept): unknown[] =>
    entries
      .map((e) => e.json)
      .sort()
      .map((json): unknown => JSON.parse(json));
  return { kept: parse(kept), fresh: parse(fresh), entries: kept };
}

beforeAll(async () => {
  app = await startTestApp();
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name: 'memo',
    namespace: 'prod',
    spec: {
      http: [
        { name: 'a', url: 'http://127.0.0.1:9/' },
        { name: 'b', url: 'http://127.0.0.1:9/' },
      ],
    },
  });
  canaryId = createdId(created);
  const rows = await app.database.db.pool.query<{ id: string }>(
    `select id from checks where canary_id = $1 order by name`,
    [canaryId],
  );
  checkIds.push(...rows.rows.map((r) => r.id));
  const history: CheckResult[] = [];
  const now = Date.now();
  for (let t = now - 3 * day; t < now - 5 * 60_000; t += 20 * 60_000) {
    for (const id of checkIds) history.push(result(id, t, true, 10 + (t % 7)));
  }
  await write(history);
});

afterAll(async () => {
  await app.close();
});

describe.each([
  ['an exact window (1h)', hour],
  ['a rollup window (2d)', 2 * day],
])('the summary memo over %s', (_name, windowMs) => {
  it('answers as a fresh computation would after new results and a canary rename', async () => {
    const memo = new SummaryMemo();
    const first = await both(memo, windowMs);
    expect(first.kept).toEqual(first.fresh);
    expect(first.kept).toHaveLength(2);

    const [a = '', b = ''] = checkIds;
    const failedBefore = first.entries.find((e) => e.id === a)?.uptime.failed ?? 0;
    await write([result(a, Date.now() - 1000 - windowMs / 1000, false, 900)]);
    const afterRun = await both(memo, windowMs);
    expect(afterRun.kept).toEqual(afterRun.fresh);
    expect(afterRun.entries.find((e) => e.id === a)?.uptime.failed).toBe(failedBefore + 1);
    // The status strip's last runs end with the failed one, whatever the window.
    const entryA = checkSummaryEntrySchema.parse(
      JSON.parse(afterRun.entries.find((e) => e.id === a)?.json ?? '{}'),
    );
    expect(entryA.recent?.statuses).toMatch(/^1+0+$/);
    expect(entryA.recent?.durations.at(-1)).toBe(900);

    await app.database.db.pool.query(`update canaries set name = $1 where id = $2`, [
      `memo-${windowMs}`,
      canaryId,
    ]);
    const afterRename = await both(memo, windowMs);
    expect(afterRename.kept).toEqual(afterRename.fresh);
    expect(afterRename.kept).toContainEqual(
      expect.objectContaining({ id: b, canary_name: `memo-${windowMs}` }),
    );

    // Time passes with no new results: the window slides over the kept rows.
    const later = await both(memo, windowMs, Date.now() + 25 * 60_000);
    expect(later.kept).toEqual(later.fresh);
    const passedThen = later.entries.find((e) => e.id === b)?.uptime.passed ?? 0;
    const passedNow = afterRename.entries.find((e) => e.id === b)?.uptime.passed ?? 0;
    if (windowMs === hour) expect(passedThen).toBeLessThan(passedNow);
  });
});

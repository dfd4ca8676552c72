import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSummaryResponseSchema } from '@vigil/domain';
import type { TestApp } from '../app.ts';
import { writeResults } from '../../src/modules/health/history/results.repository.ts';
import { call, checkResult, createdId, startTestApp } from './health-harness.ts';

let app: TestApp;
const ids: Record<string, string> = {};

async function checkIdsOf(canaryId: string): Promise<Record<string, string>> {
  const rows = await app.database.db.pool.query<{ id: string; name: string }>(
    `select id, name from checks where canary_id = $1`,
    [canaryId],
  );
  return Object.fromEntries(rows.rows.map((row) => [row.name, row.id]));
}

/** The names of the checks a summary answer lists, in its order. */
async function names(method: 'GET' | 'POST', path: string, body?: unknown): Promise<string[]> {
  const answer = await call(app, method, path, 'viewer', body);
  expect(answer.status).toBe(200);
  return checkSummaryResponseSchema.parse(answer.json).checks_summary.map((entry) => entry.name);
}

const post = (body: unknown) => names('POST', '/api/canary/api/summary', body);

beforeAll(async () => {
  app = await startTestApp();
  const canary = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name: 'shop',
    namespace: 'prod',
    spec: {
      schedule: '@every 24h',
      http: [
        { name: 'cart', url: 'http://127.0.0.1:9/', labels: { tier: 'edge', team: 'a' } },
        { name: 'basket', url: 'http://127.0.0.1:9/', labels: { tier: 'core', team: 'a' } },
        { name: 'archive', url: 'http://127.0.0.1:9/', labels: { tier: 'edge', team: 'b' } },
      ],
    },
  });
  const canaryId = createdId(canary);
  Object.assign(ids, await checkIdsOf(canaryId));
  const now = Date.now();
  await app.database.db.transaction((client) =>
    writeResults(
      client,
      [
        checkResult({ checkId: ids.cart ?? '', canaryId }, now - 60_000, true, 5),
        checkResult({ checkId: ids.basket ?? '', canaryId }, now - 60_000, false, 5),
        checkResult({ checkId: ids.archive ?? '', canaryId }, now - 60_000, true, 5),
      ],
      [],
    ),
  );
  // Deleted 10 minutes ago: still in the last hour's summary (its history is).
  await app.database.db.pool.query(
    `update checks set deleted_at = now() - interval '10 minutes' where id = $1`,
    [ids.archive],
  );
});

afterAll(async () => {
  await app.close();
});

describe('the summary answers as canary-checker and Mission Control do', () => {
  it('GET answers {duration, runnerName, checks_summary} on both paths', async () => {
    const answer = await call(app, 'GET', '/api/canary/api/summary?timeRange=1h', 'viewer');
    expect(answer.json).toMatchObject({ runnerName: 'local', duration: expect.any(Number) });
    expect((await names('GET', '/api/canary/api/summary')).sort()).toEqual([
      'archive',
      'basket',
      'cart',
    ]);
    expect((await names('GET', '/api/summary?timeRange=1h')).sort()).toEqual([
      'archive',
      'basket',
      'cart',
    ]);
  });

  it('POST with no body or an empty one answers every check', async () => {
    expect((await post({})).sort()).toEqual(['archive', 'basket', 'cart']);
    const bare = await call(app, 'POST', '/api/summary', 'viewer');
    expect(bare.status).toBe(200);
    expect(checkSummaryResponseSchema.parse(bare.json).checks_summary).toHaveLength(3);
  });
});

describe('POST filters', () => {
  it('checkID and checkIDs keep those checks', async () => {
    expect(await post({ checkID: ids.cart })).toEqual(['cart']);
    expect((await post({ checkIDs: [ids.cart, ids.basket] })).sort()).toEqual(['basket', 'cart']);
  });

  it('takes canary-checker field names in any case, as Go decodes them', async () => {
    expect(await post({ CheckID: ids.basket })).toEqual(['basket']);
    expect(await post({ SortBy: '-name', Labels: { team: 'a' } })).toEqual(['cart', 'basket']);
  });

  it('labels keep checks that have every label given', async () => {
    expect((await post({ labels: { tier: 'edge' } })).sort()).toEqual(['archive', 'cart']);
    expect(await post({ labels: { tier: 'edge', team: 'b' } })).toEqual(['archive']);
    expect(await post({ labels: { tier: 'none' } })).toEqual([]);
  });

  it('status keeps healthy or unhealthy checks', async () => {
    expect(await post({ status: 'unhealthy' })).toEqual(['basket']);
    expect((await post({ status: 'healthy' })).sort()).toEqual(['archive', 'cart']);
  });

  it('sortBy orders by name, ascending or descending', async () => {
    expect(await post({ sortBy: 'name' })).toEqual(['archive', 'basket', 'cart']);
    expect(await post({ sortBy: '-name' })).toEqual(['cart', 'basket', 'archive']);
  });

  it('deleteFrom keeps deleted checks only when deleted after it; timeRange bounds the window', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(await post({ deleteFrom: fiveMinutesAgo, sortBy: 'name' })).toEqual(['basket', 'cart']);
    expect(await post({ deleteFrom: hourAgo, sortBy: 'name' })).toEqual([
      'archive',
      'basket',
      'cart',
    ]);
    expect((await post({ timeRange: '5m' })).sort()).toEqual(['basket', 'cart']);
  });
});

describe('POST refusals', () => {
  it.each([
    [{ checkID: 'nope' }, 'checkID'],
    [{ checkIDs: ['nope'] }, 'checkIDs'],
    [{ labels: { tier: 3 } }, 'labels'],
    [{ status: 'sick' }, 'status'],
    [{ timeRange: 'forever' }, 'timeRange'],
    [{ deleteFrom: 'yesterday' }, 'deleteFrom'],
    [{ sortBy: 'age' }, 'sortBy'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const answer = await call(app, 'POST', '/api/canary/api/summary', 'viewer', body);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining(field),
    });
  });

  it('answers every role that reads canaries, and refuses anonymous callers', async () => {
    for (const role of ['admin', 'editor', 'commander', 'responder', 'viewer'] as const) {
      expect((await call(app, 'POST', '/api/canary/api/summary', role, {})).status).toBe(200);
    }
    expect((await call(app, 'POST', '/api/canary/api/summary', 'anonymous', {})).status).toBe(401);
    expect((await call(app, 'GET', '/api/summary', 'anonymous')).status).toBe(401);
  });

  it('documents the filter and the answer in /api/docs', async () => {
    const docs = await fetch(`${app.baseUrl}/api/docs/json`);
    const text = await docs.text();
    expect(text).toContain('checks_summary');
    expect(text).toContain('deleteFrom');
  });
});

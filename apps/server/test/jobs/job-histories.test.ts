import { roles } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import {
  countRuns,
  dbCall,
  errorCode,
  ids,
  rowsOf,
  seedResources,
  seedRuns,
} from './jobs-harness.ts';

let app: TestApp;
const minute = 60_000;
const hour = 60 * minute;

beforeAll(async () => {
  app = await startTestApp({ modules: ['jobs'] });
  await seedResources(app);
  await seedRuns(app, [
    {
      name: 'Canary',
      status: 'FAILED',
      resourceType: 'canary',
      resourceId: ids.canary,
      resourceName: 'old-name',
      agentId: ids.agent,
      durationMs: 1200,
      ageMs: 5 * minute,
      details: { errors: ['connection refused'] },
    },
    {
      name: 'Canary',
      status: 'SUCCESS',
      resourceType: 'canary',
      resourceId: ids.canary,
      durationMs: 300,
      ageMs: 10 * minute,
    },
    {
      name: 'Canary',
      status: 'SUCCESS',
      resourceType: 'canary',
      resourceId: ids.goneCanary,
      resourceName: 'deleted-canary',
      durationMs: 50,
      ageMs: 3 * 24 * hour,
    },
    {
      name: 'TopologyRun',
      status: 'WARNING',
      resourceType: 'topology',
      resourceId: ids.topology,
      durationMs: 4000,
      ageMs: 2 * hour,
      details: { summary: { components: 3 } },
    },
    {
      name: 'ConfigScraper',
      status: 'RUNNING',
      resourceType: 'config_scraper',
      resourceId: ids.scraper,
      ageMs: 30 * minute,
    },
    { name: 'HealthRetention', status: 'SUCCESS', resourceType: 'health', ageMs: hour },
    { name: 'ConfigScraper', status: 'SUCCESS', resourceId: 'not-a-uuid', ageMs: 20 * minute },
  ]);
});

afterAll(() => app.close());

const list = 'job_histories?select=*&limit=50&offset=0&order=created_at.desc';

describe('GET /job_histories', () => {
  it('lists runs newest first with agent, resource name and an exact count', async () => {
    const answer = await dbCall(app, list, 'viewer');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-range')).toBe('0-6/7');
    const rows = rowsOf(answer);
    expect(rows.map((row) => row.name)).toEqual([
      'Canary',
      'Canary',
      'ConfigScraper',
      'ConfigScraper',
      'HealthRetention',
      'TopologyRun',
      'Canary',
    ]);
    expect(rows[0]).toMatchObject({
      status: 'FAILED',
      resource_type: 'canary',
      resource_id: ids.canary,
      // The canary's current name wins over the one stored with the run.
      resource_name: 'payments-api',
      duration_millis: 1200,
      agent: { id: ids.agent, name: 'eu-cluster' },
      details: { errors: ['connection refused'] },
    });
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'id',
        'name',
        'agent_id',
        'agent',
        'resource_type',
        'resource_id',
        'resource_name',
        'status',
        'details',
        'hostname',
        'duration_millis',
        'success_count',
        'error_count',
        'time_start',
        'time_end',
        'created_at',
      ].sort(),
    );
    // A deleted resource keeps the name stored with its run; a non-uuid id is no error.
    expect(rows[6]).toMatchObject({ resource_name: 'deleted-canary' });
    expect(rows[2]).toMatchObject({ resource_id: 'not-a-uuid', resource_name: null });
    expect(rows[3]).toMatchObject({ resource_name: 'kubernetes', status: 'RUNNING' });
    expect(rows[5]).toMatchObject({ resource_name: 'cluster-map' });
    expect(rows[2]?.agent).toMatchObject({ id: '00000000-0000-0000-0000-000000000000' });
  });

  it.each([
    ['resource_type=eq.canary', 3],
    ['name=eq.ConfigScraper', 2],
    ['status=eq.FAILED', 1],
    [`resource_id=eq.${ids.canary}`, 2],
    ['duration_millis=gte.1000', 2],
    [
      `and=(created_at.gt.${new Date(Date.now() - 90 * minute).toISOString()},created_at.lt.${new Date(Date.now() - 7 * minute).toISOString()})`,
      4,
    ],
    // Relative ranges come as date math, which the data API resolves.
    ['and=(created_at.gt.now-90m,created_at.lt.now-7m)', 4],
    ['and=(created_at.gt.now-2d,created_at.lt.now)', 6],
    ['status=eq.SUCCESS&resource_type=eq.canary', 2],
  ])('filters with %s as the page does', async (filter, expected) => {
    const answer = await dbCall(app, `${list}&${filter}`, 'viewer');
    expect(answer.status).toBe(200);
    expect(rowsOf(answer)).toHaveLength(expected);
    expect(answer.headers.get('content-range')).toMatch(new RegExp(`/${expected}$`));
  });

  it('pages with limit and offset and sorts by any column', async () => {
    const page = await dbCall(
      app,
      'job_histories?select=*&limit=2&offset=2&order=duration_millis.desc.nullslast',
      'viewer',
    );
    // PostgREST answers a part of a counted list with 206.
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('2-3/7');
    expect(rowsOf(page).map((row) => row.duration_millis)).toEqual([300, 50]);
  });

  it('finds one run by id for a shared link', async () => {
    const [first] = rowsOf(await dbCall(app, list, 'viewer'));
    const one = await dbCall(app, `job_histories?select=*&id=eq.${first?.id ?? ''}`, 'viewer');
    expect(rowsOf(one)).toHaveLength(1);
  });

  it.each([
    ['an unknown column filter', `${list}&colour=eq.red`, 400],
    ['an unknown operator', `${list}&status=near.FAILED`, 400],
    ['a date that is not one', `${list}&and=(created_at.gt.yesterday-ish)`, 400],
    ['a duration that is not a number', `${list}&duration_millis=gte.slow`, 400],
    ['an id that is not a uuid', 'job_histories?id=eq.42', 400],
    ['an unknown sort column', 'job_histories?order=colour.desc', 400],
    ['a negative limit', 'job_histories?limit=-1', 400],
    ['a status outside the list', `${list}&status=in.(FAILED,`, 400],
  ])('refuses %s with a clear 4xx', async (_what, path, status) => {
    const answer = await dbCall(app, path, 'admin');
    expect(answer.status).toBe(status);
    expect(errorCode(answer)).toMatch(/^(PGRST|22|42)/);
  });
});

describe('GET /job_history_names', () => {
  it('lists each job name once, sorted', async () => {
    const answer = await dbCall(app, 'job_history_names?order=name.asc', 'viewer');
    expect(answer.status).toBe(200);
    expect(rowsOf(answer)).toEqual([
      { name: 'Canary' },
      { name: 'ConfigScraper' },
      { name: 'HealthRetention' },
      { name: 'TopologyRun' },
    ]);
  });

  it('refuses an unknown column', async () => {
    const answer = await dbCall(app, 'job_history_names?order=colour.asc', 'viewer');
    expect(answer.status).toBe(400);
  });
});

describe('who may read and write job history views', () => {
  it.each(roles)('a %s may read both', async (role) => {
    for (const path of [list, 'job_history_names?order=name.asc']) {
      expect((await dbCall(app, path, role)).status).toBe(200);
    }
  });

  it('refuses a caller without a session', async () => {
    for (const path of [list, 'job_history_names?order=name.asc']) {
      const answer = await dbCall(app, path, 'anonymous');
      expect(answer.status).toBe(401);
      expect(errorCode(answer)).toBe('42501');
    }
  });

  it.each(['viewer', 'responder', 'commander'] as const)(
    'refuses writes from a %s before anything else',
    async (role) => {
      const answer = await dbCall(app, 'job_histories', role, {
        method: 'POST',
        body: { name: 'x', status: 'SUCCESS' },
      });
      expect(answer.status).toBe(403);
    },
  );

  it.each(['admin', 'editor'] as const)(
    'answers a %s that the views are read-only, writing nothing',
    async (role) => {
      const before = await countRuns(app);
      const posted = await dbCall(app, 'job_histories', role, {
        method: 'POST',
        body: { name: 'x', status: 'SUCCESS' },
      });
      expect(posted.status).toBe(405);
      const patched = await dbCall(app, 'job_history_names?name=eq.Canary', role, {
        method: 'PATCH',
        body: { name: 'y' },
      });
      expect(patched.status).toBe(405);
      const deleted = await dbCall(app, 'job_histories?status=eq.FAILED', role, {
        method: 'DELETE',
      });
      expect(deleted.status).toBe(405);
      expect(await countRuns(app)).toBe(before);
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp } from '../health/health-harness.ts';
import type { TestApp } from '../app.ts';
import {
  createTopology,
  rootOf,
  runAnswer,
  seed,
  statusOf,
  topologySpecFixture,
} from './topology-harness.ts';

let app: TestApp;
let seeded: Awaited<ReturnType<typeof seed>>;
let topologyId = '';

beforeAll(async () => {
  app = await startTestApp({ modules: ['health', 'catalog', 'topology', 'incidents'] });
  seeded = await seed(app);
  topologyId = await createTopology(app, 'shop', topologySpecFixture);
});
afterAll(async () => {
  await app.close();
});

const rows = async (text: string, values: unknown[] = []) =>
  (await app.database.db.pool.query<Record<string, unknown>>(text, values)).rows;

describe('the topology builder', () => {
  it('builds static components, catalog lookups with forEach, and links', async () => {
    const answer = await call(app, 'POST', `/api/topology/${topologyId}/run`, 'editor');
    expect(answer.status).toBe(200);
    const run = runAnswer.parse(answer.json);
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('SUCCESS');
    const names = (
      await rows(
        `select name, type from components where topology_id = $1 and deleted_at is null order by name`,
        [topologyId],
      )
    ).map((r) => `${String(r.name)}:${String(r.type)}`);
    expect(names).toEqual([
      'api:Service',
      'node-1:Node',
      'node-1-disk:Disk',
      'node-2:Node',
      'node-2-disk:Disk',
      'shop:Application',
      'w1:Worker',
      'w2:Worker',
      'workers:Group',
    ]);
    const [api] = await rows(`select id, properties from components where name = 'api'`);
    expect(api?.properties).toEqual([
      { name: 'url', type: 'url', text: 'https://api.example.com' },
      { name: 'cost', type: 'currency', value: 1200, headline: true },
    ]);
    const [node] = await rows(`select properties from components where name = 'node-1'`);
    expect(node?.properties).toEqual([{ name: 'zone', text: 'eu-1' }]);
    expect(
      await rows(`select check_id from check_component_relationships where component_id = $1`, [
        api?.id,
      ]),
    ).toEqual([{ check_id: seeded.apiCheck }]);
    expect(
      await rows(`select config_id from config_component_relationships where component_id = $1`, [
        api?.id,
      ]),
    ).toEqual([{ config_id: seeded.db }]);
    const [job] = await rows(
      `select status, resource_type from job_history where resource_id = $1 order by created_at desc`,
      [topologyId],
    );
    expect(job).toEqual({ status: 'SUCCESS', resource_type: 'topology' });
  });

  it('keeps ids across runs and marks removed components deleted', async () => {
    const before = await rootOf(app, topologyId);
    const spec = { ...topologySpecFixture, components: topologySpecFixture.components.slice(0, 2) };
    expect(
      (await call(app, 'PATCH', `/api/db/topologies?id=eq.${topologyId}`, 'editor', { spec }))
        .status,
    ).toBe(200);
    const run = runAnswer.parse(
      (await call(app, 'POST', `/api/topology/${topologyId}/run`, 'admin')).json,
    );
    expect(run.deleted).toBe(4);
    expect(await rootOf(app, topologyId)).toBe(before);
    const gone = await rows(
      `select count(*)::int as n from components where name like 'node-%' and deleted_at is not null`,
    );
    expect(gone).toEqual([{ n: 4 }]);
  });

  it('rolls status up from checks, configs and children; mixed children are a warning', async () => {
    expect(await statusOf(app, 'shop')).toEqual({ status: 'healthy', status_reason: null });
    await app.database.db.pool.query(`update checks set status = 'unhealthy' where id = $1`, [
      seeded.apiCheck,
    ]);
    expect(await statusOf(app, 'api')).toEqual({
      status: 'unhealthy',
      status_reason: 'check api-http is unhealthy',
    });
    expect(await statusOf(app, 'shop')).toEqual({
      status: 'warning',
      status_reason: '1 of 2 children unhealthy: api',
    });
    await app.database.db.pool.query(`update checks set status = 'healthy' where id = $1`, [
      seeded.apiCheck,
    ]);
    await app.database.db.pool.query(`update config_items set health = 'unhealthy' where id = $1`, [
      seeded.db,
    ]);
    expect(await statusOf(app, 'api')).toEqual({
      status: 'unhealthy',
      status_reason: 'config db1 is unhealthy',
    });
    await app.database.db.pool.query(`update config_items set health = 'healthy' where id = $1`, [
      seeded.db,
    ]);
    expect((await statusOf(app, 'shop'))?.status).toBe('healthy');
  });

  it('refuses a run to a viewer and an unknown topology', async () => {
    expect((await call(app, 'POST', `/api/topology/${topologyId}/run`, 'viewer')).status).toBe(403);
    expect((await call(app, 'POST', `/api/topology/${topologyId}/run`, 'anonymous')).status).toBe(
      401,
    );
    const missing = '00000000-0000-7000-8000-000000000001';
    expect((await call(app, 'POST', `/api/topology/${missing}/run`, 'editor')).status).toBe(404);
    expect((await call(app, 'POST', '/api/topology/nope/run', 'editor')).status).toBe(400);
  });
});

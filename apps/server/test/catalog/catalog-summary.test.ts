import { roles } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { field, rowOf, rowsOf, useDataApi } from '../data-api/helpers.ts';
import { postCatalog } from './catalog-calls.ts';

const api = useDataApi();
const summary = (body: unknown, role: Parameters<typeof postCatalog>[3] = 'viewer') =>
  postCatalog(api.baseUrl, 'summary', body, role);

describe('POST /api/catalog/summary', () => {
  it('groups by type with health, analysis, changes, cost and times', async () => {
    const { status, json } = await summary({ changes: { since: '30d' } });
    expect(status).toBe(200);
    const rows = rowsOf(json);
    expect(rows.map((row) => row.type)).toEqual([
      'Kubernetes::Cluster',
      'Kubernetes::Node',
      'Kubernetes::Pod',
    ]);
    expect(rows[0]).toMatchObject({ count: 1, health: { healthy: 1 }, changes: 2, analysis: {} });
    expect(rows[1]).toMatchObject({
      count: 1,
      health: { warning: 1 },
      analysis: { reliability: 1 },
    });
    expect(rows[2]).toMatchObject({ count: 1, health: { unhealthy: 1 }, changes: 1 });
    expect(typeof rows[0]?.created_at).toBe('string');
    expect(rows[0]).toHaveProperty('cost_total_30d');
  });

  it('counts changes since date math only', async () => {
    const rows = rowsOf((await summary({ changes: { since: 'now-2d' } })).json);
    expect(rows.find((row) => row.type === 'Kubernetes::Cluster')?.changes).toBe(1);
  });

  it('groups by tag keys and config_class', async () => {
    const rows = rowsOf((await summary({ groupBy: ['cluster'] })).json);
    expect(rows.map((row) => [row.cluster, row.count])).toEqual([
      ['dev', 1],
      ['prod', 2],
    ]);
    const byClass = rowsOf((await summary({ groupBy: ['config_class'] })).json);
    expect(byClass).toEqual([expect.objectContaining({ config_class: null, count: 3 })]);
  });

  it('filters by health and status tri-state, labels and deleted', async () => {
    const healthy = rowsOf((await summary({ health: '!healthy' })).json);
    expect(healthy.map((row) => row.type)).toEqual(['Kubernetes::Node', 'Kubernetes::Pod']);
    await api.query(`update config_items set labels = '{"env": "prod"}' where name = 'node-1'`);
    const labelled = rowsOf((await summary({ filter: { env: 'prod' } })).json);
    expect(labelled.map((row) => row.type)).toEqual(['Kubernetes::Node']);
    const excluded = rowsOf((await summary({ filter: { env: '!prod' } })).json);
    expect(excluded.map((row) => row.type)).toEqual(['Kubernetes::Cluster', 'Kubernetes::Pod']);
    await api.query(`update config_items set deleted_at = now() where name = 'web-pod'`);
    expect(rowsOf((await summary({})).json)).toHaveLength(2);
    expect(rowsOf((await summary({ deleted: true })).json)).toHaveLength(3);
    await api.query(`update config_items set deleted_at = null, labels = '{}'`);
  });

  it('totals the cost window asked for', async () => {
    await api.query(`update config_items set cost_total_7d = 2.5, cost_total_30d = 10`);
    const rows = rowsOf((await summary({ cost: '7d' })).json);
    expect(rows[0]).toMatchObject({ cost_total_7d: 2.5, cost_total_30d: 10 });
  });

  it('answers from the rollups what a scan of the items answers, through every kind of write', async () => {
    // A health filter that keeps every item sends the same question down the scanning path.
    const both = async (body: Record<string, unknown>) => {
      const fast = rowsOf((await summary(body)).json);
      const scanned = rowsOf((await summary({ ...body, health: '!none' })).json);
      expect(fast).toEqual(scanned);
      return fast;
    };
    const bodies = [
      {},
      { deleted: true, cost: '1d' },
      { changes: { since: 'now-36h' }, analysis: { since: 'now-1h' } },
      { changes: { since: '30d' }, deleted: true },
    ];
    const check = async () => {
      for (const body of bodies) await both(body);
    };
    await check();
    await api.query(`insert into config_changes (config_id, change_type, created_at)
      select id, 'bump', now() - interval '90 minutes' from config_items`);
    await api.query(
      `update config_items set health = 'unhealthy', cost_total_1d = 3 where name = 'node-1'`,
    );
    await api.query(`update config_items set deleted_at = now() where name = 'prod-cluster'`);
    await api.query(`update config_items set type = 'Kubernetes::Other' where name = 'web-pod'`);
    await api.query(`update config_analysis set status = 'resolved'`);
    await api.query(`insert into config_analysis (config_id, analyzer, analysis_type, last_observed)
      select id, 'cve', 'security', now() - interval '20 minutes' from config_items`);
    await check();
    await api.query(
      `update config_analysis set last_observed = now() - interval '3 hours' where analyzer = 'cve'`,
    );
    await api.query(`delete from config_changes where change_type = 'bump' and config_id in
      (select id from config_items where name = 'node-1')`);
    await check();
    const before = rowsOf((await summary({ deleted: true })).json);
    expect(before.map((row) => row.type)).toContain('Kubernetes::Other');
    await api.query(
      `insert into config_items (name, type, health) values ('gone', 'Kubernetes::Gone', 'healthy')`,
    );
    await api.query(`insert into config_changes (config_id, change_type)
      select id, 'x' from config_items where name = 'gone'`);
    await api.query(`delete from config_items where name = 'gone'`);
    await check();
    const after = rowsOf((await summary({ deleted: true, changes: { since: '1d' } })).json);
    expect(after.map((row) => row.type)).not.toContain('Kubernetes::Gone');
    await api.query(`update config_items set type = 'Kubernetes::Pod' where name = 'web-pod'`);
    await api.query(`update config_items set deleted_at = null`);
  });

  it('answers the default grouping, config_class then type, like a scan, also when a type has two classes', async () => {
    const body = { groupBy: ['config_class', 'type'], changes: { since: '30d' } };
    const same = async () => {
      const fast = rowsOf((await summary(body)).json);
      expect(fast).toEqual(rowsOf((await summary({ ...body, health: '!none' })).json));
      return fast;
    };
    expect((await same()).map((row) => row.config_class)).toEqual([null, null, null]);
    await api.query(`update config_items set config_class = split_part(type, '::', 2)`);
    const classed = await same();
    expect(classed.map((row) => [row.config_class, row.type])).toEqual([
      ['Cluster', 'Kubernetes::Cluster'],
      ['Node', 'Kubernetes::Node'],
      ['Pod', 'Kubernetes::Pod'],
    ]);
    await api.query(`insert into config_items (name, type, config_class, health)
      values ('odd-pod', 'Kubernetes::Pod', 'Workload', 'healthy')`);
    const mixed = await same();
    expect(mixed.filter((row) => row.type === 'Kubernetes::Pod')).toHaveLength(2);
    await api.query(`delete from config_items where name = 'odd-pod'`);
    await api.query(`update config_items set config_class = null`);
  });

  it.each([
    [{ groupBy: ['bad key!'] }, 'groupBy.0'],
    [{ changes: { since: 'yesterday' } }, 'changes.since'],
    [{ analysis: { since: 'now-2x' } }, 'analysis.since'],
    [{ cost: '2d' }, 'cost'],
    [{ deleted: 'yes' }, 'deleted'],
    [{ filter: { env: 1 } }, 'filter.env'],
    [{ nope: 1 }, 'nope'],
  ])('refuses bad input %j naming %s', async (body, name) => {
    const { status, json } = await summary(body);
    expect(status).toBe(400);
    expect(String(field(json, 'message'))).toContain(name);
  });

  it.each(roles)('answers the %s role', async (role) => {
    expect((await summary({}, role)).status).toBe(200);
  });

  it('refuses a caller without a session', async () => {
    const { status, json } = await summary({}, 'anonymous');
    expect(status).toBe(401);
    expect(rowOf(json).code).toBe('unauthenticated');
  });
});

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

import { describe, expect, it } from 'vitest';
import { field, ids, rowOf, rowsOf, useDataApi } from '../data-api/helpers.ts';

const api = useDataApi();
const component = '01900000-0000-7000-8000-0000000000c1';
const get = async (path: string) => {
  const response = await api.request(path);
  expect(response.status).toBe(200);
  return rowsOf(response.json);
};

describe('catalog views and functions at /api/db', () => {
  it('config_detail carries the tab counts, scraper and last scrape', async () => {
    await api.query(
      `insert into check_config_relationships (check_id, config_id) values ($1, $2)`,
      [ids.checkA, ids.node],
    );
    const [node] = await get(`config_detail?id=eq.${ids.node}`);
    expect(node).toMatchObject({
      name: 'node-1',
      config_scrapers: { id: ids.scraper, name: 'kubernetes' },
      summary: { changes: 0, analysis: 1, relationships: 2, playbook_runs: 0, checks: 1 },
    });
    const [cluster] = await get(`config_detail?id=eq.${ids.cluster}&select=summary,agent(name)`);
    expect(cluster).toEqual({
      summary: { changes: 2, analysis: 0, relationships: 1, playbook_runs: 0, checks: 0 },
      agent: { name: 'edge' },
    });
  });

  it('answers the filter lists', async () => {
    expect(await get('config_types?order=type')).toEqual([
      { type: 'Kubernetes::Cluster' },
      { type: 'Kubernetes::Node' },
      { type: 'Kubernetes::Pod' },
    ]);
    expect(await get('config_tags?key=eq.cluster&order=value')).toEqual([
      { key: 'cluster', value: 'dev' },
      { key: 'cluster', value: 'prod' },
    ]);
    await api.query(
      `update config_items set labels = '{"app": "web"}', status = 'Running' where id = $1`,
      [ids.pod],
    );
    expect(await get('config_labels')).toEqual([{ key: 'app', value: 'web' }]);
    expect(await get('config_statuses')).toEqual([{ status: 'Running' }]);
    expect(await get('config_analysis_analyzers')).toEqual([{ analyzer: 'disk' }]);
    expect(await get('change_types')).toEqual([
      { change_type: 'deleted' },
      { change_type: 'diff' },
    ]);
    expect(await get(`config_names?id=eq.${ids.pod}&select=name,type`)).toEqual([
      { name: 'web-pod', type: 'Kubernetes::Pod' },
    ]);
  });

  it('catalog_changes and config_analysis_items join the config', async () => {
    const changes = await get(`catalog_changes?config_id=eq.${ids.pod}&select=name,type,summary`);
    expect(changes).toEqual([{ name: 'web-pod', type: 'Kubernetes::Pod', summary: 'image bump' }]);
    const insights = await get('config_analysis_items?select=config_name,config_type,analyzer');
    expect(insights).toEqual([
      { config_name: 'node-1', config_type: 'Kubernetes::Node', analyzer: 'disk' },
    ]);
  });

  it('answers by component: analysis, changes and the lookup function', async () => {
    await api.query(`insert into components (id, name) values ($1, 'web')`, [component]);
    await api.query(
      `insert into config_component_relationships (component_id, config_id) values ($1, $2), ($1, $3)`,
      [component, ids.node, ids.pod],
    );
    expect(
      await get(`analysis_by_component?component_id=eq.${component}&select=name,analyzer`),
    ).toEqual([{ name: 'node-1', analyzer: 'disk' }]);
    expect(
      await get(`changes_by_component?component_id=eq.${component}&select=name,summary`),
    ).toEqual([{ name: 'web-pod', summary: 'image bump' }]);
    expect(await get(`rpc/lookup_analysis_by_component?id=${component}&select=analyzer`)).toEqual([
      { analyzer: 'disk' },
    ]);
  });

  it('check_summary_for_config lists the checks of a config', async () => {
    expect(
      await get(`check_summary_for_config?config_id=eq.${ids.node}&select=name,status`),
    ).toEqual([{ name: 'homepage', status: 'healthy' }]);
  });
});

describe('rpc related_configs_recursive', () => {
  it('walks both ways with related ids and depth, cycle-safe', async () => {
    await api.query(
      `insert into config_relationships (config_id, related_id, selector_id)
      values ($1, $2, 'scraper')`,
      [ids.pod, ids.cluster],
    );
    const rows = await get(
      `rpc/related_configs_recursive?config_id=${ids.cluster}&type_filter=all&select=name,depth,related_ids&order=name`,
    );
    expect(rows).toEqual([
      { name: 'node-1', depth: 1, related_ids: [ids.pod] },
      { name: 'web-pod', depth: 1, related_ids: [ids.cluster] },
    ]);
    const outgoing = await get(
      `rpc/related_configs_recursive?config_id=${ids.cluster}&select=name,depth&order=name`,
    );
    expect(outgoing).toEqual([
      { name: 'node-1', depth: 1 },
      { name: 'web-pod', depth: 2 },
    ]);
    await api.query(`delete from config_relationships where selector_id = 'scraper'`);
  });

  it('filters the answer by type, status and health, and keeps hard links only when asked', async () => {
    const pods = await get(
      `rpc/related_configs_recursive?config_id=${ids.cluster}&type=Kubernetes::Pod&health=unhealthy&select=name`,
    );
    expect(pods).toEqual([{ name: 'web-pod' }]);
    await api.query(`update config_items set parent_id = null where id = $1`, [ids.pod]);
    const hard = await get(
      `rpc/related_configs_recursive?config_id=${ids.cluster}&outgoing_relation=hard&select=name`,
    );
    expect(hard).toEqual([{ name: 'node-1' }]);
    await api.query(`update config_items set parent_id = $2 where id = $1`, [ids.pod, ids.node]);
  });

  it('refuses a bad relation filter', async () => {
    const response = await api.request(
      `rpc/related_configs_recursive?config_id=${ids.cluster}&incoming_relation=soft`,
    );
    expect(response.status).toBe(400);
    expect(String(field(response.json, 'message'))).toContain('incoming_relation');
  });
});

describe('manual config links', () => {
  const link = { config_id: ids.pod, related_id: ids.cluster };

  it.each(['admin', 'editor'] as const)('the %s role links and unlinks configs', async (role) => {
    const created = await api.request('config_relationships', { method: 'POST', role, body: link });
    expect(created.status).toBe(201);
    expect(
      await api.query(`select selector_id from config_relationships where config_id = $1`, [
        ids.pod,
      ]),
    ).toEqual([{ selector_id: 'manual' }]);
    const deleted = await api.request(
      `config_relationships?config_id=eq.${ids.pod}&related_id=eq.${ids.cluster}`,
      { method: 'DELETE', role },
    );
    expect(deleted.status).toBe(204);
    expect(await api.count('config_relationships', `config_id = '${ids.pod}'`)).toBe(0);
  });

  it.each(['commander', 'responder', 'viewer', 'anonymous'] as const)(
    'refuses the %s caller',
    async (role) => {
      const created = await api.request('config_relationships', {
        method: 'POST',
        role,
        body: link,
      });
      expect(created.status).toBe(role === 'anonymous' ? 401 : 403);
      expect(await api.count('config_relationships', `config_id = '${ids.pod}'`)).toBe(0);
    },
  );

  it('refuses another selector and deleting a link a scraper made', async () => {
    const other = await api.request('config_relationships', {
      method: 'POST',
      role: 'admin',
      body: { ...link, selector_id: 'scraper' },
    });
    expect(other.status).toBe(400);
    expect(String(rowOf(other.json).message)).toContain('selector_id');
    await api.query(
      `insert into config_relationships (config_id, related_id, selector_id)
      values ($1, $2, 'scraper')`,
      [ids.cluster, ids.pod],
    );
    const scraped = await api.request(
      `config_relationships?config_id=eq.${ids.cluster}&related_id=eq.${ids.pod}`,
      { method: 'DELETE', role: 'admin' },
    );
    expect(scraped.status).toBe(400);
    expect(String(rowOf(scraped.json).message)).toContain(
      'only manual config links can be deleted',
    );
    expect(await api.count('config_relationships', `config_id = '${ids.cluster}'`)).toBe(2);
    await api.query(`delete from config_relationships where selector_id = 'scraper'`);
  });

  it('links a config to a component and unlinks it', async () => {
    const created = await api.request('config_component_relationships', {
      method: 'POST',
      role: 'editor',
      body: { component_id: component, config_id: ids.cluster, selector_id: 'manual' },
    });
    expect(created.status).toBe(201);
    const edited = await api.request(
      `config_component_relationships?component_id=eq.${component}&config_id=eq.${ids.cluster}`,
      { method: 'PATCH', role: 'editor', body: { selector_id: 'x' } },
    );
    expect(edited.status).toBe(400);
    const deleted = await api.request(
      `config_component_relationships?component_id=eq.${component}&config_id=eq.${ids.cluster}`,
      { method: 'DELETE', role: 'editor' },
    );
    expect(deleted.status).toBe(204);
  });
});

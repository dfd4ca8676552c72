import { describe, expect, it } from 'vitest';
import { ids, names, rowsOf, useDataApi } from './helpers.ts';

const api = useDataApi();

describe('rpc related_configs_recursive', () => {
  it('is called with POST and named arguments', async () => {
    const { data, error, status } = await api
      .client('viewer')
      .rpc('related_configs_recursive', { config_id: ids.cluster })
      .select('name')
      .order('name');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(names(rowsOf(data))).toEqual(['node-1', 'web-pod']);
  });

  it('is called with GET, filters, defaults and a count', async () => {
    const { data, error, count } = await api
      .client('viewer')
      .rpc(
        'related_configs_recursive',
        { config_id: ids.pod, type_filter: 'incoming', max_depth: 1 },
        { get: true, count: 'exact' },
      )
      .select('name,type');
    expect(error).toBeNull();
    expect(count).toBe(1);
    expect(data).toEqual([{ name: 'node-1', type: 'Kubernetes::Node' }]);
  });

  it('embeds from the returned relation', async () => {
    const { data, error } = await api
      .client('viewer')
      .rpc('related_configs_recursive', { config_id: ids.node, type_filter: 'all' })
      .select('name,parent:parent_id(name)')
      .eq('type', 'Kubernetes::Pod');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'web-pod', parent: { name: 'node-1' } }]);
  });

  it('pages with a range', async () => {
    const { data, error } = await api
      .client('viewer')
      .rpc('related_configs_recursive', { config_id: ids.cluster })
      .select('name')
      .order('name')
      .range(1, 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'web-pod' }]);
  });

  it('passes the function error through as 400', async () => {
    const { error, status } = await api
      .client('viewer')
      .rpc('related_configs_recursive', { config_id: ids.cluster, type_filter: 'sideways' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22023');
  });

  it('refuses unknown and missing arguments with 404 PGRST202', async () => {
    const unknown = await api
      .client('viewer')
      .rpc('related_configs_recursive', { config_id: ids.cluster, nope: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const missing = await api.client('viewer').rpc('related_configs_recursive', {});
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
  });

  it('refuses a malformed argument with a 400', async () => {
    const { error, status } = await api
      .client('viewer')
      .rpc('related_configs_recursive', { config_id: 'not-a-uuid' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  it('does not expose functions outside the allowlist', async () => {
    for (const name of ['gen_uuid_v7', 'next_incident_id', 'ensure_check_status_partitions']) {
      const response = await api.request(`rpc/${name}`, {
        method: 'POST',
        role: 'admin',
        body: {},
      });
      expect(response.status).toBe(404);
    }
    const sequenceBefore = await api.query(`select last_value from incident_id_sequence`);
    await api.request('rpc/next_incident_id', { role: 'admin' });
    expect(await api.query(`select last_value from incident_id_sequence`)).toEqual(sequenceBefore);
  });

  it('refuses arguments that are not an object', async () => {
    const response = await api.request('rpc/related_configs_recursive', {
      method: 'POST',
      role: 'viewer',
      body: [ids.cluster],
    });
    expect(response.status).toBe(400);
  });

  it('refuses other methods with 405', async () => {
    const response = await api.request(`rpc/related_configs_recursive?config_id=${ids.cluster}`, {
      method: 'DELETE',
      role: 'admin',
    });
    expect(response.status).toBe(405);
  });
});

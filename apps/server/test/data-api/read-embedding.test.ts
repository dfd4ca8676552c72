import { describe, expect, it } from 'vitest';
import { field, ids, names, rowOf, rowsOf, useDataApi } from './helpers.ts';

const api = useDataApi();

describe('select', () => {
  it('returns every visible column with *', async () => {
    const { data, error, status } = await api.client('viewer').from('agents').select('*');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(names(rowsOf(data)).sort()).toEqual(['edge', 'local']);
  });

  it('renames and casts columns', async () => {
    const { data, error } = await api
      .client('viewer')
      .from('checks')
      .select('label:name,kind:type,created_at::text')
      .eq('id', ids.checkA)
      .single();
    expect(error).toBeNull();
    const row = rowOf(data);
    expect(Object.keys(row).sort()).toEqual(['created_at', 'kind', 'label']);
    expect(row.label).toBe('homepage');
    expect(typeof row.created_at).toBe('string');
  });

  it('reads JSON paths in select', async () => {
    const { data, error } = await api
      .client('viewer')
      .from('config_items')
      .select('name,replicas:config->spec->replicas,image:config->spec->>image,config->items->0')
      .eq('id', ids.cluster)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'prod-cluster', replicas: 3, image: 'nginx', '0': 1 });
  });

  it('returns one object with single() and maybeSingle()', async () => {
    const client = api.client('viewer');
    const one = await client.from('people').select('name').eq('id', ids.alice).single();
    expect(one.data).toEqual({ name: 'Alice' });
    const none = await client.from('people').select('name').eq('name', 'nobody').maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const many = await client.from('people').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
  });

  it('answers HEAD with headers only', async () => {
    const { data, count, status } = await api
      .client('viewer')
      .from('checks')
      .select('*', { count: 'exact', head: true });
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(3);
  });
});

describe('embedding', () => {
  it('embeds one-to-many', async () => {
    const { data, error } = await api
      .client('viewer')
      .from('canaries')
      .select('name,checks(name)')
      .order('name')
      .order('name', { referencedTable: 'checks' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'dns-canary', checks: [{ name: 'resolver' }] },
      { name: 'http-canary', checks: [{ name: 'api' }, { name: 'homepage' }] },
    ]);
  });

  it('embeds many-to-one', async () => {
    const { data, error } = await api
      .client('viewer')
      .from('checks')
      .select('name,canaries(name)')
      .eq('id', ids.checkC)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'resolver', canaries: { name: 'dns-canary' } });
  });

  it('embeds through FK columns, with and without _id', async () => {
    const { data, error } = await api
      .client('viewer')
      .from('config_items')
      .select('name,created_by(name),agent(name),scraper:scraper_id(name)')
      .eq('id', ids.cluster)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'prod-cluster',
      created_by: { name: 'Alice' },
      agent: { name: 'edge' },
      scraper: { name: 'kubernetes' },
    });
  });

  it('embeds with aliases, hints and nesting', async () => {
    const { data, error } = await api
      .client('viewer')
      .from('incidents')
      .select(
        'title,commander:people!commander_id(name),author:people!incidents_created_by_fkey(name),hypotheses(title,evidences(description))',
      )
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      title: 'Checkout down',
      commander: { name: 'Alice' },
      author: { name: 'Bob' },
      hypotheses: [{ title: 'Bad deploy', evidences: [{ description: 'pod crashed' }] }],
    });
  });

  it('embeds a self reference by column', async () => {
    const { data } = await api
      .client('viewer')
      .from('config_items')
      .select('name,parent:parent_id(name)')
      .eq('id', ids.pod)
      .single();
    expect(data).toEqual({ name: 'web-pod', parent: { name: 'node-1' } });
  });

  it('filters parents with !inner and leaves them with a plain embed', async () => {
    const client = api.client('viewer');
    const inner = await client
      .from('canaries')
      .select('name,checks!inner(name)')
      .eq('checks.status', 'unhealthy');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([{ name: 'http-canary', checks: [{ name: 'api' }] }]);
    const left = await client
      .from('canaries')
      .select('name,checks(name)')
      .eq('checks.status', 'unhealthy')
      .order('name');
    expect(left.data).toEqual([
      { name: 'dns-canary', checks: [] },
      { name: 'http-canary', checks: [{ name: 'api' }] },
    ]);
  });

  it('limits and orders embedded lists', async () => {
    const { data } = await api
      .client('viewer')
      .from('config_items')
      .select('name,config_changes(summary)')
      .eq('id', ids.cluster)
      .order('created_at', { referencedTable: 'config_changes', ascending: true })
      .limit(1, { referencedTable: 'config_changes' })
      .single();
    expect(data).toEqual({ name: 'prod-cluster', config_changes: [{ summary: 'removed' }] });
  });

  it('embeds views through inferred keys', async () => {
    const { data, error } = await api
      .client('viewer')
      .from('configs')
      .select('name,changes,agent:agents(name)')
      .eq('id', ids.cluster)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'prod-cluster', changes: 2, agent: { name: 'edge' } });
  });

  it('orders by a to-one embed', async () => {
    const { data, error } = await api
      .client('viewer')
      .from('checks')
      .select('name,canaries(name)')
      .order('canaries(name)', { ascending: false })
      .order('name');
    expect(error).toBeNull();
    expect(names(rowsOf(data))).toEqual(['api', 'homepage', 'resolver']);
  });

  it('refuses an ambiguous embed with 300 PGRST201', async () => {
    const { error, status } = await api.client('viewer').from('incidents').select('people(name)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.details).toContain('incidents_commander_id_fkey');
  });

  it('refuses an unrelated embed with PGRST200', async () => {
    const { error, status } = await api.client('viewer').from('properties').select('checks(id)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
  });
});

describe('order, range and count', () => {
  it('orders with nulls first and last', async () => {
    const client = api.client('viewer');
    const first = await client
      .from('checks')
      .select('name')
      .order('status', { ascending: true, nullsFirst: true });
    expect(names(rowsOf(first.data))[0]).toBe('resolver');
    const last = await client
      .from('checks')
      .select('name')
      .order('status', { ascending: false, nullsFirst: false });
    expect(names(rowsOf(last.data))).toEqual(['api', 'homepage', 'resolver']);
  });

  it('orders by a JSON path', async () => {
    const { data, error } = await api
      .client('viewer')
      .from('config_items')
      .select('name')
      .order('tags->>cluster')
      .order('name');
    expect(error).toBeNull();
    expect(names(rowsOf(data))).toEqual(['web-pod', 'node-1', 'prod-cluster']);
  });

  it('pages with range() and reports the exact count', async () => {
    const { data, count, status, error } = await api
      .client('viewer')
      .from('checks')
      .select('name', { count: 'exact' })
      .order('name')
      .range(1, 1);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(data).toEqual([{ name: 'homepage' }]);
  });

  it('sets Content-Range on every list', async () => {
    const plain = await api.request('checks?select=id&order=name');
    expect(plain.headers.get('content-range')).toBe('0-2/*');
    const empty = await api.request('checks?select=id&name=eq.none', {
      headers: { prefer: 'count=exact' },
    });
    expect(empty.headers.get('content-range')).toBe('*/0');
    const ranged = await api.request('checks?select=id&order=name', {
      headers: { range: '1-5', prefer: 'count=exact' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('1-2/3');
  });

  it('pages with limit and offset parameters', async () => {
    const response = await api.request('checks?select=name&order=name&limit=1&offset=2');
    expect(response.json).toEqual([{ name: 'resolver' }]);
    expect(response.headers.get('content-range')).toBe('2-2/*');
  });

  it('answers an offset past the end with 416 PGRST103', async () => {
    const response = await api.request('checks?select=id', {
      headers: { range: '10-20', prefer: 'count=exact' },
    });
    expect(response.status).toBe(416);
    expect(field(response.json, 'code')).toBe('PGRST103');
  });
});

import { describe, expect, it } from 'vitest';
import { field, ids, names, rowsOf, useDataApi } from './helpers.ts';

const api = useDataApi();

const checks = () => api.client('viewer').from('checks').select('name').order('name');
const configs = () => api.client('viewer').from('config_items').select('name').order('name');

async function checkNames(query: PromiseLike<{ data: unknown; error: unknown }>) {
  const { data, error } = await query;
  expect(error).toBeNull();
  return names(rowsOf(data));
}

describe('comparison operators', () => {
  it.each([
    ['eq', () => checks().eq('status', 'healthy'), ['homepage']],
    ['neq', () => checks().neq('status', 'healthy'), ['api']],
    ['gt', () => checks().gt('name', 'homepage'), ['resolver']],
    ['gte', () => checks().gte('name', 'homepage'), ['homepage', 'resolver']],
    ['lt', () => checks().lt('name', 'homepage'), ['api']],
    ['lte', () => checks().lte('name', 'homepage'), ['api', 'homepage']],
    ['like', () => checks().like('name', '*page'), ['homepage']],
    ['ilike', () => checks().ilike('name', 'HOME%'), ['homepage']],
    ['match', () => checks().regexMatch('name', '^(api|res)'), ['api', 'resolver']],
    ['imatch', () => checks().regexIMatch('name', '^API$'), ['api']],
    ['in', () => checks().in('severity', ['high', 'low']), ['homepage', 'resolver']],
    ['not.in', () => checks().notIn('severity', ['high', 'low']), ['api']],
    ['is null', () => checks().is('status', null), ['resolver']],
    ['not.is null', () => checks().not('status', 'is', null), ['api', 'homepage']],
    ['isdistinct', () => checks().isDistinct('status', 'healthy'), ['api', 'resolver']],
    ['likeAnyOf', () => checks().likeAnyOf('name', ['home*', 'res*']), ['homepage', 'resolver']],
    ['likeAllOf', () => checks().likeAllOf('name', ['*o*', '*e*']), ['homepage', 'resolver']],
    ['ilikeAnyOf', () => checks().ilikeAnyOf('name', ['API', 'X*']), ['api']],
    ['ilikeAllOf', () => checks().ilikeAllOf('name', ['H*', '*E']), ['homepage']],
    ['eq(any)', () => checks().filter('name', 'eq(any)', '{api,resolver}'), ['api', 'resolver']],
    ['match object', () => checks().match({ type: 'http', status: 'unhealthy' }), ['api']],
  ])('%s', async (_name, query, expected) => {
    expect(await checkNames(query())).toEqual(expected);
  });

  it('compares booleans and numbers', async () => {
    const client = api.client('viewer');
    expect(
      await checkNames(client.from('checks').select('name').is('transformed', false)),
    ).toHaveLength(3);
    const costs = await client.from('config_items').select('name').gte('cost_per_minute', 0);
    expect(rowsOf(costs.data)).toEqual([]);
  });

  it('quotes reserved characters in values', async () => {
    await api.query(`update checks set description = 'a,b.(c)' where id = $1`, [ids.checkA]);
    expect(await checkNames(checks().in('description', ['a,b.(c)', 'x']))).toEqual(['homepage']);
    expect(await checkNames(checks().eq('description', 'a,b.(c)'))).toEqual(['homepage']);
    expect(await checkNames(checks().or('description.eq."a,b.(c)",name.eq.api'))).toEqual([
      'api',
      'homepage',
    ]);
  });
});

describe('array and JSON operators', () => {
  it('cs, cd and ov on arrays', async () => {
    expect(await checkNames(configs().contains('external_id', ['a']))).toEqual(['prod-cluster']);
    expect(await checkNames(configs().containedBy('external_id', ['a', 'b', 'c']))).toEqual([
      'node-1',
      'prod-cluster',
    ]);
    expect(await checkNames(configs().overlaps('external_id', ['b', 'c']))).toEqual([
      'node-1',
      'prod-cluster',
    ]);
  });

  it('cs and cd on jsonb', async () => {
    expect(await checkNames(configs().contains('tags', { cluster: 'prod' }))).toEqual([
      'node-1',
      'prod-cluster',
    ]);
    expect(
      await checkNames(configs().containedBy('tags', { cluster: 'prod', zone: 'a', x: 'y' })),
    ).toEqual(['node-1', 'prod-cluster']);
  });

  it('filters on JSON paths', async () => {
    expect(await checkNames(configs().eq('tags->>zone', 'a'))).toEqual(['node-1']);
    expect(await checkNames(configs().eq('config->spec->>image', 'nginx'))).toEqual([
      'prod-cluster',
    ]);
    expect(await checkNames(configs().gt('config->spec->replicas', 1))).toEqual(['prod-cluster']);
    expect(await checkNames(configs().eq('config->items->>1', '2'))).toEqual(['prod-cluster']);
  });

  it('refuses a JSON path on a non-JSON column', async () => {
    const { error, status } = await configs().eq('name->>x', 'a');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
  });
});

describe('full-text search', () => {
  it.each([
    ['fts', { type: undefined }, 'checkout & down'],
    ['plfts', { type: 'plain' as const }, 'checkout down'],
    ['phfts', { type: 'phrase' as const }, 'checkout down'],
    ['wfts', { type: 'websearch' as const }, '"checkout down" -up'],
  ])('%s', async (_op, options, query) => {
    const { data, error } = await api
      .client('viewer')
      .from('incidents')
      .select('title')
      .textSearch('title', query, { config: 'english', ...options });
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Checkout down' }]);
  });
});

describe('range operators', () => {
  it.each(['sl', 'sr', 'nxr', 'nxl', 'adj'])(
    '%s on a non-range column is a PostgREST error, not a 5xx',
    async (op) => {
      const response = await api.request(`checks?name=${op}.[1,2]`);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(field(response.json, 'code')).toEqual(expect.any(String));
    },
  );
});

describe('logic trees', () => {
  it('or', async () => {
    expect(await checkNames(checks().or('status.eq.healthy,severity.eq.low'))).toEqual([
      'homepage',
      'resolver',
    ]);
  });

  it('nested and/or/not', async () => {
    const query = checks().or(
      'and(type.eq.http,status.not.eq.healthy),not.and(type.eq.http,or(severity.eq.low,severity.eq.high))',
    );
    expect(await checkNames(query)).toEqual(['api', 'resolver']);
    const negated = await api.request('checks?select=name&not.or=(name.eq.api,name.eq.homepage)');
    expect(negated.json).toEqual([{ name: 'resolver' }]);
    const and = await api.request(
      'checks?select=name&and=(type.eq.http,status.not.is.null)&order=name',
    );
    expect(and.json).toEqual([{ name: 'api' }, { name: 'homepage' }]);
  });

  it('or inside a logic tree with in and JSON paths', async () => {
    const query = configs().or('name.in.(web-pod,node-1),tags->>cluster.eq.prod');
    expect(await checkNames(query)).toEqual(['node-1', 'prod-cluster', 'web-pod']);
  });

  it('or on an embedded resource', async () => {
    const { data } = await api
      .client('viewer')
      .from('canaries')
      .select('name,checks!inner(name)')
      .or('name.eq.api,name.eq.resolver', { referencedTable: 'checks' })
      .order('name');
    expect(data).toEqual([
      { name: 'dns-canary', checks: [{ name: 'resolver' }] },
      { name: 'http-canary', checks: [{ name: 'api' }] },
    ]);
  });
});

describe('date math', () => {
  it('resolves now-<n><unit> on timestamp columns', async () => {
    expect(await checkNames(checks().gt('created_at', 'now-2d'))).toEqual(['api', 'resolver']);
    expect(await checkNames(checks().lt('created_at', 'now-2h'))).toEqual(['api', 'homepage']);
    const tree = await api.request(
      'checks?select=name&or=(created_at.gt.now-2h,name.eq.homepage)&order=name',
    );
    expect(tree.json).toEqual([{ name: 'homepage' }, { name: 'resolver' }]);
  });

  it('leaves ordinary timestamps alone', async () => {
    expect(await checkNames(checks().gt('created_at', '2000-01-01T00:00:00Z'))).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { expectPgrstError, field, ids, rowsOf, useDataApi } from './helpers.ts';

const api = useDataApi();

describe('PostgREST error codes', () => {
  it.each([
    ['unknown resource', 'nope', 404, 'PGRST205'],
    ['unexposed table', 'sessions', 404, 'PGRST205'],
    ['unexposed partition', 'check_statuses_default', 404, 'PGRST205'],
    ['migrations bookkeeping', 'schema_migrations', 404, 'PGRST205'],
    ['unknown column in select', 'checks?select=nope', 400, '42703'],
    ['unknown column in filter', 'checks?nope=eq.1', 400, '42703'],
    ['unknown column in order', 'checks?order=nope', 400, '42703'],
    ['unknown column in embed', 'canaries?select=checks(nope)', 400, '42703'],
    ['unknown operator', 'checks?name=like2.x', 400, 'PGRST100'],
    ['missing operator', 'checks?name=x', 400, 'PGRST100'],
    ['unclosed logic tree', 'checks?or=(name.eq.a', 400, 'PGRST100'],
    ['bad in list', 'checks?name=in.a,b', 400, 'PGRST100'],
    ['bad is value', 'checks?status=is.maybe', 400, 'PGRST100'],
    ['bad select', 'checks?select=name,(', 400, 'PGRST100'],
    ['bad order modifier', 'checks?order=name.sideways', 400, 'PGRST100'],
    ['bad limit', 'checks?limit=-1', 400, 'PGRST100'],
    ['filter on an absent embed', 'checks?canaries.name=eq.x', 400, 'PGRST108'],
    ['ambiguous embed', 'incidents?select=people(name)', 300, 'PGRST201'],
    ['no relationship', 'teams?select=checks(name)', 400, 'PGRST200'],
    ['invalid uuid', 'checks?id=eq.nope', 400, '22P02'],
    ['disallowed cast', 'checks?select=name::regclass', 400, 'PGRST100'],
  ])('%s', async (_name, path, status, code) => {
    const response = await api.request(path);
    expect(response.status).toBe(status);
    expectPgrstError(response.json, code);
  });

  it.each(['abc', '5-2', '1-2-3', 'items=x-', '-5'])('a bad Range "%s" is 416', async (range) => {
    const response = await api.request('checks', { headers: { range } });
    expect(response.status).toBe(416);
    expectPgrstError(response.json, 'PGRST103');
  });

  it('accepts an open-ended Range', async () => {
    const response = await api.request('checks?order=name&select=name', {
      headers: { range: '2-' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([{ name: 'resolver' }]);
  });
});

describe('hidden columns', () => {
  const probes: Array<[string, string]> = [
    ['select', 'connections?select=@'],
    ['aliased select', 'connections?select=p:@'],
    ['cast select', 'connections?select=@::text'],
    ['filter', 'connections?@=eq.hunter2'],
    ['negated filter', 'connections?@=not.is.null'],
    ['order', 'connections?order=@'],
    ['logic tree', 'connections?or=(@.eq.hunter2,name.eq.x)'],
    ['tri-state', 'connections?@.filter=hunter2'],
    ['embed select', 'people?select=connections(@)'],
    ['embed filter', 'people?select=connections(name)&connections.@=eq.hunter2'],
    ['embed order', 'people?select=connections(name)&connections.order=@'],
  ];

  it.each(probes)('%s looks exactly like a non-existent column', async (_name, template) => {
    const hidden = await api.request(template.replaceAll('@', 'password'), { role: 'admin' });
    const absent = await api.request(template.replaceAll('@', 'passwurd'), { role: 'admin' });
    expect(hidden.status).toBe(400);
    expectPgrstError(hidden.json, '42703');
    expect(hidden.status).toBe(absent.status);
    expect(hidden.text.replaceAll('password', 'passwurd')).toBe(absent.text);
  });

  it('hides JSON paths into hidden columns', async () => {
    const hidden = await api.request('identities?credentials->>password=eq.hash', {
      role: 'admin',
    });
    const absent = await api.request('identities?credentialz->>password=eq.hash', {
      role: 'admin',
    });
    expect(hidden.status).toBe(400);
    expect(hidden.text.replaceAll('credentials', 'credentialz')).toBe(absent.text);
  });

  it('leaves hidden columns out of * and of returned representations', async () => {
    const read = await api.client('admin').from('connections').select('*');
    const row = rowsOf(read.data)[0];
    expect(row).toBeDefined();
    expect(Object.keys(row ?? {})).not.toContain('password');
    expect(Object.keys(row ?? {})).not.toContain('certificate');
    const identities = await api.client('admin').from('identities').select('*');
    expect(JSON.stringify(identities.data)).not.toContain('hash');
    const written = await api
      .client('admin')
      .from('connections')
      .update({ username: 'root' })
      .eq('id', ids.connection)
      .select();
    expect(JSON.stringify(written.data)).not.toContain('hunter2');
    const embedded = await api.request('people?select=name,connections(*)', { role: 'admin' });
    expect(embedded.text).not.toContain('hunter2');
  });

  it('refuses hidden columns in columns= and on_conflict', async () => {
    const columns = await api.request('identities?columns=traits,credentials', {
      method: 'POST',
      role: 'admin',
      body: { traits: { email: 'x@example.com' }, credentials: {} },
    });
    expect(columns.status).toBe(400);
    const conflict = await api.request('connections?on_conflict=password', {
      method: 'POST',
      role: 'admin',
      headers: { prefer: 'resolution=merge-duplicates' },
      body: { name: 'y', type: 'http' },
    });
    expect(conflict.status).toBe(400);
    expectPgrstError(conflict.json, '42703');
    expect(await api.query(`select count(*)::int as n from identities`)).toEqual([{ n: 1 }]);
    expect(await api.query(`select name from connections order by name`)).toEqual([{ name: 'db' }]);
  });

  it('never selects hidden columns through an rpc', async () => {
    const response = await api.request(
      `rpc/related_configs_recursive?config_id=${ids.cluster}&select=name,created_by(name)`,
    );
    expect(response.status).toBe(200);
    expect(field(rowsOf(response.json)[0], 'name')).toEqual(expect.any(String));
  });
});

describe('regressions found by fuzzing', () => {
  it('answers far-out date math with a 400, not a 500', async () => {
    for (const path of [
      'checks?created_at=gt.now-999999y',
      'checks?created_at.filter=>now%2B999999mo',
    ]) {
      const response = await api.request(path);
      expect(response.status).toBe(400);
      expectPgrstError(response.json);
    }
  });

  it('answers a select over the column limit with a 400', async () => {
    const response = await api.request(`checks?select=${Array(1700).fill('id').join(',')}`);
    expect(response.status).toBe(400);
    expectPgrstError(response.json, '54011');
  });

  it('refuses NUL in quoted identifiers', async () => {
    const response = await api.request('checks?select=%22a%00b%22:name');
    expect(response.status).toBe(400);
    expectPgrstError(response.json, 'PGRST100');
  });

  it('answers an empty or long target in the PostgREST shape', async () => {
    for (const path of ['', 'rpc/', 'x'.repeat(500), 'checks/extra']) {
      const response = await api.request(path);
      expect(response.status).toBe(404);
      expectPgrstError(response.json);
    }
  });

  it('answers OPTIONS with the allowed methods', async () => {
    const table = await api.request('checks', { method: 'OPTIONS' });
    expect(table.status).toBe(200);
    expect(table.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PATCH,DELETE');
    const view = await api.request('configs', { method: 'OPTIONS' });
    expect(view.headers.get('allow')).toBe('OPTIONS,GET,HEAD');
    const missing = await api.request('nope', { method: 'OPTIONS' });
    expect(missing.status).toBe(404);
    expectPgrstError(missing.json, 'PGRST205');
  });

  // Fastify rejects a malformed path before any route runs; app.ts's frameworkErrors shapes it.
  it('answers a malformed path encoding in the PostgREST shape', async () => {
    const response = await api.request('%zz');
    expect(response.status).toBe(400);
    expectPgrstError(response.json);
  });
});

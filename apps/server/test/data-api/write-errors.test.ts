import { describe, expect, it } from 'vitest';
import { expectPgrstError, ids, useDataApi } from './helpers.ts';

const api = useDataApi();

describe('constraint violations', () => {
  it('answers a unique violation with 409 23505', async () => {
    const { error, status } = await api
      .client('editor')
      .from('properties')
      .insert({ name: 'incidents.disable', value: 'x' });
    expect(status).toBe(409);
    expect(error?.code).toBe('23505');
  });

  it('answers a check violation with 400 23514', async () => {
    const { error, status } = await api.client('editor').from('checks').insert({
      canary_id: '01900000-0000-7000-8000-0000000000ff',
      type: 'http',
      name: 'x',
      severity: 'apocalyptic',
    });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
  });

  it('answers a foreign-key violation with 409 23503', async () => {
    const { error, status } = await api
      .client('editor')
      .from('checks')
      .insert({ canary_id: '01900000-0000-7000-8000-0000000000ff', type: 'http', name: 'x' });
    expect(status).toBe(409);
    expect(error?.code).toBe('23503');
  });

  it('answers a not-null violation with 400 23502', async () => {
    const { error, status } = await api.client('editor').from('teams').insert({ icon: 'x' });
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
  });

  it('writes nothing when one row of a bulk insert fails', async () => {
    const before = await api.count('properties');
    const { status } = await api
      .client('editor')
      .from('properties')
      .insert([
        { name: 'atomic.a', value: '1' },
        { name: 'atomic.a', value: '2' },
      ]);
    expect(status).toBe(409);
    expect(await api.count('properties')).toBe(before);
  });

  it('writes nothing when a later insert group fails', async () => {
    const before = await api.count('teams');
    const response = await api.request('teams', {
      method: 'POST',
      role: 'editor',
      headers: { prefer: 'missing=default' },
      body: [{ name: 'group-a' }, { name: 'group-b', deleted_at: 'not-a-date' }],
    });
    expect(response.status).toBe(400);
    expect(await api.count('teams')).toBe(before);
  });
});

describe('body and column errors', () => {
  it('refuses unknown and hidden columns in the body with PGRST204', async () => {
    const unknown = await api.client('admin').from('teams').insert({ name: 'x', nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST204');
    const hidden = await api
      .client('admin')
      .from('identities')
      .update({ credentials: { password: 'stolen' } })
      .eq('id', ids.identity);
    expect(hidden.status).toBe(400);
    expect(hidden.error?.code).toBe('PGRST204');
    const rows = await api.query(`select credentials from identities`);
    expect(rows).toEqual([{ credentials: { password: 'hash' } }]);
  });

  it('refuses invalid JSON with PGRST102', async () => {
    const response = await api.request('teams', {
      method: 'POST',
      role: 'admin',
      headers: { 'content-type': 'application/json' },
      rawBody: '{"name":',
    });
    expect(response.status).toBe(400);
    expectPgrstError(response.json, 'PGRST102');
    const scalar = await api.request('teams', { method: 'POST', role: 'admin', body: 42 });
    expect(scalar.status).toBe(400);
    expectPgrstError(scalar.json, 'PGRST102');
  });

  it('refuses writes to read-only views with 405', async () => {
    const response = await api.request('configs?id=eq.x', {
      method: 'PATCH',
      role: 'admin',
      body: { name: 'x' },
    });
    expect(response.status).toBe(405);
    expectPgrstError(response.json, 'PGRST117');
  });

  it('refuses PUT with 405', async () => {
    const response = await api.request(`teams?id=eq.${ids.team}`, {
      method: 'PUT',
      role: 'admin',
      body: { id: ids.team, name: 'sre' },
    });
    expect(response.status).toBe(405);
  });
});

describe('single object writes', () => {
  it('rolls back a write that affects more than one row', async () => {
    const { status, error } = await api
      .client('editor')
      .from('checks')
      .update({ owner: 'single' })
      .eq('canary_id', ids.canaryHttp)
      .select('name')
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect(await api.count('checks', `owner = 'single'`)).toBe(0);
  });
});

describe('guards on PATCH and DELETE', () => {
  it('does not treat an empty tri-state as a filter', async () => {
    const before = await api.count('checks');
    const response = await api.request('checks?name.filter=,!', {
      method: 'DELETE',
      role: 'admin',
    });
    expect(response.status).toBe(400);
    expect(await api.count('checks')).toBe(before);
  });

  it('refuses limit and offset rather than ignoring them', async () => {
    const before = await api.count('checks');
    const del = await api.request('checks?name=not.is.null&limit=1', {
      method: 'DELETE',
      role: 'admin',
    });
    expect(del.status).toBe(400);
    const patch = await api.request('checks?name=not.is.null&offset=1', {
      method: 'PATCH',
      role: 'admin',
      body: { owner: 'limited' },
    });
    expect(patch.status).toBe(400);
    expect(await api.count('checks')).toBe(before);
    expect(await api.count('checks', `owner = 'limited'`)).toBe(0);
  });

  it('inserts a row of defaults from an empty object', async () => {
    const { data, error, status } = await api
      .client('editor')
      .from('saved_queries')
      .insert({})
      .select('id');
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
    expect(data).toBeNull();
    const agents = await api.request('teams', { method: 'POST', role: 'editor', body: {} });
    expect(agents.status).toBe(400);
    expectPgrstError(agents.json, '23502');
  });
});

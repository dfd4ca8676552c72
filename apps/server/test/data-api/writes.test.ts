import { describe, expect, it } from 'vitest';
import { expectPgrstError, ids, names, rowsOf, useDataApi } from './helpers.ts';

const api = useDataApi();

describe('insert', () => {
  it('inserts one row and returns it', async () => {
    const { data, error, status } = await api
      .client('admin')
      .from('teams')
      .insert({ name: 'platform', icon: 'cog' })
      .select('name,icon,spec')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ name: 'platform', icon: 'cog', spec: {} });
  });

  it('inserts in bulk with columns= and missing keys as null', async () => {
    const {
      data,
      error,
      count: affected,
    } = await api
      .client('editor')
      .from('properties')
      .insert(
        [
          { name: 'bulk.a', value: '1', description: 'first' },
          { name: 'bulk.b', value: '2' },
        ],
        { count: 'exact' },
      )
      .select('name,description');
    expect(error).toBeNull();
    expect(affected).toBe(2);
    expect(rowsOf(data)).toEqual([
      { name: 'bulk.a', description: 'first' },
      { name: 'bulk.b', description: null },
    ]);
  });

  it('takes column defaults for missing keys with defaultToNull: false', async () => {
    const { data, error } = await api
      .client('editor')
      .from('teams')
      .insert([{ name: 'dba', icon: 'db' }, { name: 'net' }], { defaultToNull: false })
      .select('name,spec');
    expect(error).toBeNull();
    expect(rowsOf(data)).toEqual([
      { name: 'dba', spec: {} },
      { name: 'net', spec: {} },
    ]);
  });

  it('returns nothing with return=minimal', async () => {
    const { data, error, status } = await api
      .client('editor')
      .from('properties')
      .insert({ name: 'minimal', value: 'x' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(await api.count('properties', `name = 'minimal'`)).toBe(1);
  });

  it('embeds in the returned representation', async () => {
    const { data, error } = await api
      .client('editor')
      .from('checks')
      .insert({ canary_id: ids.canaryDns, type: 'dns', name: 'secondary' })
      .select('name,canaries(name)')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'secondary', canaries: { name: 'dns-canary' } });
  });
});

describe('upsert', () => {
  it('merges duplicates on the primary key', async () => {
    const client = api.client('editor');
    await client.from('properties').insert({ name: 'up.a', value: 'old' });
    const { data, error, status } = await client
      .from('properties')
      .upsert([
        { name: 'up.a', value: 'new' },
        { name: 'up.b', value: 'fresh' },
      ])
      .select('name,value')
      .order('name');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(rowsOf(data)).toEqual([
      { name: 'up.a', value: 'new' },
      { name: 'up.b', value: 'fresh' },
    ]);
  });

  it('ignores duplicates and honours on_conflict', async () => {
    const client = api.client('editor');
    const ignored = await client
      .from('properties')
      .upsert({ name: 'up.a', value: 'ignored' }, { ignoreDuplicates: true, onConflict: 'name' })
      .select('name');
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const rows = await api.query(`select value from properties where name = 'up.a'`);
    expect(rows).toEqual([{ value: 'new' }]);
  });

  it('upserts on a composite key', async () => {
    const { error } = await api
      .client('editor')
      .from('team_members')
      .upsert({ team_id: ids.team, person_id: ids.alice }, { onConflict: 'team_id,person_id' });
    expect(error).toBeNull();
    expect(await api.count('team_members')).toBe(1);
  });
});

describe('update and delete', () => {
  it('updates the filtered rows only', async () => {
    const { data, error, status } = await api
      .client('editor')
      .from('checks')
      .update({ owner: 'sre', labels: { env: 'prod', patched: true } })
      .eq('canary_id', ids.canaryHttp)
      .select('name,owner,labels->patched')
      .order('name');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { name: 'api', owner: 'sre', patched: true },
      { name: 'homepage', owner: 'sre', patched: true },
    ]);
    expect(await api.count('checks', `owner is null`)).toBeGreaterThan(0);
  });

  it('updates with return=minimal and an exact count', async () => {
    const { status, count: affected } = await api
      .client('editor')
      .from('config_items')
      .update({ description: 'k8s' }, { count: 'exact' })
      .like('type', 'Kubernetes::*');
    expect(status).toBe(204);
    expect(affected).toBe(3);
  });

  it('deletes the filtered rows and returns them', async () => {
    await api.query(`insert into properties (name, value) values ('del.a', '1'), ('del.b', '2')`);
    const { data, error } = await api
      .client('editor')
      .from('properties')
      .delete()
      .like('name', 'del.*')
      .select('name')
      .order('name');
    expect(error).toBeNull();
    expect(names(rowsOf(data))).toEqual(['del.a', 'del.b']);
    expect(await api.count('properties', `name like 'del.%'`)).toBe(0);
  });

  it('refuses PATCH and DELETE without a filter', async () => {
    const before = await api.count('properties');
    const patch = await api.client('editor').from('properties').update({ value: 'x' });
    expect(patch.status).toBe(400);
    const del = await api.request('properties', { method: 'DELETE', role: 'editor' });
    expect(del.status).toBe(400);
    expectPgrstError(del.json, 'PGRST100');
    expect(await api.count('properties')).toBe(before);
  });
});

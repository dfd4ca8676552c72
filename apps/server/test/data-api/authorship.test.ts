import { beforeAll, describe, expect, it } from 'vitest';
import { expectPgrstError, field, ids, rowsOf, useDataApi } from './helpers.ts';

const api = useDataApi();
/** The test harness signs every role in as this person. */
const me = '00000000-0000-0000-0000-0000000000aa';

beforeAll(async () => {
  await api.query(`insert into people (id, name) values ($1, 'Test Actor')`, [me]);
});

const representation = { prefer: 'return=representation' };

/** Writable exposed tables with a created_by column, from the live schema. */
async function authoredTables(): Promise<string[]> {
  const rows = await api.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and c.column_name = 'created_by'
       and t.table_type = 'BASE TABLE'`,
  );
  const tables = new Set(rows.map((row) => row.table_name));
  return api.resources
    .filter((resource) => resource.readOnly !== true && tables.has(resource.name))
    .map((resource) => resource.name);
}

describe('created_by is the signed-in person', () => {
  it.each([
    ['comments', 'commander', { incident_id: ids.incident, comment: 'mine' }],
    ['incidents', 'commander', { title: 'authored', severity: 'low' }],
    ['responders', 'responder', { incident_id: ids.incident, type: 'person', person_id: ids.bob }],
    [
      'playbooks',
      'editor',
      { name: 'authored', spec: { actions: [{ name: 'a', exec: { script: 'true' } }] } },
    ],
  ] as const)(
    '%s: an insert without created_by gets the session person',
    async (table, role, row) => {
      const response = await api.request(`${table}?select=created_by`, {
        method: 'POST',
        role,
        headers: representation,
        body: row,
      });
      expect(response.status).toBe(201);
      expect(response.json).toEqual([{ created_by: me }]);
    },
  );

  it('refuses a forged created_by on every table that records one, before any SQL', async () => {
    const tables = await authoredTables();
    expect(tables).toEqual(
      expect.arrayContaining(['comments', 'incidents', 'responders', 'playbooks', 'canaries']),
    );
    for (const table of tables) {
      const before = await api.count(table);
      const response = await api.request(table, {
        method: 'POST',
        role: 'admin',
        body: { created_by: ids.bob },
      });
      expect([table, response.status]).toEqual([table, 400]);
      expectPgrstError(response.json);
      expect(String(field(response.json, 'message'))).toContain('created_by');
      expect(await api.count(table)).toBe(before);
    }
  });

  it('refuses a forged created_by anywhere in a bulk POST and writes none of it', async () => {
    const before = await api.count('comments');
    const response = await api.request('comments', {
      method: 'POST',
      role: 'responder',
      body: [
        { incident_id: ids.incident, comment: 'one' },
        { incident_id: ids.incident, comment: 'two', created_by: ids.alice },
      ],
    });
    expect(response.status).toBe(400);
    expect(String(field(response.json, 'message'))).toContain('created_by');
    expect(await api.count('comments')).toBe(before);
  });

  it("stamps every row of a bulk POST, and accepts the actor's own id or null", async () => {
    const response = await api.request('comments?select=created_by', {
      method: 'POST',
      role: 'responder',
      headers: representation,
      body: [
        { incident_id: ids.incident, comment: 'a' },
        { incident_id: ids.incident, comment: 'b', created_by: me },
        { incident_id: ids.incident, comment: 'c', created_by: null },
      ],
    });
    expect(response.status).toBe(201);
    expect(rowsOf(response.json)).toEqual([
      { created_by: me },
      { created_by: me },
      { created_by: me },
    ]);
  });

  it('stamps created_by even when columns= leaves it out', async () => {
    const response = await api.request('comments?columns=incident_id,comment&select=created_by', {
      method: 'POST',
      role: 'responder',
      headers: representation,
      body: { incident_id: ids.incident, comment: 'columns' },
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual([{ created_by: me }]);
  });

  it('refuses a PATCH of created_by, and ignores one naming the actor itself', async () => {
    const forged = await api.request(`incidents?id=eq.${ids.incident}`, {
      method: 'PATCH',
      role: 'admin',
      body: { created_by: ids.alice },
    });
    expect(forged.status).toBe(400);
    expect(String(field(forged.json, 'message'))).toContain('created_by');
    const cleared = await api.request(`incidents?id=eq.${ids.incident}`, {
      method: 'PATCH',
      role: 'admin',
      body: { created_by: null },
    });
    expect(cleared.status).toBe(400);
    const own = await api.request(`incidents?id=eq.${ids.incident}`, {
      method: 'PATCH',
      role: 'admin',
      body: { title: 'Checkout down', created_by: me },
    });
    expect(own.status).toBe(204);
    expect(
      await api.query(`select created_by from incidents where id = $1`, [ids.incident]),
    ).toEqual([{ created_by: ids.bob }]);
  });

  it('keeps created_by when an upsert merges into an existing row', async () => {
    const response = await api.request('teams?on_conflict=id', {
      method: 'POST',
      role: 'editor',
      headers: { prefer: 'resolution=merge-duplicates' },
      body: { id: ids.team, name: 'sre' },
    });
    expect(response.status).toBe(201);
    expect(await api.query(`select created_by from teams where id = $1`, [ids.team])).toEqual([
      { created_by: ids.alice },
    ]);
  });
});

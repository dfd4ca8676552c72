import { describe, expect, it } from 'vitest';
import { field, ids, rowOf, useDataApi } from '../data-api/helpers.ts';

const api = useDataApi();
/** The test harness's signed-in user (app.ts), given a people row so created_by can name it. */
const actorId = '00000000-0000-0000-0000-0000000000aa';

describe('teams', () => {
  it('records the signed-in editor as creator, whatever the body says', async () => {
    await api.query(`insert into people (id, name, email) values ($1, 'Tester', 't@x.io')`, [
      actorId,
    ]);
    const { data, error, status } = await api
      .client('editor')
      .from('teams')
      .insert({
        name: 'payments',
        spec: { responder_clients: { jira: { defaults: { project: 'PAY' } } } },
      })
      .select('id,created_by,spec')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(rowOf(data)).toMatchObject({
      created_by: actorId,
      spec: { responder_clients: { jira: { defaults: { project: 'PAY' } } } },
    });
  });

  it('refuses a responder client of no responder type, naming the field, writing nothing', async () => {
    const before = await api.count('teams');
    const response = await api.request('teams', {
      method: 'POST',
      role: 'admin',
      body: { name: 'bad', spec: { responder_clients: { pager: {} } } },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.json)).toContain('spec.responder_clients.pager');
    expect(await api.count('teams')).toBe(before);
  });

  it('refuses a team without a name, or renamed to nothing', async () => {
    const missing = await api.request('teams', {
      method: 'POST',
      role: 'admin',
      body: { icon: 'x' },
    });
    expect(missing.status).toBe(400);
    expect(String(field(missing.json, 'message'))).toContain('column "name"');
    const emptied = await api.request(`teams?id=eq.${ids.team}`, {
      method: 'PATCH',
      role: 'admin',
      body: { name: ' ' },
    });
    expect(emptied.status).toBe(400);
    expect(JSON.stringify(emptied.json)).toContain('name is required');
    expect(await api.count('teams', `id = '${ids.team}' and name = 'sre'`)).toBe(1);
  });

  it('refuses team writes by viewers and responders', async () => {
    for (const role of ['viewer', 'responder'] as const) {
      const response = await api.request('teams', { method: 'POST', role, body: { name: role } });
      expect(response.status).toBe(403);
    }
    expect(await api.count('teams', `name in ('viewer', 'responder')`)).toBe(0);
  });

  it('stores an emptied spec as {}', async () => {
    const { data, error } = await api
      .client('admin')
      .from('teams')
      .update({ spec: null })
      .eq('id', ids.team)
      .select('spec')
      .single();
    expect(error).toBeNull();
    expect(rowOf(data).spec).toEqual({});
  });
});

describe('team members', () => {
  it('adds and removes a member as an editor and an admin', async () => {
    const added = await api
      .client('editor')
      .from('team_members')
      .insert({ team_id: ids.team, person_id: ids.bob });
    expect(added.status).toBe(201);
    expect(await api.count('team_members', `team_id = '${ids.team}'`)).toBe(2);
    const removed = await api
      .client('admin')
      .from('team_members')
      .delete()
      .eq('team_id', ids.team)
      .eq('person_id', ids.bob);
    expect(removed.status).toBe(204);
    expect(await api.count('team_members', `team_id = '${ids.team}'`)).toBe(1);
  });

  it('refuses a viewer adding or removing members', async () => {
    const add = await api.request('team_members', {
      method: 'POST',
      role: 'viewer',
      body: { team_id: ids.team, person_id: ids.bob },
    });
    expect(add.status).toBe(403);
    const remove = await api.request(`team_members?person_id=eq.${ids.alice}`, {
      method: 'DELETE',
      role: 'viewer',
    });
    expect(remove.status).toBe(403);
    expect(await api.count('team_members', `team_id = '${ids.team}'`)).toBe(1);
  });

  it('refuses members of a deleted team, unknown people and malformed ids', async () => {
    await api.query(
      `insert into teams (id, name, deleted_at) values ('01900000-0000-7000-8000-0000000001b0', 'gone', now())`,
    );
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ team_id: '01900000-0000-7000-8000-0000000001b0', person_id: ids.bob }, 'team_id'],
      [{ team_id: ids.team, person_id: '01900000-0000-7000-8000-0000000009ff' }, 'person_id'],
      [{ team_id: 'nope', person_id: ids.bob }, 'team_id must be a uuid'],
      [{ team_id: ids.team }, 'person_id is required'],
    ];
    for (const [body, message] of cases) {
      const response = await api.request('team_members', { method: 'POST', role: 'admin', body });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.json)).toContain(message);
    }
    expect(await api.count('team_members')).toBe(1);
  });

  it('answers 409 for a member added twice', async () => {
    const response = await api.request('team_members', {
      method: 'POST',
      role: 'admin',
      body: { team_id: ids.team, person_id: ids.alice },
    });
    expect(response.status).toBe(409);
  });
});

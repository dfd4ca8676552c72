import { localAgentId } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { expectError, useAgentsApi, type CreatedAgent } from './agents-harness.ts';

const api = useAgentsApi();

async function agentRow(id: string) {
  const [row] = await api.query(
    `select name, description, properties, kubernetes, deleted_at is not null as deleted, cleanup,
       updated_at from agents where id = $1`,
    [id],
  );
  return row;
}

const now = (): string => new Date().toISOString();

describe('PATCH /api/db/agents (edit)', () => {
  let agent: CreatedAgent;

  it.each(['admin', 'editor'] as const)(
    'lets %s change description, properties and kubernetes settings',
    async (role) => {
      agent ??= await api.createAgent('edge');
      const before = await agentRow(agent.id);
      const reply = await api.call('PATCH', `db/agents?id=eq.${agent.id}`, role, {
        description: `edited by ${role}`,
        properties: { region: 'eu', owner: role },
        kubernetes: { enabled: true, interval: '1h' },
      });
      expect(reply.status).toBe(204);
      const after = await agentRow(agent.id);
      expect(after).toMatchObject({
        name: 'edge',
        description: `edited by ${role}`,
        properties: { region: 'eu', owner: role },
        kubernetes: { enabled: true, interval: '1h', exclusions: [] },
      });
      expect(after?.updated_at).not.toEqual(before?.updated_at);
    },
  );

  it('accepts the name unchanged, as an edit form sends it', async () => {
    const reply = await api.call('PATCH', `db/agents?id=eq.${agent.id}`, 'admin', {
      name: 'edge',
      description: 'same name',
    });
    expect(reply.status).toBe(204);
    expect((await agentRow(agent.id))?.description).toBe('same name');
  });

  it('refuses a new name with 400, however the rows are chosen, and writes nothing', async () => {
    const before = await agentRow(agent.id);
    for (const path of [`db/agents?id=eq.${agent.id}`, 'db/agents?name=like.ed*']) {
      const reply = await api.call('PATCH', path, 'admin', { name: 'renamed', description: 'x' });
      expect(expectError(reply, 400, 'P0001')).toBe('the name of an agent is read-only');
    }
    expect(await agentRow(agent.id)).toEqual(before);
  });

  it.each([
    ['a column agents do not set', { last_seen: now() }, /Unrecognized key: "last_seen"/],
    ['the token holder', { person_id: localAgentId }, /Unrecognized key: "person_id"/],
    ['counts', { checks_count: 5 }, /Unrecognized key: "checks_count"/],
    ['an unknown interval', { kubernetes: { interval: '2m' } }, /interval must be one of/],
    ['properties that are not labels', { properties: ['a'] }, /^properties: /],
    ['a blank name', { name: ' ' }, /name is required/],
    ['cleanup without deleting', { cleanup: true }, /cleanup is sent only with deleted_at/],
    ['deleted_at that is not a time', { deleted_at: 'soon' }, /deleted_at must be a timestamp/],
    ['restoring', { deleted_at: null }, /deleted_at must be a timestamp/],
  ])('refuses %s with 400 and writes nothing', async (_what, body, message) => {
    const before = await agentRow(agent.id);
    const reply = await api.call('PATCH', `db/agents?id=eq.${agent.id}`, 'admin', body);
    expect(expectError(reply, 400, 'bad_request')).toMatch(message);
    expect(await agentRow(agent.id)).toEqual(before);
  });

  it.each(['commander', 'responder', 'viewer'] as const)(
    'refuses %s with 403 and writes nothing',
    async (role) => {
      const before = await agentRow(agent.id);
      const edit = await api.call('PATCH', `db/agents?id=eq.${agent.id}`, role, {
        description: 'nope',
      });
      expectError(edit, 403, '42501');
      const remove = await api.call('PATCH', `db/agents?id=eq.${agent.id}`, role, {
        deleted_at: now(),
      });
      expectError(remove, 403, '42501');
      expect(await agentRow(agent.id)).toEqual(before);
    },
  );

  it('refuses callers without a session with 401', async () => {
    expectError(
      await api.call('PATCH', `db/agents?id=eq.${agent.id}`, 'anonymous', { description: 'x' }),
      401,
    );
  });

  it('refuses creation through the data API and outright deletes, naming the way to do it', async () => {
    const count = await api.query('select id from agents');
    const created = await api.call('POST', 'db/agents', 'admin', { name: 'sneaky' });
    expect(expectError(created, 405)).toMatch(/POST \/api\/agent\/generate/);
    const removed = await api.call('DELETE', `db/agents?id=eq.${agent.id}`, 'admin');
    expect(expectError(removed, 405)).toMatch(/soft-deleted/);
    expect(await api.query('select id from agents')).toEqual(count);
  });

  it('never deletes the local agent', async () => {
    const reply = await api.call('PATCH', `db/agents?id=eq.${localAgentId}`, 'admin', {
      deleted_at: now(),
    });
    expect(expectError(reply, 400, 'P0001')).toBe('the local agent cannot be deleted');
    // A bulk delete that includes it is refused as a whole.
    const all = await api.call('PATCH', 'db/agents?id=not.is.null', 'admin', { deleted_at: now() });
    expectError(all, 400, 'P0001');
    expect(await api.query(`select id from agents where deleted_at is not null`)).toEqual([]);
  });
});

/** An agent with a canary, two checks, a status and a config item, all its own. */
async function agentWithData(name: string): Promise<CreatedAgent & { canary: string }> {
  const agent = await api.createAgent(name);
  const [canary] = await api.query<{ id: string }>(
    `insert into canaries (name, spec, agent_id) values ('web', '{}', $1) returning id`,
    [agent.id],
  );
  if (!canary) throw new Error('canary not inserted');
  await api.query(
    `insert into checks (canary_id, agent_id, type, name)
     values ($1, $2, 'http', 'home'), ($1, $2, 'http', 'api')`,
    [canary.id, agent.id],
  );
  await api.query(
    `insert into check_statuses (check_id, time, status)
     select id, now(), true from checks where canary_id = $1`,
    [canary.id],
  );
  await api.query(
    `insert into config_items (type, name, agent_id) values ('Kubernetes::Pod', 'pod', $1)`,
    [agent.id],
  );
  return { ...agent, canary: canary.id };
}

async function liveRowsOf(agentId: string) {
  const [row] = await api.query(
    `select (select count(*)::int from canaries where agent_id = $1 and deleted_at is null) as canaries,
       (select count(*)::int from checks where agent_id = $1 and deleted_at is null) as checks,
       (select count(*)::int from config_items where agent_id = $1 and deleted_at is null) as configs,
       (select count(*)::int from check_statuses s join checks k on k.id = s.check_id
         where k.agent_id = $1) as statuses`,
    [agentId],
  );
  return row;
}

describe('PATCH /api/db/agents (soft delete)', () => {
  it('without cleanup keeps what the agent created, still as its own, and revokes its token', async () => {
    const agent = await agentWithData('keeper');
    const heartbeat = await api.call('POST', 'agent/heartbeat', { token: agent.token }, {});
    expect(heartbeat.status).toBe(200);
    const reply = await api.call('PATCH', `db/agents?id=eq.${agent.id}`, 'editor', {
      deleted_at: now(),
      cleanup: false,
    });
    expect(reply.status).toBe(204);
    expect(await agentRow(agent.id)).toMatchObject({ deleted: true, cleanup: false });
    expect(await liveRowsOf(agent.id)).toEqual({
      canaries: 1,
      checks: 2,
      configs: 1,
      statuses: 2,
    });
    const [counts] = await api.query(
      'select checks_count::int, config_count::int from agents where id = $1',
      [agent.id],
    );
    expect(counts).toEqual({ checks_count: 2, config_count: 1 });
    const summary = await api.call('GET', `db/agents_summary?id=eq.${agent.id}`, 'admin');
    expect(summary.json).toEqual([]);

    expectError(await api.call('POST', 'agent/heartbeat', { token: agent.token }, {}), 401);
    expect(
      await api.query(
        `select t.id from access_tokens t join agents a on a.person_id = t.person_id where a.id = $1`,
        [agent.id],
      ),
    ).toEqual([]);
    const [person] = await api.query(
      `select p.deleted_at is not null as deleted from people p join agents a on a.person_id = p.id
       where a.id = $1`,
      [agent.id],
    );
    expect(person).toEqual({ deleted: true });
  });

  it('with cleanup also removes everything the agent created, and nothing else', async () => {
    const other = await agentWithData('bystander');
    const agent = await agentWithData('cleaned');
    const localBefore = await liveRowsOf(localAgentId);
    const reply = await api.call('PATCH', `db/agents?id=eq.${agent.id}`, 'admin', {
      deleted_at: now(),
      cleanup: true,
    });
    expect(reply.status).toBe(204);
    expect(await agentRow(agent.id)).toMatchObject({ deleted: true, cleanup: true });
    // Soft deletes: the rows and their history stay for audit, out of every list.
    expect(await liveRowsOf(agent.id)).toEqual({ canaries: 0, checks: 0, configs: 0, statuses: 2 });
    const [counts] = await api.query(
      'select checks_count::int, config_count::int from agents where id = $1',
      [agent.id],
    );
    expect(counts).toEqual({ checks_count: 0, config_count: 0 });
    expect(await liveRowsOf(other.id)).toEqual({ canaries: 1, checks: 2, configs: 1, statuses: 2 });
    expect(await liveRowsOf(localAgentId)).toEqual(localBefore);
    expectError(await api.call('POST', 'agent/heartbeat', { token: agent.token }, {}), 401);
  });

  it('can clean up later an agent deleted without cleanup, but never restore it', async () => {
    const agent = await agentWithData('later');
    await api.call('PATCH', `db/agents?id=eq.${agent.id}`, 'admin', { deleted_at: now() });
    expect(await liveRowsOf(agent.id)).toMatchObject({ canaries: 1, checks: 2 });
    const cleanup = await api.call('PATCH', `db/agents?id=eq.${agent.id}`, 'admin', {
      deleted_at: now(),
      cleanup: true,
    });
    expect(cleanup.status).toBe(204);
    expect(await liveRowsOf(agent.id)).toMatchObject({ canaries: 0, checks: 0, configs: 0 });
    const restore = await api.call('PATCH', `db/agents?id=eq.${agent.id}`, 'admin', {
      deleted_at: null,
    });
    expectError(restore, 400);
    expect(await agentRow(agent.id)).toMatchObject({ deleted: true });
  });

  it('answers the deleted rows with return=representation, for the list to update at once', async () => {
    const agent = await api.createAgent('represented');
    const reply = await api.call(
      'PATCH',
      `db/agents?id=eq.${agent.id}&select=id,name,deleted_at`,
      'admin',
      { deleted_at: now() },
      { prefer: 'return=representation' },
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual([
      { id: agent.id, name: 'represented', deleted_at: expect.any(String) },
    ]);
  });
});

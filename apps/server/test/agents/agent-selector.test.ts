import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, useAgentsApi, type CreatedAgent } from './agents-harness.ts';

const api = useAgentsApi();

const feed = z.object({
  canaries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      spec: z.unknown(),
      checks: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});

async function served(agent: CreatedAgent) {
  const reply = await api.call('GET', 'agent/canaries', { token: agent.token });
  expect(reply.status).toBe(200);
  return feed.parse(reply.json).canaries;
}

const probe = (port: number) => ({ http: [{ name: 'probe', url: `http://127.0.0.1:${port}/` }] });

async function createCanary(name: string, spec: Record<string, unknown>) {
  return api.call(
    'POST',
    'db/canaries?select=id,next_runtime',
    'editor',
    { name, spec },
    { prefer: 'return=representation' },
  );
}

async function liveCopies(parentId: string) {
  return api.query<{ agent: string; checks: number }>(
    `select a.name as agent, (select count(*)::int from checks k
        where k.canary_id = c.id and k.deleted_at is null and k.agent_id = a.id) as checks
     from canaries c join agents a on a.id = c.agent_id
     where c.source = $1 and c.deleted_at is null order by a.name`,
    [`agentSelector=${parentId}`],
  );
}

describe('spec.agentSelector', () => {
  const agents: Record<string, CreatedAgent> = {};
  let parentId = '';

  it('gives a copy to each selected agent, and runs nothing on the upstream', async () => {
    for (const name of ['eu-prod', 'eu-staging', 'us-prod']) {
      agents[name] = await api.createAgent(name);
    }
    const spec = { schedule: '@every 30s', agentSelector: ['eu-*', '!eu-staging'], ...probe(9) };
    const created = await createCanary('selected', spec);
    expect(created.status).toBe(201);
    const row = z.array(z.object({ id: z.string(), next_runtime: z.null() })).parse(created.json);
    parentId = row[0]?.id ?? '';
    const own = await api.query(
      'select 1 from checks where canary_id = $1 and deleted_at is null',
      [parentId],
    );
    expect(own).toEqual([]);
    expect(await liveCopies(parentId)).toEqual([{ agent: 'eu-prod', checks: 1 }]);

    const [copy] = await served(agents['eu-prod'] ?? fail());
    expect(copy).toMatchObject({ name: 'selected', spec: { schedule: '@every 30s', ...probe(9) } });
    expect(copy?.checks).toHaveLength(1);
    expect(await served(agents['eu-staging'] ?? fail())).toEqual([]);
    expect(await served(agents['us-prod'] ?? fail())).toEqual([]);
  });

  it('gives a new agent its copy when it is created, and takes it away when it is deleted', async () => {
    const west = await api.createAgent('eu-west');
    expect(await served(west)).toMatchObject([{ name: 'selected' }]);
    const deleted = await api.call('PATCH', `db/agents?id=eq.${west.id}`, 'admin', {
      deleted_at: new Date().toISOString(),
      cleanup: false,
    });
    expect(deleted.status).toBe(204);
    expect(await liveCopies(parentId)).toEqual([{ agent: 'eu-prod', checks: 1 }]);
  });

  it('follows edits: the same check keeps its id, and a new selector moves the copies', async () => {
    const before = (await served(agents['eu-prod'] ?? fail()))[0]?.checks[0]?.id;
    const edited = await api.call('PATCH', `db/canaries?id=eq.${parentId}`, 'editor', {
      spec: { agentSelector: ['eu-prod'], ...probe(10) },
    });
    expect(edited.status).toBe(204);
    const [copy] = await served(agents['eu-prod'] ?? fail());
    expect(copy?.spec).toEqual(probe(10));
    expect(copy?.checks[0]?.id).toBe(before);

    await api.call('PATCH', `db/canaries?id=eq.${parentId}`, 'editor', {
      spec: { agentSelector: ['us-*'], ...probe(10) },
    });
    expect(await liveCopies(parentId)).toEqual([{ agent: 'us-prod', checks: 1 }]);
    expect(await served(agents['eu-prod'] ?? fail())).toEqual([]);
  });

  it('runs the canary on the upstream again when the selector is removed', async () => {
    await api.call('PATCH', `db/canaries?id=eq.${parentId}`, 'editor', { spec: probe(11) });
    expect(await liveCopies(parentId)).toEqual([]);
    const own = await api.query(
      'select 1 from checks where canary_id = $1 and deleted_at is null',
      [parentId],
    );
    expect(own).toHaveLength(1);
  });

  it('deletes the copies with the canary', async () => {
    await api.call('PATCH', `db/canaries?id=eq.${parentId}`, 'editor', {
      spec: { agentSelector: ['*'], ...probe(12) },
    });
    expect((await liveCopies(parentId)).map((copy) => copy.agent)).toEqual([
      'eu-prod',
      'eu-staging',
      'us-prod',
    ]);
    const removed = await api.call('DELETE', `db/canaries?id=eq.${parentId}`, 'editor');
    expect(removed.status).toBe(204);
    expect(await liveCopies(parentId)).toEqual([]);
  });

  it('refuses a selector that would clash with an agent’s own canary, writing nothing', async () => {
    const own = await api.call('POST', 'db/canaries', 'editor', {
      name: 'clash',
      agent_id: agents['us-prod']?.id,
      spec: probe(13),
    });
    expect(own.status).toBe(201);
    const reply = await createCanary('clash', { agentSelector: ['us-prod'], ...probe(13) });
    expect(expectError(reply, 409, 'conflict')).toBe(
      'spec.agentSelector selects agent "us-prod", which already has its own canary default/clash.',
    );
    const rows = await api.query(`select 1 from canaries where name = 'clash'`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ agentSelector: 'eu-*' }, 'spec.agentSelector'],
    [{ agentSelector: [''] }, 'spec.agentSelector[0] entries must not be empty'],
    [{ agentSelector: ['!'] }, 'spec.agentSelector[0] entries must name an agent after !'],
  ])('refuses the selector %j with 400 naming the field', async (selector, message) => {
    const reply = await createCanary('bad-selector', { ...selector, ...probe(14) });
    expect(expectError(reply, 400)).toContain(message);
  });

  it('refuses a viewer', async () => {
    const reply = await api.call('POST', 'db/canaries', 'viewer', {
      name: 'viewer',
      spec: { agentSelector: ['*'], ...probe(15) },
    });
    expect(reply.status).toBe(403);
  });
});

function fail(): never {
  throw new Error('the agent was created by an earlier test');
}

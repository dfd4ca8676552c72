import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, testUserId, useAgentsApi, type CreatedAgent } from './agents-harness.ts';

const api = useAgentsApi();

const summaryRow = z.object({
  id: z.string(),
  name: z.string(),
  config_count: z.number(),
  checks_count: z.number(),
  config_scrapper_count: z.number(),
  playbook_runs_count: z.number(),
  status: z.enum(['Online', 'Offline']),
  last_seen: z.string().nullable(),
  last_received: z.string().nullable(),
});

async function summaryOf(id: string): Promise<z.infer<typeof summaryRow>> {
  const reply = await api.call('GET', `db/agents_summary?id=eq.${id}`, 'viewer');
  expect(reply.status).toBe(200);
  const [row] = z.array(summaryRow).parse(reply.json);
  if (!row) throw new Error(`agent ${id} is not in agents_summary`);
  return row;
}

async function counts(id: string) {
  const row = await summaryOf(id);
  return [row.checks_count, row.config_count, row.config_scrapper_count, row.playbook_runs_count];
}

/** Rows made as an agent would make them, straight in the database (pushes are tested apart). */
async function seedRows(agent: CreatedAgent, checks: number): Promise<{ canary: string }> {
  const [canary] = await api.query<{ id: string }>(
    `insert into canaries (name, spec, agent_id) values ($1, '{}', $2) returning id`,
    [`c-${agent.id}`, agent.id],
  );
  if (!canary) throw new Error('canary not inserted');
  await api.query(
    `insert into checks (canary_id, agent_id, type, name)
     select $1, $2, 'http', 'check-' || n from generate_series(1, $3::int) n`,
    [canary.id, agent.id, checks],
  );
  return { canary: canary.id };
}

describe('agents_summary', () => {
  let edge: CreatedAgent;
  let core: CreatedAgent;
  let idle: CreatedAgent;

  it('lists remote agents that are not deleted, never the local installation', async () => {
    edge = await api.createAgent('edge');
    core = await api.createAgent('core');
    idle = await api.createAgent('idle');
    const gone = await api.createAgent('gone');
    await api.call('PATCH', `db/agents?id=eq.${gone.id}`, 'admin', {
      deleted_at: new Date().toISOString(),
    });
    const reply = await api.call('GET', 'db/agents_summary?select=name&order=name.asc', 'viewer');
    expect(reply.json).toEqual([{ name: 'core' }, { name: 'edge' }, { name: 'idle' }]);
  });

  it('pages server-side with count=exact, as the list asks (50, 100 or 200 a page)', async () => {
    const first = await api.call(
      'GET',
      'db/agents_summary?select=name&order=name.desc&limit=2&offset=0',
      'viewer',
      undefined,
      { prefer: 'count=exact' },
    );
    expect(first.json).toEqual([{ name: 'idle' }, { name: 'edge' }]);
    expect(first.headers.get('content-range')).toBe('0-1/3');
    const second = await api.call(
      'GET',
      'db/agents_summary?select=name&order=name.desc&limit=2&offset=2',
      'viewer',
      undefined,
      { prefer: 'count=exact' },
    );
    expect(second.json).toEqual([{ name: 'core' }]);
    expect(second.headers.get('content-range')).toBe('2-2/3');
    for (const limit of [50, 100, 200]) {
      const page = await api.call('GET', `db/agents_summary?limit=${limit}`, 'viewer');
      expect(z.array(summaryRow).parse(page.json)).toHaveLength(3);
    }
  });

  it('counts checks, configs, scrapers and playbook runs as they are written', async () => {
    expect(await counts(edge.id)).toEqual([0, 0, 0, 0]);
    const { canary } = await seedRows(edge, 3);
    await api.query(`insert into config_scrapers (name, spec, agent_id) values ('k8s', '{}', $1)`, [
      edge.id,
    ]);
    await api.query(
      `insert into config_items (type, name, agent_id)
       select 'Kubernetes::Pod', 'pod-' || n, $1 from generate_series(1, 5) n`,
      [edge.id],
    );
    await api.query(
      `insert into playbooks (id, name, spec) values ('01900000-0000-7000-8000-0000000000b1', 'restart', '{}')`,
    );
    await api.query(
      `insert into playbook_runs (playbook_id, agent_id)
       values ('01900000-0000-7000-8000-0000000000b1', $1), ('01900000-0000-7000-8000-0000000000b1', $1)`,
      [edge.id],
    );
    expect(await counts(edge.id)).toEqual([3, 5, 1, 2]);

    // Soft deletes, moves between agents and hard deletes all count.
    await api.query(
      `update checks set deleted_at = now() where canary_id = $1 and name = 'check-1'`,
      [canary],
    );
    await api.query(
      `update config_items set agent_id = $1 where agent_id = $2 and name in ('pod-1', 'pod-2')`,
      [core.id, edge.id],
    );
    await api.query(`delete from playbook_runs where agent_id = $1`, [edge.id]);
    await api.query(`update config_scrapers set agent_id = $1 where agent_id = $2`, [
      core.id,
      edge.id,
    ]);
    expect(await counts(edge.id)).toEqual([2, 3, 0, 0]);
    expect(await counts(core.id)).toEqual([0, 2, 1, 0]);

    // Restoring a soft-deleted check counts it again; edits that change neither leave counts.
    await api.query(`update checks set deleted_at = null where canary_id = $1`, [canary]);
    await api.query(`update checks set status = 'healthy' where canary_id = $1`, [canary]);
    await api.query(`delete from canaries where id = $1`, [canary]);
    expect(await counts(edge.id)).toEqual([0, 3, 0, 0]);
  });

  it('leaves the local agent out of the counters', async () => {
    await api.query(
      `insert into config_items (type, name) select 'Kubernetes::Pod', 'local-' || n
       from generate_series(1, 3) n`,
    );
    const [local] = await api.query(
      `select config_count from agents where id = '00000000-0000-0000-0000-000000000000'`,
    );
    expect(local).toEqual({ config_count: '0' });
  });

  it('is Online when last seen within 61 s, Offline otherwise or when never seen', async () => {
    await api.query(`update agents set last_seen = now() - interval '60 seconds' where id = $1`, [
      edge.id,
    ]);
    await api.query(`update agents set last_seen = now() - interval '62 seconds' where id = $1`, [
      core.id,
    ]);
    expect((await summaryOf(edge.id)).status).toBe('Online');
    expect((await summaryOf(core.id)).status).toBe('Offline');
    expect((await summaryOf(idle.id)).status).toBe('Offline');
    const online = await api.call(
      'GET',
      'db/agents_summary?select=name&status=eq.Online',
      'viewer',
    );
    expect(online.json).toEqual([{ name: 'edge' }]);
  });

  it('sorts on the counts and the status server-side', async () => {
    const byChecks = await api.call(
      'GET',
      'db/agents_summary?select=name,config_count&order=config_count.desc,name.asc',
      'viewer',
    );
    expect(byChecks.json).toEqual([
      { name: 'edge', config_count: 3 },
      { name: 'core', config_count: 2 },
      { name: 'idle', config_count: 0 },
    ]);
    const byStatus = await api.call(
      'GET',
      'db/agents_summary?select=name,status&order=status.desc,name.asc',
      'viewer',
    );
    expect(byStatus.json).toEqual([
      { name: 'edge', status: 'Online' },
      { name: 'core', status: 'Offline' },
      { name: 'idle', status: 'Offline' },
    ]);
  });

  it('embeds the creator through created_by, as the data API does for tables', async () => {
    const reply = await api.call(
      'GET',
      `db/agents_summary?select=name,created_by(id,name)&id=eq.${edge.id}`,
      'viewer',
    );
    expect(reply.json).toEqual([{ name: 'edge', created_by: { id: testUserId, name: 'Tester' } }]);
  });

  it('keeps updated_at for edits: pushes, heartbeats and counts do not change it', async () => {
    const before = await api.query(`select updated_at from agents where id = $1`, [edge.id]);
    await api.query(`update agents set last_seen = now(), last_received = now() where id = $1`, [
      edge.id,
    ]);
    await seedRows(edge, 1);
    expect(await api.query(`select updated_at from agents where id = $1`, [edge.id])).toEqual(
      before,
    );
  });

  it.each(['admin', 'editor', 'commander', 'responder', 'viewer'] as const)(
    'is readable by %s',
    async (role) => {
      const reply = await api.call('GET', 'db/agents_summary?select=name&limit=1', role);
      expect(reply.status).toBe(200);
    },
  );

  it('refuses callers without a session, and every write', async () => {
    expectError(await api.call('GET', 'db/agents_summary', 'anonymous'), 401);
    expectError(
      await api.call('PATCH', `db/agents_summary?id=eq.${edge.id}`, 'admin', { description: 'x' }),
      405,
    );
    expectError(await api.call('POST', 'db/agents_summary', 'admin', { name: 'x' }), 405);
  });
});

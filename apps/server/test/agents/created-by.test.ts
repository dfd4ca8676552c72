import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, useAgentsApi } from './agents-harness.ts';

const api = useAgentsApi();

const select =
  'name,created_by(name),created_by_config,created_by_config_name,created_by_component,created_by_component_name';

async function insertReturningId(sql: string): Promise<string> {
  const [row] = await api.query<{ id: string }>(sql);
  return row?.id ?? '';
}

describe('the catalog item or component that created an agent', () => {
  it('is stored from POST /api/agent/generate and embedded in agents_summary for every reader', async () => {
    const cluster = await insertReturningId(
      `insert into config_items (type, name) values ('Kubernetes::Cluster', 'eu-prod') returning id`,
    );
    const gateway = await insertReturningId(
      `insert into components (name, type) values ('gateway', 'Service') returning id`,
    );
    await api.createAgent('from-catalog', { created_by_config: cluster });
    await api.createAgent('from-component', { created_by_component: gateway });
    await api.createAgent('from-person');

    const reply = await api.call('GET', `db/agents_summary?select=${select}&order=name`, 'viewer');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual([
      {
        name: 'from-catalog',
        created_by: { name: 'Tester' },
        created_by_config: cluster,
        created_by_config_name: 'eu-prod',
        created_by_component: null,
        created_by_component_name: null,
      },
      {
        name: 'from-component',
        created_by: { name: 'Tester' },
        created_by_config: null,
        created_by_config_name: null,
        created_by_component: gateway,
        created_by_component_name: 'gateway',
      },
      {
        name: 'from-person',
        created_by: { name: 'Tester' },
        created_by_config: null,
        created_by_config_name: null,
        created_by_component: null,
        created_by_component_name: null,
      },
    ]);
  });

  it.each([
    [
      'both a catalog item and a component',
      { created_by_config: randomUUID(), created_by_component: randomUUID() },
      'an agent is created by one catalog item or one component, not both',
    ],
    [
      'an unknown catalog item',
      { created_by_config: randomUUID() },
      'created_by_config: no catalog item has this id',
    ],
    [
      'an unknown component',
      { created_by_component: randomUUID() },
      'created_by_component: no component has this id',
    ],
    [
      'an id that is not a uuid',
      { created_by_config: 'cluster-1' },
      'created_by_config must be a catalog item id',
    ],
  ])('refuses %s with 400 and writes nothing', async (_what, extra, message) => {
    const reply = await api.call('POST', 'agent/generate', 'admin', { name: 'refused', ...extra });
    expect(expectError(reply, 400, 'bad_request')).toBe(message);
    expect(await api.query(`select 1 from agents where name = 'refused'`)).toEqual([]);
  });

  it('leaves the embeds of agents from configs and components unambiguous', async () => {
    for (const path of [
      'configs?select=name,agents(name)',
      'components?select=name,agents(name)',
    ]) {
      const reply = await api.call('GET', `db/${path}`, 'viewer');
      expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    }
  });

  it('cannot be changed afterwards through the data API', async () => {
    const { id } = await api.createAgent('fixed-creator');
    const reply = await api.call('PATCH', `db/agents?id=eq.${id}`, 'admin', {
      created_by_config: randomUUID(),
    });
    expect(reply.status).toBe(400);
  });
});

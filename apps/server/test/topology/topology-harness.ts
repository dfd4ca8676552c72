import { z } from 'zod';
import type { TestApp } from '../app.ts';
import { call, createdId } from '../health/health-harness.ts';

/** Seeds a canary with checks, and config items, straight into the database. */
export async function seed(app: TestApp) {
  const pool = app.database.db.pool;
  const canary = await pool.query<{ id: string }>(
    `insert into canaries (name, spec) values ('topo-canary', '{}') returning id`,
  );
  const canaryId = canary.rows[0]?.id ?? '';
  const check = async (name: string, labels: Record<string, string>) => {
    const row = await pool.query<{ id: string }>(
      `insert into checks (canary_id, type, name, labels, status)
       values ($1, 'http', $2, $3, 'healthy') returning id`,
      [canaryId, name, JSON.stringify(labels)],
    );
    return row.rows[0]?.id ?? '';
  };
  const config = async (name: string, type: string, health: string) => {
    const row = await pool.query<{ id: string }>(
      `insert into config_items (name, type, health, tags, config)
       values ($1, $2, $3, '{"cluster":"prod"}', '{"spec":{"version":"1.2"}}') returning id`,
      [name, type, health],
    );
    return row.rows[0]?.id ?? '';
  };
  return {
    apiCheck: await check('api-http', { app: 'api' }),
    otherCheck: await check('other-http', { app: 'other' }),
    db: await config('db1', 'Test::Database', 'healthy'),
    node1: await config('node-1', 'Test::Node', 'healthy'),
    node2: await config('node-2', 'Test::Node', 'healthy'),
  };
}

export const topologySpecFixture = {
  type: 'Application',
  icon: 'app',
  schedule: '@every 1h',
  components: [
    {
      name: 'api',
      type: 'Service',
      checks: [{ selector: { labelSelector: 'app=api' } }],
      configs: [{ type: 'Test::Database', name: 'db1' }],
      properties: [
        { name: 'url', type: 'url', text: 'https://api.example.com' },
        { name: 'cost', type: 'currency', value: 1200, headline: true },
      ],
    },
    {
      name: 'workers',
      type: 'Group',
      components: [
        { name: 'w1', type: 'Worker', health: 'healthy' },
        { name: 'w2', type: 'Worker', health: 'healthy' },
      ],
    },
    {
      name: 'nodes',
      type: 'NodeGroup',
      lookup: {
        catalog: [
          {
            selector: [{ types: ['Test::Node'] }],
            display: {
              expr: "dyn(results).map(r, {'name': r.name, 'type': 'Node', 'status': r.health}).toJSON()",
            },
          },
        ],
      },
      forEach: {
        components: [{ name: '$(.component.name)-disk', type: 'Disk' }],
        properties: [{ name: 'zone', text: 'eu-1' }],
      },
    },
  ],
};

export async function createTopology(app: TestApp, name: string, spec: unknown): Promise<string> {
  const answer = await call(app, 'POST', '/api/db/topologies', 'editor', { name, spec });
  if (answer.status !== 201)
    throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return createdId(answer);
}

export const runAnswer = z.object({
  status: z.string(),
  components: z.number(),
  deleted: z.number(),
  errors: z.array(z.string()),
});

export async function rootOf(app: TestApp, topologyId: string): Promise<string> {
  const found = await app.database.db.pool.query<{ id: string }>(
    `select id from components where topology_id = $1 and parent_id is null and deleted_at is null`,
    [topologyId],
  );
  return found.rows[0]?.id ?? '';
}

export async function statusOf(app: TestApp, name: string) {
  const found = await app.database.db.pool.query<{ status: string; status_reason: string | null }>(
    `select status, status_reason from components where name = $1 and deleted_at is null`,
    [name],
  );
  return found.rows[0];
}

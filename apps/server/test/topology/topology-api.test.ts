import { topologyResponseSchema } from '@vigil/domain';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp } from '../health/health-harness.ts';
import { testActorHeader, type TestApp } from '../app.ts';
import { createTopology, rootOf, seed, topologySpecFixture } from './topology-harness.ts';

let app: TestApp;
let topologyId = '';
let rootId = '';

beforeAll(async () => {
  app = await startTestApp({ modules: ['health', 'catalog', 'topology', 'incidents'] });
  await seed(app);
  topologyId = await createTopology(app, 'shop', topologySpecFixture);
  await call(app, 'POST', `/api/topology/${topologyId}/run`, 'editor');
  rootId = await rootOf(app, topologyId);
});
afterAll(async () => {
  await app.close();
});

const get = async (query: string, role: 'viewer' | 'anonymous' = 'viewer') => {
  const answer = await call(app, 'GET', `/api/topology${query}`, role);
  return {
    status: answer.status,
    body: answer.status === 200 ? topologyResponseSchema.parse(answer.json) : answer.json,
  };
};

describe('GET /api/topology', () => {
  it.each(['admin', 'editor', 'commander', 'responder', 'viewer'] as const)(
    'answers a %s',
    async (role) => {
      expect((await call(app, 'GET', '/api/topology', role)).status).toBe(200);
    },
  );

  it('refuses an anonymous caller', async () => {
    expect((await get('', 'anonymous')).status).toBe(401);
  });

  it('nests the tree under the roots with teams, types, healthStatuses and tags', async () => {
    const { body } = await get('');
    const parsed = topologyResponseSchema.parse(body);
    expect(parsed.components.map((c) => c.name)).toEqual(['shop']);
    expect(parsed.components[0]?.components?.map((c) => c.name).sort()).toEqual([
      'api',
      'node-1',
      'node-2',
      'workers',
    ]);
    expect(parsed.types).toEqual(['Application', 'Disk', 'Group', 'Node', 'Service', 'Worker']);
    expect(parsed.healthStatuses).toContain('healthy');
    const api = parsed.components[0]?.components?.find((c) => c.name === 'api');
    expect(api?.summary.checks).toEqual({ healthy: 1, unhealthy: 0, warning: 0, unknown: 0 });
  });

  it('answers one component with its subtree, the alias too', async () => {
    const { body } = await get(`?id=${rootId}`);
    expect(topologyResponseSchema.parse(body).components[0]?.id).toBe(rootId);
    const alias = await call(app, 'GET', `/api/canary/api/topology?id=${rootId}`, 'viewer');
    expect(alias.status).toBe(200);
  });

  it('flattens a chosen type, and All removes a filter', async () => {
    const flat = topologyResponseSchema.parse((await get('?type=Worker&flatten=true')).body);
    expect(flat.components.map((c) => c.name).sort()).toEqual(['w1', 'w2']);
    const all = topologyResponseSchema.parse((await get('?type=All&status=All')).body);
    expect(all.components.map((c) => c.name)).toEqual(['shop']);
  });

  it('filters children by status and sorts by name', async () => {
    const healthy = topologyResponseSchema.parse(
      (await get(`?id=${rootId}&status=unhealthy`)).body,
    );
    expect(healthy.components[0]?.components).toEqual([]);
    const sorted = topologyResponseSchema.parse(
      (await get(`?id=${rootId}&sortBy=name&sortOrder=asc`)).body,
    );
    expect(sorted.components[0]?.components?.map((c) => c.name)).toEqual([
      'api',
      'node-1',
      'node-2',
      'workers',
    ]);
  });

  it('leaves out the levels below depth, the filter lists still over every level', async () => {
    const two = topologyResponseSchema.parse((await get('?depth=2')).body);
    const children = two.components[0]?.components ?? [];
    expect(children.map((c) => c.name).sort()).toEqual(['api', 'node-1', 'node-2', 'workers']);
    expect(children.map((c) => c.components)).toEqual([undefined, undefined, undefined, undefined]);
    expect(two.types).toContain('Disk');
    const one = topologyResponseSchema.parse((await get('?depth=1')).body);
    expect(one.components.map((c) => [c.name, c.components])).toEqual([['shop', undefined]]);
    const under = topologyResponseSchema.parse((await get(`?id=${rootId}&depth=3`)).body);
    const workers = under.components[0]?.components?.find((c) => c.name === 'workers');
    expect(workers?.components?.map((c) => c.name).sort()).toEqual(['w1', 'w2']);
  });

  it('answers what a component holds now, in the response schema (kept on write, 0195)', async () => {
    const pool = app.database.db.pool;
    await pool.query(
      `update components set labels = labels || '{"replicas": 3}', cost_per_minute = 1.25,
              properties = coalesce(properties, '[]') || '[{"text": "no name"}]'
        where id = $1`,
      [rootId],
    );
    const { rows } = await pool.query<{ updated_at: Date }>(
      'select updated_at from components where id = $1',
      [rootId],
    );
    const root = topologyResponseSchema.parse((await get(`?id=${rootId}`)).body).components[0];
    expect(root?.labels.replicas).toBe('3');
    expect(root?.cost_per_minute).toBe(1.25);
    expect(root?.properties.at(-1)).toEqual({ name: '', text: 'no name' });
    expect(root?.updated_at).toBe(rows[0]?.updated_at.toISOString());
    expect(root?.components?.length).toBeGreaterThan(0);
  });

  it.each([
    ['?sortOrder=up', 'sortOrder must be asc or desc'],
    ['?id=nope', 'id must be a uuid'],
    ['?sortBy=colour', 'sortBy must be status, name, type, updated_at or field:<property>'],
    ['?depth=0', 'depth must be a whole number from 1 to 10'],
    ['?depth=two', 'depth must be a whole number from 1 to 10'],
  ])('refuses %s', async (query, message) => {
    const answer = await get(query);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
  });
});

describe('the snapshot', () => {
  it('downloads {name}-snapshot.zip with the tree, checks and configs', async () => {
    const response = await fetch(`${app.baseUrl}/api/topology/${rootId}?start=1h&related=true`, {
      headers: { [testActorHeader]: 'viewer' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="shop-snapshot.zip"',
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'check-statuses.json',
      'checks.json',
      'config-changes.json',
      'configs.json',
      'related-components.json',
      'topology.json',
    ]);
  });

  it('takes the time ranges of the spec as start, months included', async () => {
    const [link] = (
      await app.database.db.pool.query<{ check_id: string }>(
        `select check_id from check_component_relationships where deleted_at is null limit 1`,
      )
    ).rows;
    await app.database.db.pool.query(
      `insert into check_statuses (check_id, time, status, message)
       values ($1, now() - interval '20 days', true, 'twenty days ago')`,
      [link?.check_id],
    );
    const statuses = async (start: string) => {
      const response = await fetch(`${app.baseUrl}/api/topology/${rootId}?start=${start}`, {
        headers: { [testActorHeader]: 'viewer' },
      });
      expect(response.status).toBe(200);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      return new TextDecoder().decode(files['check-statuses.json']);
    };
    expect(await statuses('1mo')).toContain('twenty days ago');
    expect(await statuses('now-3mo')).toContain('twenty days ago');
    expect(await statuses('2w')).not.toContain('twenty days ago');
    expect(await statuses('1d')).not.toContain('twenty days ago');
  });

  it('refuses a bad start and an anonymous caller', async () => {
    expect((await call(app, 'GET', `/api/topology/${rootId}?start=soon`, 'viewer')).status).toBe(
      400,
    );
    expect((await call(app, 'GET', `/api/topology/${rootId}`, 'anonymous')).status).toBe(401);
  });
});

describe('topology writes', () => {
  it('refuses a viewer and a bad spec, writing nothing', async () => {
    expect(
      (await call(app, 'POST', '/api/db/topologies', 'viewer', { name: 'x', spec: {} })).status,
    ).toBe(403);
    const bad = await call(app, 'POST', '/api/db/topologies', 'editor', {
      name: 'x',
      spec: { schedule: 'soon' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('spec.schedule');
    const count = await app.database.db.pool.query(
      `select count(*)::int as n from topologies where name = 'x'`,
    );
    expect(count.rows).toEqual([{ n: 0 }]);
  });

  it('serves the JSON schema', async () => {
    const answer = await call(app, 'GET', '/api/schemas/topology.schema.json', 'viewer');
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.json)).toContain('canaries.flanksource.com/v1');
  });
});

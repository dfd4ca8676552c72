import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { call, createdId, startTarget, startTestApp, type Target } from './health-harness.ts';

let app: TestApp;
let target: Target;

beforeAll(async () => {
  app = await startTestApp();
  target = await startTarget();
});

afterAll(async () => {
  await app.close();
  await target.close();
});

const sql = async (text: string, values: unknown[] = []) =>
  (await app.database.db.pool.query<Record<string, unknown>>(text, values)).rows;

async function insertConfig(name: string, type: string, tags: object = {}): Promise<string> {
  const [row] = await sql(
    `insert into config_items (name, type, tags) values ($1, $2, $3) returning id`,
    [name, type, JSON.stringify(tags)],
  );
  return String(row?.id);
}

async function insertComponent(name: string, labels: object): Promise<string> {
  const [row] = await sql(
    `insert into components (name, type, labels) values ($1, 'Service', $2) returning id`,
    [name, JSON.stringify(labels)],
  );
  return String(row?.id);
}

async function canary(name: string, http: object): Promise<{ id: string; checkId: string }> {
  const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
    name,
    namespace: 'prod',
    spec: { schedule: '@every 24h', http: [http] },
  });
  expect(created.status).toBe(201);
  const id = createdId(created);
  const [check] = await sql(`select id from checks where canary_id = $1 and not transformed`, [id]);
  return { id, checkId: String(check?.id) };
}

async function run(checkId: string): Promise<void> {
  const answer = await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'editor');
  expect(answer.status).toBe(200);
}

const links = (table: string, column: string, checkId: string) =>
  sql(
    `select ${column} as target, canary_id, selector_id, deleted_at from ${table}
      where check_id = $1 order by ${column}`,
    [checkId],
  );

describe('relationships: a check linked to configs and components by lookups', () => {
  it('links a run to the config by type and name and the component by labels, then unlinks', async () => {
    const podA = await insertConfig('pod-a', 'Kubernetes::Pod');
    const podB = await insertConfig('pod-b', 'Kubernetes::Pod');
    await insertConfig('pod-a', 'Kubernetes::Deployment');
    const shop = await insertComponent('shop', { app: 'shop', tier: 'web' });
    await insertComponent('other', { app: 'other' });
    const spec = (pod: string) => ({
      name: 'linked',
      url: `${target.url}/`,
      relationships: {
        configs: [{ type: { value: 'Kubernetes::Pod' }, name: { value: pod } }],
        components: [{ labels: { app: 'shop' } }],
      },
    });
    const { id, checkId } = await canary('related', spec('pod-a'));
    await run(checkId);

    const configLinks = await links('check_config_relationships', 'config_id', checkId);
    expect(configLinks).toEqual([
      {
        target: podA,
        canary_id: id,
        selector_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        deleted_at: null,
      },
    ]);
    expect(await links('check_component_relationships', 'component_id', checkId)).toEqual([
      {
        target: shop,
        canary_id: id,
        selector_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        deleted_at: null,
      },
    ]);

    // What the config page's Checks tab and the topology panel read.
    const ofConfig = await call(
      app,
      'GET',
      `/api/db/check_summary_for_config?config_id=eq.${podA}`,
      'viewer',
    );
    expect(ofConfig.json).toEqual([expect.objectContaining({ id: checkId, name: 'linked' })]);
    const ofComponent = await call(
      app,
      'GET',
      `/api/db/checks_by_component?component_id=eq.${shop}`,
      'viewer',
    );
    expect(ofComponent.json).toEqual([expect.objectContaining({ id: checkId, name: 'linked' })]);

    // A second run keeps the same rows.
    await run(checkId);
    expect(await links('check_config_relationships', 'config_id', checkId)).toEqual(configLinks);

    // The lookup now picks another pod: the old link goes, the new one comes.
    const patched = await call(app, 'PATCH', `/api/db/canaries?id=eq.${id}`, 'editor', {
      spec: { schedule: '@every 24h', http: [spec('pod-b')] },
    });
    expect(patched.status).toBe(200);
    await run(checkId);
    expect(
      (await links('check_config_relationships', 'config_id', checkId)).map((l) => l.target),
    ).toEqual([podB]);

    // Nothing matches any more: no link is left.
    await call(app, 'PATCH', `/api/db/canaries?id=eq.${id}`, 'editor', {
      spec: { schedule: '@every 24h', http: [spec('pod-gone')] },
    });
    await run(checkId);
    expect(await links('check_config_relationships', 'config_id', checkId)).toEqual([]);
    const none = await call(
      app,
      'GET',
      `/api/db/check_summary_for_config?config_id=eq.${podB}`,
      'viewer',
    );
    expect(none.json).toEqual([]);
    // The component lookup did not change: its link stays.
    expect(await links('check_component_relationships', 'component_id', checkId)).toHaveLength(1);
  });

  it('drops lookup links when relationships leave the spec, and marks them when the canary goes', async () => {
    const node = await insertConfig('node-1', 'Kubernetes::Node');
    const lookup = { configs: [{ name: { value: 'node-1' } }] };
    const bare = { name: 'node', url: `${target.url}/` };
    const http = { ...bare, relationships: lookup };
    const { id, checkId } = await canary('dropped', http);
    await run(checkId);
    expect(
      (await links('check_config_relationships', 'config_id', checkId)).map((l) => l.target),
    ).toEqual([node]);

    await call(app, 'PATCH', `/api/db/canaries?id=eq.${id}`, 'editor', {
      spec: { schedule: '@every 24h', http: [bare] },
    });
    expect(await links('check_config_relationships', 'config_id', checkId)).toEqual([]);

    await call(app, 'PATCH', `/api/db/canaries?id=eq.${id}`, 'editor', {
      spec: { schedule: '@every 24h', http: [http] },
    });
    await run(checkId);
    expect(await links('check_config_relationships', 'config_id', checkId)).toHaveLength(1);
    const deleted = await call(app, 'PATCH', `/api/db/canaries?id=eq.${id}`, 'editor', {
      deleted_at: new Date().toISOString(),
    });
    expect(deleted.status).toBe(200);
    const [gone] = await links('check_config_relationships', 'config_id', checkId);
    expect(gone?.deleted_at).toBeInstanceOf(Date);
  });

  it('evaluates expr over the result, and leaves manual links alone', async () => {
    // The target answers {"items":[{"name":"a",…},…]}: the expr picks "a".
    const a = await insertConfig('a', 'Kubernetes::Node', { namespace: 'edge' });
    await insertConfig('a', 'Kubernetes::Node', { namespace: 'core' });
    const manual = await insertConfig('manual', 'Kubernetes::Node');
    const { id, checkId } = await canary('by-expr', {
      name: 'expr',
      url: `${target.url}/`,
      relationships: {
        configs: [
          {
            name: { expr: 'result.data.json.items[0].name' },
            namespace: { value: 'ed*' },
            type: { value: 'Kubernetes::*' },
          },
        ],
      },
    });
    await sql(
      `insert into check_config_relationships (check_id, config_id, canary_id) values ($1, $2, $3)`,
      [checkId, manual, id],
    );
    await run(checkId);
    const found = await links('check_config_relationships', 'config_id', checkId);
    expect(found.map((l) => [l.target, l.selector_id === 'manual'])).toEqual(
      [
        [a, false],
        [manual, true],
      ].sort(([x], [y]) => (String(x) < String(y) ? -1 : 1)),
    );
  });

  it('links each check a transform yields by its own labels, as canary-checker', async () => {
    const podX = await insertConfig('pod-x', 'Kubernetes::Pod', { namespace: 'shop' });
    const podY = await insertConfig('pod-y', 'Kubernetes::Pod', { namespace: 'shop' });
    const { checkId } = await canary('transformed', {
      name: 'alerts',
      url: `${target.url}/`,
      transform: {
        expr: `json.items.map(i, {'name': 'alert-' + i.name, 'labels': {'pod': 'pod-' + (i.name == 'a' ? 'x' : 'y'), 'namespace': 'shop'}}).toJSON()`,
      },
      relationships: {
        configs: [
          {
            name: { label: 'pod' },
            namespace: { label: 'namespace' },
            type: { value: 'Kubernetes::Pod' },
          },
        ],
      },
    });
    await run(checkId);
    const rows = await sql(
      `select k.name, r.config_id from checks k
         join check_config_relationships r on r.check_id = k.id
        where k.transformed and k.spec->>'transformedFrom' = 'alerts' order by k.name`,
    );
    expect(rows).toEqual([
      { name: 'alert-a', config_id: podX },
      { name: 'alert-b', config_id: podY },
    ]);
    // The declared check has no such labels: its own lookup finds nothing.
    expect(await links('check_config_relationships', 'config_id', checkId)).toEqual([]);
  });

  it.each([
    [{ configs: [{ nme: { value: 'x' } }] }, 'spec.http[0].relationships.configs[0].nme'],
    [{ configs: [{ name: 'x' }] }, 'spec.http[0].relationships.configs[0].name'],
    [
      { components: [{ name: { vlue: 'x' } }] },
      'spec.http[0].relationships.components[0].name.vlue',
    ],
    [{ component: [] }, 'spec.http[0].relationships.component'],
    [{ configs: [{ name: { expr: 'nope(' } }] }, 'spec.http[0].relationships.configs[0].name.expr'],
    [{ configs: [{ labels: { app: 1 } }] }, 'spec.http[0].relationships.configs[0].labels.app'],
  ])('refuses relationships %j, naming %s', async (relationships, field) => {
    const answer = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'refused',
      spec: { http: [{ name: 'x', url: `${target.url}/`, relationships }] },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain(field);
  });

  it('refuses relationships on mongodb, which canary-checker does not relate', async () => {
    const answer = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'mongo',
      spec: {
        mongodb: [{ name: 'm', url: 'mongodb://localhost', relationships: { configs: [] } }],
      },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('spec.mongodb[0].relationships');
  });
});

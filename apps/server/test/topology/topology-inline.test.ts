import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, startTarget, type Target } from '../health/health-harness.ts';
import type { TestApp } from '../app.ts';
import { createTopology, runAnswer } from './topology-harness.ts';

/** `checks[].inline` canaries owned by the topology, and team ownership (spec 001 §3, §7). */
let app: TestApp;
let target: Target;
let topologyId = '';

const rows = async (text: string, values: unknown[] = []) =>
  (await app.database.db.pool.query<Record<string, unknown>>(text, values)).rows;

const inlineSpec = (url: string) => ({
  schedule: '@every 1h',
  owner: 'platform',
  components: [
    {
      name: 'inline-canary',
      type: 'Website',
      owner: 'platform',
      teams: ['ghosts'],
      checks: [{ inline: { http: [{ name: 'inline-check', url, responseCodes: [202] }] } }],
    },
  ],
});

const run = async () => {
  const answer = await call(app, 'POST', `/api/topology/${topologyId}/run`, 'editor');
  expect(answer.status).toBe(200);
  return runAnswer.parse(answer.json);
};

const componentId = async (name: string) =>
  String(
    (await rows(`select id from components where name = $1 and deleted_at is null`, [name]))[0]?.id,
  );

beforeAll(async () => {
  app = await startTestApp({ modules: ['health', 'catalog', 'topology', 'teams'] });
  target = await startTarget();
  await rows(`insert into teams (name, icon) values ('platform', 'k8s')`);
  topologyId = await createTopology(app, 'inline-check', inlineSpec(`${target.url}/status/202`));
});
afterAll(async () => {
  await target.close();
  await app.close();
});

describe('inline canaries', () => {
  it('creates a canary owned by the component and links its checks', async () => {
    const result = await run();
    expect(result.errors).toEqual(['inline-canary: owner team "ghosts" does not exist']);
    expect(result.status).toBe('WARNING');
    const id = await componentId('inline-canary');
    const [canary] = await rows(
      `select id, name, namespace, source, schedule from canaries where deleted_at is null
        and source = $1`,
      [`component/${id}`],
    );
    expect(canary).toMatchObject({
      name: 'inline-canary',
      namespace: 'default',
      schedule: '@every 1h',
    });
    const linked = await rows(
      `select k.name, r.selector_id from check_component_relationships r
         join checks k on k.id = r.check_id where r.component_id = $1 and r.deleted_at is null`,
      [id],
    );
    expect(linked).toEqual([
      { name: 'inline-check', selector_id: `topology:inline:${String(canary?.id)}` },
    ]);
    // A second run keeps the same canary and link.
    await run();
    const again = await rows(`select id from canaries where source = $1`, [`component/${id}`]);
    expect(again).toEqual([{ id: canary?.id }]);
  });

  it('is read-only through the canaries API', async () => {
    const [canary] = await rows(`select id from canaries where source like 'component/%'`);
    const id = String(canary?.id);
    const patch = await call(app, 'PATCH', `/api/db/canaries?id=eq.${id}`, 'admin', {
      labels: { x: 'y' },
    });
    expect(patch.status).toBe(409);
    expect(JSON.stringify(patch.json)).toContain('is managed by component/');
    const removed = await call(app, 'DELETE', `/api/db/canaries?id=eq.${id}`, 'admin');
    expect(removed.status).toBe(409);
    const forged = await call(app, 'POST', '/api/db/canaries', 'admin', {
      name: 'forged',
      source: `component/${id}`,
      spec: { http: [{ name: 'x', url: 'http://127.0.0.1:1' }] },
    });
    expect(forged.status).toBe(400);
    expect(await rows(`select labels from canaries where id = $1`, [id])).toEqual([{ labels: {} }]);
    expect(await rows(`select 1 from canaries where name = 'forged'`)).toEqual([]);
  });

  it('refuses a bad inline spec when the topology is written, naming the field', async () => {
    const answer = await call(app, 'POST', '/api/db/topologies', 'editor', {
      name: 'bad-inline',
      spec: { components: [{ name: 'a', checks: [{ inline: { http: [{ name: 'x' }] } }] }] },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('spec.components[0].checks[0].inline.http[0]');
    expect(await rows(`select 1 from topologies where name = 'bad-inline'`)).toEqual([]);
  });

  it('reports a bad inline spec of a forEach in job history instead of dropping it', async () => {
    const id = await createTopology(app, 'for-each-inline', {
      components: [
        {
          name: 'group',
          lookup: { exec: [{ name: 'list', script: `echo '[{"name":"svc"}]'` }] },
          forEach: { checks: [{ inline: { http: [{ name: '$(.component.name)' }] } }] },
        },
      ],
    });
    const answer = await call(app, 'POST', `/api/topology/${id}/run`, 'editor');
    const result = runAnswer.parse(answer.json);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^svc\.checks\[0\]\.inline\.http\[0\]/);
    const [job] = await rows(
      `select status, details from job_history where resource_id = $1 order by created_at desc`,
      [id],
    );
    expect(job?.status).toBe('WARNING');
    expect(JSON.stringify(job?.details)).toContain('svc.checks[0].inline');
  });

  it('retires the canary when the spec no longer declares it, and with the topology', async () => {
    const id = await componentId('inline-canary');
    const spec = inlineSpec(`${target.url}/status/202`);
    const [first] = spec.components;
    const patched = await call(app, 'PATCH', `/api/db/topologies?id=eq.${topologyId}`, 'editor', {
      spec: { ...spec, components: [{ ...first, checks: [] }] },
    });
    expect(patched.status).toBe(200);
    await run();
    expect(
      await rows(`select 1 from canaries where source = $1 and deleted_at is null`, [
        `component/${id}`,
      ]),
    ).toEqual([]);
    expect(
      await rows(
        `select 1 from check_component_relationships where component_id = $1 and deleted_at is null`,
        [id],
      ),
    ).toEqual([]);
    // Back again, then the topology is deleted: its canary goes with it.
    await call(app, 'PATCH', `/api/db/topologies?id=eq.${topologyId}`, 'editor', { spec });
    await run();
    const live = `select 1 from canaries where source like 'component/%' and deleted_at is null`;
    expect(await rows(live)).toHaveLength(1);
    const removed = await call(app, 'DELETE', `/api/db/topologies?id=eq.${topologyId}`, 'editor');
    expect(removed.status).toBe(200);
    expect(await rows(live)).toEqual([]);
  });
});

describe('team ownership', () => {
  it('links owner teams, read as team_components with the team embedded', async () => {
    const id = await createTopology(app, 'owned', inlineSpec(`${target.url}/status/202`));
    await call(app, 'POST', `/api/topology/${id}/run`, 'editor');
    // The same component in a second topology gets a canary of its own, under another name.
    const twin = await createTopology(app, 'twin', inlineSpec(`${target.url}/status/202`));
    const twinRun = await call(app, 'POST', `/api/topology/${twin}/run`, 'editor');
    expect(runAnswer.parse(twinRun.json).errors).toEqual([
      'inline-canary: owner team "ghosts" does not exist',
    ]);
    const names = await rows(
      `select name from canaries where source like 'component/%' and deleted_at is null order by name`,
    );
    expect(names.map((r) => String(r.name))).toEqual([
      'inline-canary',
      expect.stringMatching(/^inline-canary-[0-9a-f]{12}$/),
    ]);
    await call(app, 'DELETE', `/api/db/topologies?id=eq.${twin}`, 'editor');
    const component = await componentId('inline-canary');
    // The spec's call, and the console's embed of the team with its creator.
    const answer = await call(
      app,
      'GET',
      `/api/db/team_components?component_id=eq.${component}&select=*,team`,
      'viewer',
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject([
      {
        component_id: component,
        selector_id: 'topology:owner',
        role: 'owner',
        team: { name: 'platform', icon: 'k8s' },
      },
    ]);
    const embedded = await call(
      app,
      'GET',
      `/api/db/team_components?component_id=eq.${component}&select=*,team:teams(*,created_by(id,name))`,
      'viewer',
    );
    expect(embedded.status, JSON.stringify(embedded.json)).toBe(200);
    expect(embedded.json).toMatchObject([{ team: { name: 'platform', icon: 'k8s' } }]);
    // A renamed team shows at once.
    await rows(`update teams set icon = 'cloud' where name = 'platform'`);
    const renamed = await call(
      app,
      'GET',
      `/api/db/team_components?component_id=eq.${component}&select=team`,
      'viewer',
    );
    expect(renamed.json).toMatchObject([{ team: { name: 'platform', icon: 'cloud' } }]);
    const root = await rows(
      `select t.name from team_components tc join teams t on t.id = tc.team_id
         join components c on c.id = tc.component_id where c.topology_id = $1 and c.parent_id is null`,
      [id],
    );
    expect(root).toEqual([{ name: 'platform' }]);
    const anonymous = await call(app, 'GET', `/api/db/team_components`, 'anonymous');
    expect(anonymous.status).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, useAgentsApi, type CreatedAgent } from './agents-harness.ts';
import { batch, pushHelpers } from './push-fixtures.ts';

const api = useAgentsApi();
const { push, snapshot, everything } = pushHelpers(api);

describe('POST /api/agent/push', () => {
  let edge: CreatedAgent;
  let first: ReturnType<typeof batch>;

  it('writes canaries, checks and statuses, stamped with the agent and its properties', async () => {
    edge = await api.createAgent('edge', { properties: { region: 'eu', cluster: 'prod' } });
    // Transitions are queued only for events a notification subscribes to.
    await api.query(
      `insert into notifications (title, events, template)
     values ('test subscriber', '{check.failed,check.passed}', 'x')`,
    );
    first = batch();
    const reply = await push(edge, first.body);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      accepted: { canaries: 1, checks: 2, check_statuses: 4 },
      missing: { checks: [], check_statuses: [] },
    });
    const [canary] = await api.query(
      `select c.agent_id, c.labels, c.namespace, c.schedule, c.next_runtime, p.name as creator
       from canaries c join people p on p.id = c.created_by where c.id = $1`,
      [first.ids.canary],
    );
    expect(canary).toEqual({
      agent_id: edge.id,
      labels: { region: 'eu', cluster: 'prod', team: 'web' },
      namespace: 'shop',
      schedule: '@every 30s',
      next_runtime: null,
      creator: 'agent-edge',
    });
    expect(await snapshot(edge.id)).toEqual([
      {
        id: first.ids.home,
        name: 'home',
        status: 'unhealthy',
        cum_passed: 2,
        cum_failed: 1,
        agent_id: edge.id,
        // The check's own label wins over the agent's property of the same name.
        labels: { region: 'us', cluster: 'prod' },
        deleted: false,
        statuses: 3,
        hourly: 3,
      },
      {
        id: first.ids.login,
        name: 'login',
        status: 'healthy',
        cum_passed: 1,
        cum_failed: 0,
        agent_id: edge.id,
        labels: { region: 'eu', cluster: 'prod' },
        deleted: false,
        statuses: 1,
        hourly: 1,
      },
    ]);
    const [agent] = await api.query(
      `select last_received is not null as received, last_seen is not null as seen,
         checks_count::int from agents where id = $1`,
      [edge.id],
    );
    expect(agent).toEqual({ received: true, seen: true, checks_count: 2 });
    const events = await api.query(
      `select name from event_queue where properties->>'id' = $1 order by name`,
      [first.ids.home],
    );
    // Queued as for local runs: a check's first result is not a transition, healthy → failed is.
    expect(events).toEqual([{ name: 'check.failed' }]);
  });

  it('is idempotent: the same batch again writes the same rows, counted once', async () => {
    const before = await snapshot(edge.id);
    const totals = await everything();
    const reply = await push(edge, first.body);
    expect(reply.status).toBe(200);
    expect(await snapshot(edge.id)).toEqual(before);
    expect(await everything()).toEqual(totals);
  });

  it('shows the pushed checks on the health summary under the agent', async () => {
    const reply = await api.call('GET', 'canary/api/summary?timeRange=5y', 'viewer');
    expect(reply.status).toBe(200);
    const text = JSON.stringify(reply.json);
    expect(text).toContain(first.ids.home);
    expect(text).toContain('"agent_name":"edge"');
  });

  it('answers rows whose parent it does not have, keeps the rest, and takes them once resent', async () => {
    const next = batch();
    const orphanCheck = { ...next.body.checks[0], canary_id: next.ids.canary };
    const strayStatus = {
      check_id: next.ids.login,
      time: '2026-01-01T13:00:00.000Z',
      status: true,
    };
    const kept = { check_id: first.ids.login, time: '2026-01-01T13:00:00.000Z', status: false };
    const reply = await push(edge, {
      checks: [orphanCheck],
      check_statuses: [strayStatus, kept],
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      accepted: { canaries: 0, checks: 0, check_statuses: 1 },
      missing: {
        checks: [next.ids.home],
        check_statuses: [{ check_id: next.ids.login, time: '2026-01-01T13:00:00.000Z' }],
      },
    });
    expect(await api.query('select id from checks where id = $1', [next.ids.home])).toEqual([]);
    const resent = await push(edge, {
      canaries: next.body.canaries.map((c) => ({ ...c, name: 'web-2' })),
      checks: next.body.checks,
      check_statuses: [strayStatus],
    });
    expect(resent.json).toEqual({
      accepted: { canaries: 1, checks: 2, check_statuses: 1 },
      missing: { checks: [], check_statuses: [] },
    });
    const [login] = await api.query<{ statuses: number }>(
      'select count(*)::int as statuses from check_statuses where check_id = $1',
      [next.ids.login],
    );
    expect(login).toEqual({ statuses: 1 });
  });

  it('stamps its own agent, whatever agent_id the rows carry', async () => {
    const rows = await api.query(
      `select distinct agent_id from checks where id = any($1::uuid[])
       union select distinct agent_id from canaries where id = $2`,
      [[first.ids.home, first.ids.login], first.ids.canary],
    );
    expect(rows).toEqual([{ agent_id: edge.id }]);
  });

  it('lets a canary sent again under a new id replace the older one (an agent whose store was reset)', async () => {
    const again = batch();
    const reply = await push(edge, { canaries: again.body.canaries, checks: again.body.checks });
    expect(reply.status).toBe(200);
    const live = await api.query(
      `select id from canaries where agent_id = $1 and namespace = 'shop' and name = 'web'
       and deleted_at is null`,
      [edge.id],
    );
    expect(live).toEqual([{ id: again.ids.canary }]);
    const old = await snapshot(edge.id);
    expect(old.filter((c) => c.id === first.ids.home)).toEqual([
      expect.objectContaining({ deleted: true }),
    ]);
  });

  it("retires a deleted canary's checks, and never overwrites a canary assigned upstream", async () => {
    const gone = batch();
    await push(edge, {
      canaries: gone.body.canaries.map((c) => ({ ...c, name: 'gone' })),
      checks: gone.body.checks,
    });
    await push(edge, {
      canaries: gone.body.canaries.map((c) => ({
        ...c,
        name: 'gone',
        deleted_at: new Date().toISOString(),
      })),
    });
    const retired = await api.query(
      'select deleted_at is not null as deleted from checks where canary_id = $1',
      [gone.ids.canary],
    );
    expect(retired).toEqual([{ deleted: true }, { deleted: true }]);

    const created = await api.call(
      'POST',
      'db/canaries?select=id',
      'admin',
      {
        name: 'assigned',
        agent_id: edge.id,
        spec: { http: [{ name: 'probe', url: 'http://127.0.0.1:9/' }] },
      },
      { prefer: 'return=representation' },
    );
    expect(created.status).toBe(201);
    const id = z.array(z.object({ id: z.string() })).parse(created.json)[0]?.id ?? '';
    const reply = await push(edge, {
      canaries: [
        {
          id,
          name: 'assigned',
          spec: { http: [{ name: 'other', url: 'http://127.0.0.1:8/' }] },
          labels: { hacked: 'yes' },
        },
      ],
    });
    expect(reply.status).toBe(200);
    const [row] = await api.query('select labels, spec from canaries where id = $1', [id]);
    expect(row).toEqual({
      labels: {},
      spec: { http: [{ name: 'probe', url: 'http://127.0.0.1:9/' }] },
    });
  });

  it('answers 409 when a canary of its own takes the name of an assigned one, writing nothing', async () => {
    const totals = await everything();
    const reply = await push(edge, {
      canaries: [
        {
          id: randomUUID(),
          name: 'assigned',
          spec: { http: [{ name: 'probe', url: 'http://127.0.0.1:9/' }] },
        },
      ],
    });
    expectError(reply, 409, '23505');
    expect(await everything()).toEqual(totals);
  });
});

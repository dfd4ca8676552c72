import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, testActorHeader } from '../app.ts';
import { expectError, useAgentsApi, type CreatedAgent } from './agents-harness.ts';

const api = useAgentsApi();

const feed = z.strictObject({
  version: z.string(),
  canaries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      spec: z.unknown(),
      checks: z.array(z.object({ id: z.string(), type: z.string(), name: z.string() })),
    }),
  ),
});

async function poll(agent: CreatedAgent, query = '') {
  const reply = await api.call('GET', `agent/canaries${query}`, { token: agent.token });
  return { ...reply, feed: reply.status === 200 ? feed.parse(reply.json) : undefined };
}

async function assign(agentId: string, name: string): Promise<string> {
  const created = await api.call(
    'POST',
    'db/canaries?select=id',
    'editor',
    {
      name,
      agent_id: agentId,
      spec: { http: [{ name: 'probe', url: 'http://127.0.0.1:9/' }] },
    },
    { prefer: 'return=representation' },
  );
  expect(created.status).toBe(201);
  return z.array(z.object({ id: z.string() })).parse(created.json)[0]?.id ?? '';
}

describe('GET /api/agent/canaries', () => {
  let edge: CreatedAgent;
  let version = '';
  let assigned = '';

  it('serves the canaries assigned upstream, with the ids of their checks', async () => {
    edge = await api.createAgent('edge');
    const other = await api.createAgent('other');
    assigned = await assign(edge.id, 'assigned');
    await assign(other.id, 'not-mine');
    // The agent's own pushed canaries come from its spec files: never served back.
    await api.call(
      'POST',
      'agent/push',
      { token: edge.token },
      {
        canaries: [
          {
            id: randomUUID(),
            name: 'pushed',
            spec: { http: [{ name: 'probe', url: 'http://127.0.0.1:9/' }] },
          },
        ],
      },
    );
    const reply = await poll(edge);
    expect(reply.status).toBe(200);
    const [checkId] = await api.query<{ id: string }>(
      'select id from checks where canary_id = $1',
      [assigned],
    );
    expect(reply.feed?.canaries).toEqual([
      expect.objectContaining({
        id: assigned,
        name: 'assigned',
        spec: { http: [{ name: 'probe', url: 'http://127.0.0.1:9/' }] },
        checks: [{ id: checkId?.id, type: 'http', name: 'probe' }],
      }),
    ]);
    version = reply.feed?.version ?? '';
    expect(version).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers 304 when nothing changed within the timeout', async () => {
    const started = Date.now();
    const reply = await poll(edge, `?since=${version}&timeout=1`);
    expect(reply.status).toBe(304);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('answers at once when the agent is behind, and within a poll when a canary changes', async () => {
    const behind = await poll(edge, '?since=stale&timeout=30');
    expect(behind.feed?.version).toBe(version);

    const started = Date.now();
    const waiting = poll(edge, `?since=${version}&timeout=20`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const edit = await api.call('PATCH', `db/canaries?id=eq.${assigned}`, 'editor', {
      spec: { http: [{ name: 'probe', url: 'http://127.0.0.1:10/' }] },
    });
    expect(edit.status).toBe(204);
    const changed = await waiting;
    expect(changed.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(changed.feed?.version).not.toBe(version);
    expect(changed.feed?.canaries[0]?.spec).toEqual({
      http: [{ name: 'probe', url: 'http://127.0.0.1:10/' }],
    });
    version = changed.feed?.version ?? '';
  });

  it('drops a canary that is deleted or given to another agent', async () => {
    await api.call('PATCH', `db/canaries?id=eq.${assigned}`, 'editor', {
      deleted_at: new Date().toISOString(),
    });
    const reply = await poll(edge, `?since=${version}&timeout=5`);
    expect(reply.feed?.canaries).toEqual([]);
  });

  it.each([
    ['a timeout over 30 s', '?timeout=31', 'timeout must be at most 30 seconds'],
    ['a negative timeout', '?timeout=-1', 'timeout must be at least 0'],
    ['a timeout that is not a number', '?timeout=soon', 'timeout must be a number of seconds'],
    ['an unknown parameter', '?agent=other', 'Unrecognized key: "agent"'],
  ])('refuses %s with 400', async (_what, query, message) => {
    expect(expectError(await poll(edge, query), 400, 'bad_request')).toBe(message);
  });

  it('ends held polls when the server closes, instead of holding shutdown open', async () => {
    const own = await startTestApp();
    try {
      const created = await fetch(`${own.baseUrl}/api/agent/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [testActorHeader]: 'admin' },
        body: JSON.stringify({ name: 'held' }),
      });
      const { access_token: token } = z
        .object({ access_token: z.string() })
        .parse(await created.json());
      const headers = { authorization: `Bearer ${token}` };
      const first = feed.parse(
        await (await fetch(`${own.baseUrl}/api/agent/canaries`, { headers })).json(),
      );
      const held = fetch(`${own.baseUrl}/api/agent/canaries?since=${first.version}&timeout=30`, {
        headers,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      await own.app.close();
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await held).status).toBe(304);
    } finally {
      await own.api.health.stop();
      await own.database.drop();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { expectError, useAgentsApi, type CreatedAgent } from './agents-harness.ts';

const api = useAgentsApi();

async function lastSeen(id: string): Promise<Date | null> {
  const [row] = await api.query<{ last_seen: Date | null }>(
    'select last_seen from agents where id = $1',
    [id],
  );
  return row?.last_seen ?? null;
}

describe('agent bearer tokens', () => {
  let agent: CreatedAgent;

  it('open the heartbeat, which marks the agent seen and answers its settings', async () => {
    agent = await api.createAgent('edge', {
      properties: { region: 'eu' },
      kubernetes: { enabled: true, interval: '10m', exclusions: ['kube-system'] },
    });
    expect(await lastSeen(agent.id)).toBeNull();
    const reply = await api.call(
      'POST',
      'agent/heartbeat',
      { token: agent.token },
      {
        hostname: 'node-1',
        version: '1.2.3',
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      id: agent.id,
      name: 'edge',
      properties: { region: 'eu' },
      kubernetes: { enabled: true, interval: '10m', exclusions: ['kube-system'] },
    });
    const seen = await lastSeen(agent.id);
    expect(Date.now() - (seen?.getTime() ?? 0)).toBeLessThan(10_000);
    const [row] = await api.query('select hostname, version from agents where id = $1', [agent.id]);
    expect(row).toEqual({ hostname: 'node-1', version: '1.2.3' });
    const summary = await api.call('GET', `db/agents_summary?id=eq.${agent.id}`, 'viewer');
    expect(summary.json).toEqual([expect.objectContaining({ status: 'Online' })]);
  });

  it('mark the agent seen on every call, whatever it is', async () => {
    await api.query(`update agents set last_seen = now() - interval '5 minutes' where id = $1`, [
      agent.id,
    ]);
    const reply = await api.call('GET', 'agent/canaries?timeout=0', { token: agent.token });
    expect(reply.status).toBe(200);
    expect(Date.now() - ((await lastSeen(agent.id))?.getTime() ?? 0)).toBeLessThan(10_000);
  });

  it.each([
    ['a wrong secret', (token: string) => `${token.slice(0, -3)}abc`],
    ['a malformed token', (token: string) => `${token.slice(0, 20)}`],
    ['an unknown token', (token: string) => token.replace(/^vga_[0-9a-f]{4}/, 'vga_0000')],
    ['a token with an extra character', (token: string) => `${token}x`],
  ])('refuse %s with 401, without marking anyone seen', async (_what, spoil) => {
    await api.query(`update agents set last_seen = null where id = $1`, [agent.id]);
    const reply = await api.call('POST', 'agent/heartbeat', { token: spoil(agent.token) }, {});
    expect(expectError(reply, 401, 'unauthenticated')).toBe(
      'The agent access token is unknown or revoked.',
    );
    expect(await lastSeen(agent.id)).toBeNull();
  });

  it('are refused at once when revoked, although a verified token is cached', async () => {
    const other = await api.createAgent('revoked');
    expect((await api.call('POST', 'agent/heartbeat', { token: other.token }, {})).status).toBe(
      200,
    );
    await api.query(
      `delete from access_tokens t using agents a where a.person_id = t.person_id and a.id = $1`,
      [other.id],
    );
    expectError(await api.call('POST', 'agent/heartbeat', { token: other.token }, {}), 401);
  });

  it('are refused once expired', async () => {
    const other = await api.createAgent('expired');
    await api.query(
      `update access_tokens t set expires_at = now() - interval '1 second'
       from agents a where a.person_id = t.person_id and a.id = $1`,
      [other.id],
    );
    expectError(await api.call('POST', 'agent/heartbeat', { token: other.token }, {}), 401);
  });

  it('open nothing outside /api/agent/: an agent carries no role to read with', async () => {
    for (const path of ['db/checks', 'db/agents', 'canary/api/summary', 'auth/whoami']) {
      const reply = await api.call('GET', path, { token: agent.token });
      expect(expectError(reply, 403, 'forbidden')).toBe(
        'Agent access tokens are accepted only by /api/agent/ endpoints.',
      );
    }
  });

  it('are required by the agent endpoints: a session or no one is refused with 401', async () => {
    for (const caller of ['admin', 'anonymous'] as const) {
      for (const [method, path, body] of [
        ['POST', 'agent/push', {}],
        ['POST', 'agent/heartbeat', {}],
        ['GET', 'agent/canaries', undefined],
      ] as const) {
        const reply = await api.call(method, path, caller, body);
        expect(expectError(reply, 401, 'unauthenticated')).toBe(
          'This endpoint needs an agent access token.',
        );
      }
    }
  });

  it('answer the heartbeat 400 for a report it does not know', async () => {
    for (const body of [{ hostname: 'x'.repeat(256) }, { version: 5 }, { uptime: 1 }, 'up']) {
      const reply = await api.call('POST', 'agent/heartbeat', { token: agent.token }, body);
      expectError(reply, 400, 'bad_request');
    }
    const [row] = await api.query('select hostname, version from agents where id = $1', [agent.id]);
    expect(row).toEqual({ hostname: 'node-1', version: '1.2.3' });
  });

  it('verify a token once: later calls skip argon2', async () => {
    const fresh = await api.createAgent('timed');
    const time = async (): Promise<number> => {
      const started = performance.now();
      const reply = await api.call('POST', 'agent/heartbeat', { token: fresh.token }, {});
      expect(reply.status).toBe(200);
      return performance.now() - started;
    };
    const first = await time();
    const later = Math.min(await time(), await time(), await time());
    expect(later).toBeLessThan(first);
  });
});

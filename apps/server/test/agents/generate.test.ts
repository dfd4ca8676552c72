import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, testUserId, useAgentsApi } from './agents-harness.ts';

const api = useAgentsApi();

async function agentCount(): Promise<number> {
  const rows = await api.query<{ n: number }>(
    `select (select count(*)::int from agents) + (select count(*)::int from access_tokens)
       + (select count(*)::int from people where type = 'agent') as n`,
  );
  return rows[0]?.n ?? -1;
}

describe('POST /api/agent/generate', () => {
  it.each(['admin', 'editor'] as const)(
    'lets %s create an agent and answers id, username and token once',
    async (role) => {
      const reply = await api.call('POST', 'agent/generate', role, {
        name: `edge-${role}`,
        description: 'EU cluster',
        properties: { region: 'eu', cluster: 'prod' },
        kubernetes: { enabled: true, interval: '5m', exclusions: ['kube-system'] },
      });
      expect(reply.status).toBe(201);
      const body = z
        .strictObject({ id: z.uuid(), username: z.string(), access_token: z.string() })
        .parse(reply.json);
      expect(body.username).toBe(`agent-edge-${role}`);
      expect(body.access_token).toMatch(/^vga_[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);

      const [agent] = await api.query(
        `select a.name, a.description, a.properties, a.kubernetes, a.created_by, p.type, p.name as person
         from agents a join people p on p.id = a.person_id where a.id = $1`,
        [body.id],
      );
      expect(agent).toEqual({
        name: `edge-${role}`,
        description: 'EU cluster',
        properties: { region: 'eu', cluster: 'prod' },
        kubernetes: { enabled: true, interval: '5m', exclusions: ['kube-system'] },
        created_by: testUserId,
        type: 'agent',
        person: `agent-edge-${role}`,
      });
      const tokens = await api.query<{ value_hash: string }>(
        `select t.value_hash from access_tokens t join agents a on a.person_id = t.person_id
         where a.id = $1`,
        [body.id],
      );
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.value_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(tokens[0]?.value_hash).not.toContain(body.access_token.slice(4));
    },
  );

  it('fills the kubernetes defaults: disabled, every 30m, no exclusions', async () => {
    const { id } = await api.createAgent('defaults');
    const [agent] = await api.query(
      'select description, properties, kubernetes from agents where id = $1',
      [id],
    );
    expect(agent).toEqual({
      description: null,
      properties: {},
      kubernetes: { enabled: false, interval: '30m', exclusions: [] },
    });
  });

  it('never shows the token again: not in the data API, and access_tokens is not exposed', async () => {
    const { id, token } = await api.createAgent('secretive');
    const list = await api.call('GET', `db/agents?id=eq.${id}`, 'admin');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).not.toContain(token.slice(4, 36));
    const summary = await api.call('GET', `db/agents_summary?id=eq.${id}`, 'admin');
    expect(JSON.stringify(summary.json)).not.toContain(token.slice(4, 36));
    expectError(await api.call('GET', 'db/access_tokens', 'admin'), 404);
  });

  it.each(['commander', 'responder', 'viewer'] as const)(
    'refuses %s with 403 and writes nothing',
    async (role) => {
      const before = await agentCount();
      const reply = await api.call('POST', 'agent/generate', role, { name: `no-${role}` });
      expect(expectError(reply, 403, 'forbidden')).toBe(
        'You do not have write permission on agents.',
      );
      expect(await agentCount()).toBe(before);
    },
  );

  it('refuses a caller without a session with 401, before reading the body', async () => {
    const before = await agentCount();
    expectError(await api.call('POST', 'agent/generate', 'anonymous', { name: 'x' }), 401);
    expectError(await api.call('POST', 'agent/generate', 'anonymous', 'not json'), 401);
    expect(await agentCount()).toBe(before);
  });

  it('refuses an agent token: agents do not create agents', async () => {
    const { token } = await api.createAgent('creator');
    const before = await agentCount();
    expectError(await api.call('POST', 'agent/generate', { token }, { name: 'child' }), 403);
    expect(await agentCount()).toBe(before);
  });

  it.each([
    ['no body', undefined, /expected object/],
    ['a list', [{ name: 'x' }], /expected object/],
    ['no name', { description: 'x' }, /^name is required$/],
    ['a blank name', { name: '   ' }, /^name is required$/],
    ['a name that is not text', { name: 42 }, /^name is required$/],
    ['a name with a newline', { name: 'a\nb' }, /control characters/],
    ['a long name', { name: 'x'.repeat(256) }, /at most 255/],
    ['an unknown field', { name: 'x', token: 'mine' }, /Unrecognized key: "token"/],
    ['properties that are not labels', { name: 'x', properties: { a: 1 } }, /^properties\.a: /],
    [
      'an unknown interval',
      { name: 'x', kubernetes: { interval: '3m' } },
      /interval must be one of/,
    ],
    ['enabled as text', { name: 'x', kubernetes: { enabled: 'yes' } }, /^kubernetes\.enabled: /],
    [
      'exclusions as text',
      { name: 'x', kubernetes: { exclusions: 'a' } },
      /^kubernetes\.exclusions/,
    ],
  ])('refuses %s with 400 and writes nothing', async (_what, body, message) => {
    const before = await agentCount();
    const reply = await api.call('POST', 'agent/generate', 'admin', body);
    expect(expectError(reply, 400, 'bad_request')).toMatch(message);
    expect(await agentCount()).toBe(before);
  });

  it('refuses a duplicate name with 409 and writes nothing', async () => {
    await api.createAgent('twin');
    const before = await agentCount();
    const reply = await api.call('POST', 'agent/generate', 'editor', { name: ' twin ' });
    expect(expectError(reply, 409, 'conflict')).toBe('An agent named "twin" already exists.');
    expect(await agentCount()).toBe(before);
  });

  it('lets one of two simultaneous creations of a name win; the other gets 409', async () => {
    const replies = await Promise.all(
      [1, 2, 3].map(() => api.call('POST', 'agent/generate', 'admin', { name: 'racer' })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const reply of replies.filter((r) => r.status === 409))
      expectError(reply, 409, 'conflict');
    const rows = await api.query(`select id from agents where name = 'racer'`);
    expect(rows).toHaveLength(1);
  });

  it('lets the name of a deleted agent be used again', async () => {
    const { id } = await api.createAgent('reborn');
    const deleted = await api.call('PATCH', `db/agents?id=eq.${id}`, 'admin', {
      deleted_at: new Date().toISOString(),
    });
    expect(deleted.status).toBe(204);
    const again = await api.createAgent('reborn');
    expect(again.id).not.toBe(id);
  });
});

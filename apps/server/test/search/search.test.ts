import { searchResponseSchema, type Role, type SearchHit } from '@vigil/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testActorHeader } from '../app.ts';
import { ids, useDataApi } from '../data-api/helpers.ts';

const api = useDataApi();

async function search(query: string, role: Role | 'anonymous' = 'viewer') {
  const headers: Record<string, string> = role === 'anonymous' ? {} : { [testActorHeader]: role };
  const response = await fetch(`${api.baseUrl}/api/search?${query}`, { headers });
  const body: unknown = await response.json();
  return { status: response.status, body };
}

async function hits(text: string, role: Role = 'viewer'): Promise<SearchHit[]> {
  const { status, body } = await search(`q=${encodeURIComponent(text)}`, role);
  expect(status).toBe(200);
  return searchResponseSchema.parse(body).results;
}

const notificationId = '01900000-0000-7000-8000-0000000000b0';

beforeAll(async () => {
  await api.query(
    `insert into notifications (id, name, events) values ($1, 'db pager', '{check.failed}')`,
    [notificationId],
  );
  await api.query(`insert into checks (canary_id, type, name) values ($1, 'http', 'db-api')`, [
    ids.canaryHttp,
  ]);
  await api.query(
    `insert into checks (canary_id, type, name, deleted_at) values ($1, 'http', 'db-gone', now())`,
    [ids.canaryHttp],
  );
});

describe('GET /api/search', () => {
  it('finds each area by name, exact and prefix matches first, with where to open it', async () => {
    const found = await hits('db', 'admin');
    expect(found.map((hit) => [hit.kind, hit.title])).toEqual([
      ['connection', 'db'],
      ['check', 'db-api'],
      ['notification', 'db pager'],
    ]);
    expect(found[0]).toMatchObject({
      id: ids.connection,
      href: `/settings/connections?id=${ids.connection}`,
      rank: 0,
    });
    expect(found.find((hit) => hit.kind === 'check')?.href).toMatch(/^\/health\?checkId=/);
  });

  it('finds checks, canaries, agents, people and config items', async () => {
    expect((await hits('homepage')).map((hit) => hit.kind)).toEqual(['check']);
    expect(await hits('http-can')).toEqual([
      expect.objectContaining({ kind: 'canary', href: `/settings/canaries/${ids.canaryHttp}` }),
    ]);
    expect(await hits('edge')).toEqual([
      expect.objectContaining({ kind: 'agent', href: `/agents?id=${ids.edge}` }),
    ]);
    expect((await hits('prod-cluster')).map((hit) => hit.kind)).toEqual(['config']);
    expect(await hits('alice@example', 'admin')).toEqual([
      expect.objectContaining({ kind: 'person', title: 'Alice', subtitle: 'alice@example.com' }),
    ]);
  });

  it('ranks a word of the name above a match inside it', async () => {
    const found = await hits('api');
    expect(found.map((hit) => [hit.title, hit.rank])).toEqual([
      ['api', 0],
      ['db-api', 2],
    ]);
  });

  it('treats % and _ as the characters they are', async () => {
    expect(await hits('%')).toEqual([]);
    expect(await hits('_')).toEqual([]);
  });

  it('applies read permission per area: a viewer finds no connection or person', async () => {
    expect((await hits('db', 'viewer')).map((hit) => hit.kind)).toEqual(['check', 'notification']);
    expect(await hits('alice', 'viewer')).toEqual([]);
    expect((await hits('db', 'editor')).map((hit) => hit.kind)).toContain('connection');
    expect((await hits('alice', 'commander')).map((hit) => hit.kind)).toEqual([]);
    expect((await hits('homepage', 'responder')).map((hit) => hit.kind)).toEqual(['check']);
  });

  it('answers 401 without a session', async () => {
    const { status, body } = await search('q=db', 'anonymous');
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses a missing, blank or too long text and a bad limit, naming the field', async () => {
    for (const query of ['', 'q=', 'q=%20%20', `q=${'x'.repeat(101)}`]) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('q') });
    }
    for (const limit of ['0', '51', 'banana']) {
      const { status, body } = await search(`q=db&limit=${limit}`);
      expect(status, limit).toBe(400);
      expect(body).toMatchObject({ message: expect.stringContaining('limit') });
    }
  });

  it('keeps to the limit', async () => {
    expect(await hits('e', 'admin')).not.toHaveLength(0);
    const { body } = await search('q=e&limit=2', 'admin');
    expect(searchResponseSchema.parse(body).results).toHaveLength(2);
  });
});

import { can, roles } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectPgrstError,
  ids,
  startDataApi,
  type Caller,
  type DataApiTestContext,
} from './helpers.ts';

let api: DataApiTestContext;
let firstColumn: Map<string, string>;
let views: Set<string>;
beforeAll(async () => {
  api = await startDataApi();
  const rows = await api.query<{ relname: string; attname: string; relkind: string }>(`
    select distinct on (c.relname) c.relname, a.attname, c.relkind::text
    from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0
    where c.relnamespace = 'public'::regnamespace order by c.relname, a.attnum`);
  firstColumn = new Map(rows.map((row) => [row.relname, row.attname]));
  views = new Set(rows.filter((row) => row.relkind === 'v').map((row) => row.relname));
});
afterAll(async () => {
  await api.close();
});

const callers: readonly Caller[] = [...roles, 'anonymous'];

function allowed(caller: Caller, object: Parameters<typeof can>[1][number], write: boolean) {
  if (caller === 'anonymous') return false;
  return can([caller], [object], write ? 'write' : 'read');
}

/** Writes that pass the matrix but that a resource's own rules refuse (write hooks). */
const domainRefusals = new Map([
  ['POST identities', 400],
  ['PATCH identities', 400],
  // Agents are created by POST /api/agent/generate (with their token) and only soft-deleted.
  ['POST agents', 405],
  ['DELETE agents', 405],
  // Config links are created and deleted, never edited (only manual ones, see catalog tests).
  ['PATCH config_relationships', 400],
  ['PATCH config_component_relationships', 400],
  // A membership is added and removed, never edited (settings/teams.test.ts).
  ['PATCH team_members', 400],
]);

/** The argument each function is called with: a config id, or a component id. */
const functionArgument = new Map([['lookup_analysis_by_component', 'id']]);

function roleOf(caller: Caller): { role: Caller } {
  return { role: caller };
}

describe('every resource, every caller', () => {
  it.each(callers)('%s reads exactly what the matrix allows', async (caller) => {
    for (const resource of api.api.dataApi.declared.resources) {
      const response = await api.request(`${resource.name}?limit=1`, roleOf(caller));
      const refused = caller === 'anonymous' ? 401 : 403;
      const expected = allowed(caller, resource.object, false) ? 200 : refused;
      expect([resource.name, response.status]).toEqual([resource.name, expected]);
      if (expected !== 200) expectPgrstError(response.json, '42501');
    }
  });

  it.each(callers)('%s writes exactly what the matrix allows', async (caller) => {
    for (const resource of api.api.dataApi.declared.resources) {
      const column = firstColumn.get(resource.name) ?? 'id';
      const readOnly = resource.readOnly === true || views.has(resource.name);
      const refused = caller === 'anonymous' ? 401 : 403;
      const writes = [
        api.request(resource.name, { ...roleOf(caller), method: 'POST', body: [] }),
        api.request(`${resource.name}?${column}=is.null`, { ...roleOf(caller), method: 'DELETE' }),
        api.request(`${resource.name}?${column}=is.null`, {
          ...roleOf(caller),
          method: 'PATCH',
          body: {},
        }),
      ];
      const methods = ['POST', 'DELETE', 'PATCH'];
      for (const [index, response] of (await Promise.all(writes)).entries()) {
        const domainRule = domainRefusals.get(`${methods[index] ?? ''} ${resource.name}`);
        const expected = !allowed(caller, resource.writeObject ?? resource.object, true)
          ? refused
          : readOnly
            ? 405
            : (domainRule ?? [201, 204]);
        expect([resource.name, response.status]).toEqual([
          resource.name,
          typeof expected === 'number' ? expected : expect.toBeOneOf(expected),
        ]);
        if (typeof expected === 'number') expectPgrstError(response.json);
        if (expected === 401 || expected === 403) expectPgrstError(response.json, '42501');
      }
    }
  });

  it.each(callers)('%s may call the read-only functions', async (caller) => {
    for (const fn of api.api.dataApi.declared.functions) {
      const argument = functionArgument.get(fn.name) ?? 'config_id';
      const response = await api.request(
        `rpc/${fn.name}?${argument}=${ids.cluster}`,
        roleOf(caller),
      );
      const refused = caller === 'anonymous' ? 401 : 403;
      expect(response.status).toBe(allowed(caller, fn.object, false) ? 200 : refused);
    }
  });
});

describe('the matrix, spelled out', () => {
  it.each([
    ['viewer', 'GET', 'connections', 403],
    ['viewer', 'GET', 'identities', 403],
    ['editor', 'GET', 'identities', 200],
    ['editor', 'POST', 'connections', 403],
    ['editor', 'POST', 'canaries', 201],
    ['commander', 'POST', 'canaries', 403],
    ['commander', 'POST', 'incidents', 201],
    ['responder', 'POST', 'comments', 201],
    ['responder', 'POST', 'playbooks', 403],
    ['viewer', 'POST', 'comments', 403],
    ['admin', 'POST', 'person_roles', 201],
    ['editor', 'POST', 'person_roles', 403],
    ['viewer', 'GET', 'people', 200],
    ['admin', 'POST', 'people', 201],
    ['editor', 'POST', 'people', 403],
    ['commander', 'POST', 'people', 403],
    ['responder', 'POST', 'people', 403],
    ['viewer', 'POST', 'people', 403],
  ] as const)('%s %s %s → %i', async (role, method, resource, status) => {
    const response = await api.request(resource, {
      role,
      method,
      ...(method === 'POST' ? { body: [] } : {}),
    });
    expect(response.status).toBe(status);
  });

  it.each([
    ['admin', 204],
    ['editor', 403],
    ['commander', 403],
    ['responder', 403],
    ['viewer', 403],
  ] as const)("%s PATCHing another person's deleted_at and email → %i", async (role, status) => {
    const response = await api.request(`people?id=eq.${ids.bob}`, {
      role,
      method: 'PATCH',
      body: { deleted_at: '2026-01-01T00:00:00Z', email: 'mallory@example.com' },
    });
    expect(response.status).toBe(status);
    const [bob] = await api.query(`select email, deleted_at from people where id = $1`, [ids.bob]);
    if (status === 403) {
      expectPgrstError(response.json, '42501');
      expect(bob).toEqual({ email: 'bob@example.com', deleted_at: null });
    } else {
      expect(bob?.email).toBe('mallory@example.com');
      await api.query(
        `update people set email = 'bob@example.com', deleted_at = null where id = $1`,
        [ids.bob],
      );
    }
  });

  it('refuses every anonymous write with 401 42501 before any SQL runs', async () => {
    const before = await api.query(`select count(*)::int as n from properties`);
    const { status, error } = await api
      .client('anonymous')
      .from('properties')
      .insert({ name: 'anon', value: 'x' });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    const update = await api
      .client('anonymous')
      .from('properties')
      .update({ value: 'x' })
      .neq('name', '');
    expect(update.status).toBe(401);
    expect(await api.query(`select count(*)::int as n from properties`)).toEqual(before);
  });

  it('refuses anonymous reads with 401 42501', async () => {
    const { status, error } = await api
      .client('anonymous')
      .from('people')
      .select('name')
      .eq('id', ids.alice);
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('authorises embedded resources too', async () => {
    const embedded = await api.request('people?select=name,connections(name)', { role: 'viewer' });
    expect(embedded.status).toBe(403);
    const inner = await api.request('agents?select=name,creator:created_by(name)', {
      role: 'viewer',
    });
    expect(inner.status).toBe(200);
  });

  it('authorises the representation of a write', async () => {
    const response = await api.request('teams?select=name,connections(name)', {
      method: 'POST',
      role: 'responder',
      body: { name: 'x' },
    });
    expect(response.status).toBe(403);
    const commander = await api.request('comments?select=comment,incidents(title)', {
      method: 'POST',
      role: 'commander',
      body: { incident_id: ids.incident, comment: 'on it' },
      headers: { prefer: 'return=representation' },
    });
    expect(commander.status).toBe(201);
    expect(commander.json).toEqual([{ comment: 'on it', incidents: { title: 'Checkout down' } }]);
  });

  it('does not trust an unknown test role', async () => {
    const response = await api.request('properties', {
      method: 'POST',
      role: 'anonymous',
      headers: { 'x-vigil-test-role': 'root' },
      body: { name: 'root', value: 'x' },
    });
    expect(response.status).toBe(401);
  });
});

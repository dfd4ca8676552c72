import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually, startTarget, type Target } from '../health/health-harness.ts';
import type { TestBrowser } from './browser.ts';
import { useIdentityApp } from './flow-helpers.ts';
import { startOidcProvider, type TestOidcProvider, type TestOidcUser } from './oidc-provider.ts';
import { hostedClientSecret, hostedSettings, signInHosted } from './hosted-settings.ts';

// Hosted mode keeps each organisation's data in its own schema (ADR 0011): two organisations
// on one server never see each other's rows, through the data API, area routes or workers.
const clientSecret = hostedClientSecret;
let op: TestOidcProvider;
let target: Target;
const hosted = hostedSettings(() => op);
beforeAll(async () => {
  op = await startOidcProvider('vigil-hosted', clientSecret);
  target = await startTarget();
});
afterAll(async () => {
  await target.close();
  await op.close();
});
const { app, browser } = useIdentityApp({ hosted });

const signIn = (b: TestBrowser, user: TestOidcUser): Promise<string> =>
  signInHosted(app(), op, b, user);

const person = (sub: string, orgs: string[]): TestOidcUser => ({
  sub,
  email: `${sub}@example.com`,
  email_verified: true,
  name: `${sub} Person`,
  org_id: orgs,
  org_name: orgs[0],
});

const orgList = z.object({
  active: z.string().nullable(),
  organizations: z.array(z.object({ id: z.string(), name: z.string() })),
});
const names = z.array(z.object({ name: z.string() }));

async function namesOf(b: TestBrowser, table: string): Promise<string[]> {
  const answer = await b.get(`/api/db/${table}?select=name&order=name`);
  expect(answer.status).toBe(200);
  return names.parse(answer.data).map((row) => row.name);
}

async function rows(text: string): Promise<Array<Record<string, unknown>>> {
  return (await app().database.db.pool.query<Record<string, unknown>>(text)).rows;
}

const schemaOf = (id: string): string => `org_${id.replaceAll('-', '')}`;
const canary = (name: string, every: string) => ({
  name,
  namespace: 'default',
  spec: { schedule: every, http: [{ name: `${name}-home`, url: `${target.url}/` }] },
});

describe('organisations on one server', () => {
  const ann = (): TestBrowser => annBrowser;
  let annBrowser: TestBrowser;
  let bob: TestBrowser;
  let acmeId = '';
  let globexId = '';

  beforeAll(async () => {
    annBrowser = browser();
    bob = browser();
    // Bob brings Globex in (its admin); Ann brings Acme in and joins Globex as a viewer.
    await signIn(bob, person('bob', ['Globex']));
    await signIn(annBrowser, person('ann', ['Acme', 'Globex']));
    const listed = orgList.parse((await ann().get('/api/auth/organizations')).data);
    acmeId = listed.organizations.find((o) => o.name === 'Acme')?.id ?? '';
    globexId = listed.organizations.find((o) => o.name === 'Globex')?.id ?? '';
    expect(listed.active).toBe(acmeId);
  });

  it('provisions each organisation with its own tables and its members as people', async () => {
    for (const id of [acmeId, globexId]) {
      const tables = await rows(
        `select count(*)::int as n from pg_tables where schemaname = '${schemaOf(id)}'
         and tablename in ('canaries', 'checks', 'check_statuses', 'connections', 'people')`,
      );
      expect(tables).toEqual([{ n: 5 }]);
    }
    const acmePeople = await rows(`select email from ${schemaOf(acmeId)}.people order by email`);
    expect(acmePeople).toEqual([{ email: 'ann@example.com' }]);
  });

  it('keeps rows created in one organisation out of the other, through the data API', async () => {
    const created = await ann().post('/api/db/canaries', canary('acme-web', '@every 1s'));
    expect(created.status).toBe(201);
    const connection = await ann().post('/api/db/connections', {
      name: 'acme-db',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://ops:secret@127.0.0.1:5432/app',
    });
    expect(connection.status).toBe(201);
    expect((await bob.post('/api/db/canaries', canary('globex-web', '@every 1h'))).status).toBe(
      201,
    );

    expect(await namesOf(ann(), 'canaries')).toEqual(['acme-web']);
    expect(await namesOf(ann(), 'checks')).toEqual(['acme-web-home']);
    expect(await namesOf(ann(), 'connections')).toEqual(['acme-db']);
    expect(await namesOf(bob, 'canaries')).toEqual(['globex-web']);
    expect(await namesOf(bob, 'checks')).toEqual(['globex-web-home']);
    expect(await namesOf(bob, 'connections')).toEqual([]);
    // By id as well: the other organisation's row does not exist for bob.
    const [acmeCanary] = await rows(`select id from ${schemaOf(acmeId)}.canaries`);
    const byId = await bob.get(`/api/db/canaries?id=eq.${String(acmeCanary?.id)}`);
    expect(byId.data).toEqual([]);
    expect(await rows(`select count(*)::int as n from public.canaries`)).toEqual([{ n: 0 }]);
  });

  it('keeps them apart through an area route too', async () => {
    const annSummary = JSON.stringify((await ann().get('/api/canary/api/summary')).data);
    const bobSummary = JSON.stringify((await bob.get('/api/canary/api/summary')).data);
    expect(annSummary).toContain('acme-web-home');
    expect(annSummary).not.toContain('globex-web');
    expect(bobSummary).toContain('globex-web-home');
    expect(bobSummary).not.toContain('acme-web');
  });

  it('shows the other organisation once the session switches to it, and back', async () => {
    expect((await ann().post('/api/auth/organizations/active', { id: globexId })).status).toBe(200);
    expect(await namesOf(ann(), 'canaries')).toEqual(['globex-web']);
    const globexPeople = await rows(
      `select email from ${schemaOf(globexId)}.people order by email`,
    );
    expect(globexPeople).toEqual([{ email: 'ann@example.com' }, { email: 'bob@example.com' }]);
    expect((await ann().post('/api/auth/organizations/active', { id: acmeId })).status).toBe(200);
    expect(await namesOf(ann(), 'canaries')).toEqual(['acme-web']);
  });

  it('refuses a switch to an organisation the person is not a member of', async () => {
    const refused = await bob.post('/api/auth/organizations/active', { id: acmeId });
    expect(refused.status).toBe(404);
    expect(await namesOf(bob, 'canaries')).toEqual(['globex-web']);
  });

  it("runs each organisation's checks in its own schema", async () => {
    const workers = app().api.organizations?.workers;
    workers?.start();
    await expect.poll(() => workers?.running().length, { timeout: 15_000 }).toBe(2);
    const acme = schemaOf(acmeId);
    const globex = schemaOf(globexId);
    await eventually(
      async () => {
        const [found] = await rows(`select count(*)::int as n from ${acme}.check_statuses`);
        return Number(found?.n) > 0 ? true : undefined;
      },
      20_000,
      "acme's check results",
    );
    // Every result in acme's schema is of an acme check; none reached public or globex.
    expect(
      await rows(
        `select count(*)::int as n from ${acme}.check_statuses s
         where not exists (select 1 from ${acme}.checks c where c.id = s.check_id)`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(await rows(`select count(*)::int as n from public.check_statuses`)).toEqual([{ n: 0 }]);
    expect(
      await rows(
        `select count(*)::int as n from ${globex}.check_statuses s
         join ${acme}.checks c on c.id = s.check_id`,
      ),
    ).toEqual([{ n: 0 }]);
    const annStatus = JSON.stringify((await ann().get('/api/canary/api/summary')).data);
    expect(annStatus).toContain('acme-web-home');
  });
});

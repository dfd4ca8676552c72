import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestBrowser } from './browser.ts';
import { useIdentityApp } from './flow-helpers.ts';
import { startOidcProvider, type TestOidcProvider, type TestOidcUser } from './oidc-provider.ts';
import {
  acmeUser as acme,
  hostedClientSecret,
  hostedSettings,
  signInHosted,
} from './hosted-settings.ts';

let op: TestOidcProvider;
beforeAll(async () => {
  op = await startOidcProvider('vigil-hosted', hostedClientSecret);
});
afterAll(async () => {
  await op.close();
});
const { app, browser } = useIdentityApp({ hosted: hostedSettings(() => op) });

/** Signs in, leaving new organisations to provisioning; answers where the browser landed. */
const signIn = (b: TestBrowser, user: TestOidcUser): Promise<string> =>
  signInHosted(app(), op, b, user, { returnTo: '/health', provision: false });

/** whoami once the organisation's provisioning has run. */
async function readyWhoami(b: TestBrowser) {
  await app().api.organizations?.provision();
  return b.get('/api/auth/whoami');
}

const orgAnswer = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(z.string()).optional(),
});
const orgList = z.object({ active: z.string().nullable(), organizations: z.array(orgAnswer) });
const problemCode = z.object({ code: z.string() });

describe('organisations', () => {
  it('shows provisioning (404, then 503) until the organisation is ready', async () => {
    const b = browser();
    expect(await signIn(b, { sub: 'solo', email: 'solo@example.com', name: 'Solo' })).toBe(
      '/health',
    );
    const none = await b.get('/api/auth/whoami');
    expect(none.status).toBe(404);
    expect((await b.get('/api/auth/organizations')).data).toEqual({
      active: null,
      organizations: [],
    });
    // Signed in, but in no organisation: the data API sees no one.
    expect((await b.get('/api/db/teams')).status).toBe(401);

    const created = await b.post('/api/auth/organizations', { name: '  Solo Corp ' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Solo Corp' });
    const createdId = orgAnswer.parse(created.data).id;
    const schema = `org_${createdId.replaceAll('-', '')}`;
    await app().database.db.pool.query(
      `update organizations set status = 'provisioning', backend_url = null where id = $1`,
      [createdId],
    );
    const waiting = await b.get('/api/auth/whoami');
    expect([waiting.status, problemCode.parse(waiting.data).code]).toEqual([503, 'provisioning']);
    const ready = await readyWhoami(b);
    expect(ready.data).toMatchObject({
      payload: { roles: ['admin'], organization: { name: 'Solo Corp', status: 'ready' } },
    });
    const found = await app().database.db.pool.query(
      'select 1 from pg_namespace where nspname = $1',
      [schema],
    );
    expect(found.rowCount).toBe(1);
  });

  it('refuses bad organisation input and anonymous callers, writing nothing', async () => {
    const b = browser();
    await signIn(b, acme('ann'));
    const count = async () =>
      z
        .object({ n: z.number() })
        .parse(
          (await app().database.db.pool.query('select count(*)::int as n from organizations'))
            .rows[0],
        ).n;
    const before = await count();
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 7 },
    ]) {
      const answer = await b.post('/api/auth/organizations', body);
      expect(answer.status).toBe(400);
    }
    expect((await browser().post('/api/auth/organizations', { name: 'Anon' })).status).toBe(401);
    expect((await browser().get('/api/auth/organizations')).status).toBe(401);
    expect((await browser().get('/api/auth/whoami')).status).toBe(401);
    expect(await count()).toBe(before);
    const crossSite = await b.http.post(
      `${app().baseUrl}/api/auth/organizations`,
      { name: 'Forged' },
      { headers: { Origin: 'https://evil.example' }, validateStatus: () => true },
    );
    expect(crossSite.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('switches only to organisations the person belongs to, with that membership role', async () => {
    const b = browser();
    await signIn(b, acme('vic'));
    const own = await b.post('/api/auth/organizations', { name: 'Vic Labs' });
    expect((await readyWhoami(b)).data).toMatchObject({
      payload: { roles: ['admin'], organization: { name: 'Vic Labs' } },
    });
    const listed = orgList.parse((await b.get('/api/auth/organizations')).data);
    expect(listed.active).toBe(orgAnswer.parse(own.data).id);
    expect(listed.organizations.map((o) => o.name)).toEqual(['Acme', 'Vic Labs']);
    const acmeId = listed.organizations[0]?.id ?? '';

    for (const body of [{}, { id: 'acme' }, { id: 12 }]) {
      expect((await b.post('/api/auth/organizations/active', body)).status).toBe(400);
    }
    expect((await b.post('/api/auth/organizations/active', { id: randomUUID() })).status).toBe(404);
    const stranger = browser();
    await signIn(stranger, { sub: 'stranger', email: 'stranger@example.com', name: 'S' });
    expect((await stranger.post('/api/auth/organizations/active', { id: acmeId })).status).toBe(
      404,
    );
    expect((await browser().post('/api/auth/organizations/active', { id: acmeId })).status).toBe(
      401,
    );

    const switched = await b.post('/api/auth/organizations/active', { id: acmeId });
    expect([switched.status, orgAnswer.parse(switched.data).roles]).toEqual([200, ['viewer']]);
    expect((await b.get('/api/auth/whoami')).data).toMatchObject({
      payload: { roles: ['viewer'], organization: { name: 'Acme' } },
    });
    expect((await b.post('/api/db/teams', { name: 'vic-in-acme' })).status).toBe(403);
  });

  it('signs out through the logout flow', async () => {
    const b = browser();
    await signIn(b, acme('ann'));
    const flow = z
      .object({ logout_token: z.string() })
      .parse((await b.get('/api/identity/self-service/logout/browser')).data);
    const out = await b.get(`/api/identity/self-service/logout?token=${flow.logout_token}`);
    expect(out.status).toBe(204);
    expect((await b.get('/api/auth/whoami')).status).toBe(401);
  });

  it('signs out to /login when the provider names no end_session_endpoint', async () => {
    const b = browser();
    await signIn(b, acme('ann'));
    const out = await b.post('/api/auth/hosted/logout', {});
    expect([out.status, out.data]).toEqual([200, { redirect_to: '/login' }]);
    expect((await b.get('/api/auth/whoami')).status).toBe(401);
  });
});

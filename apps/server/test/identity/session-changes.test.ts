import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { newBrowser, type TestBrowser } from './browser.ts';
import { registerAdmin } from './flow-helpers.ts';

// Two replicas on one database, each caching a resolved session for a minute: a change made
// on one must reach the other's cache at once, not when the entry expires.
const cacheMs = 60_000;
let one: TestApp | undefined;
let two: TestApp | undefined;

beforeAll(async () => {
  one = await startTestApp({ actorCacheMs: cacheMs });
  two = await startTestApp({ actorCacheMs: cacheMs, database: one.database });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

function replica(which: TestApp | undefined): TestApp {
  if (!which) throw new Error('the replicas start in beforeAll');
  return which;
}

/** The same browser (its cookies) against another replica. */
function on(which: TestApp | undefined, b: TestBrowser): TestBrowser {
  const moved = newBrowser(replica(which).baseUrl);
  for (const [name, value] of b.cookies) moved.cookies.set(name, value);
  return moved;
}

/** Invites a person with a role on replica one and signs them in through the link. */
async function invite(adminBrowser: TestBrowser, email: string, role: string) {
  const invited = await adminBrowser.post('/api/auth/invite_user', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    role,
  });
  expect(invited.status).toBe(200);
  const body: unknown = invited.data;
  const link =
    typeof body === 'object' && body && 'recovery_link' in body ? body.recovery_link : '';
  const invitee = newBrowser(replica(one).baseUrl);
  const id = typeof body === 'object' && body && 'id' in body ? String(body.id) : '';
  await invitee.get(String(link).replace(replica(one).baseUrl, ''), { Accept: 'text/html' });
  expect(invitee.cookies.get('vigil_session')).toBeDefined();
  return { id, invitee };
}

/** Inviting with an empty body: 400 when allowed to invite, 403 or 401 when not. Writes nothing. */
const probeInvite = async (b: TestBrowser): Promise<number> =>
  (await b.post('/api/auth/invite_user', {})).status;

/** How long until probe answers status, polling; fails after a second. */
async function msUntil(status: number, probe: () => Promise<number>): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await probe();
    const elapsed = Date.now() - started;
    if (answer === status) return elapsed;
    if (elapsed > 1000) throw new Error(`still ${answer} after ${elapsed} ms, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('session changes reach every replica at once', () => {
  let admin: TestBrowser;

  beforeAll(async () => {
    admin = newBrowser(replica(one).baseUrl);
    await registerAdmin(admin);
  });

  it('a demoted admin loses the role on the other replica at once', async () => {
    const { id, invitee } = await invite(admin, 'demoted@example.com', 'admin');
    const elsewhere = on(two, invitee);
    expect(await probeInvite(elsewhere)).toBe(400);
    const demoted = await admin.post(`/api/rbac/${id}/update_role`, { roles: ['viewer'] });
    expect(demoted.status).toBe(200);
    expect(await msUntil(403, () => probeInvite(elsewhere))).toBeLessThan(1000);
  });

  it("a deleted admin's cookie cannot invite on the other replica", async () => {
    const { id, invitee } = await invite(admin, 'deleted@example.com', 'admin');
    const elsewhere = on(two, invitee);
    expect(await probeInvite(elsewhere)).toBe(400);
    const deleted = await admin.http.delete(
      `${replica(one).baseUrl}/api/db/identities?id=eq.${id}`,
      { validateStatus: () => true },
    );
    expect(deleted.status).toBe(204);
    expect(await msUntil(401, () => probeInvite(elsewhere))).toBeLessThan(1000);
    const attempt = await elsewhere.post('/api/auth/invite_user', {
      firstName: 'Eve',
      lastName: 'Intruder',
      email: 'eve@example.com',
      role: 'admin',
    });
    expect(attempt.status).toBe(401);
    const eve = await replica(one).database.db.pool.query(
      `select 1 from identities where traits->>'email' = 'eve@example.com'`,
    );
    expect(eve.rowCount).toBe(0);
  });

  it('a person soft-deleted on one replica is refused on the other at once', async () => {
    const { id, invitee } = await invite(admin, 'soft-deleted@example.com', 'viewer');
    const elsewhere = on(two, invitee);
    // The invitation's own notices settle first, so that the session is cached when deleted.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await elsewhere.get('/api/db/canaries?limit=1')).status).toBe(200);
    expect((await elsewhere.get('/api/db/canaries?limit=1')).status).toBe(200);
    const patched = await admin.http.patch(
      `${replica(one).baseUrl}/api/db/people?id=eq.${id}`,
      { deleted_at: new Date().toISOString() },
      { validateStatus: () => true },
    );
    expect(patched.status).toBe(204);
    expect(
      await msUntil(401, async () => (await elsewhere.get('/api/db/canaries?limit=1')).status),
    ).toBeLessThan(1000);
  });

  it('a session logged out on one replica is refused on the other at once', async () => {
    const { invitee } = await invite(admin, 'leaving@example.com', 'viewer');
    const elsewhere = on(two, invitee);
    expect((await elsewhere.get('/api/auth/whoami')).status).toBe(200);
    const { data } = await invitee.api.createBrowserLogoutFlow();
    await invitee.api.updateLogoutFlow({ token: data.logout_token });
    expect(
      await msUntil(401, async () => (await elsewhere.get('/api/auth/whoami')).status),
    ).toBeLessThan(1000);
  });
});

import { describe, expect, it } from 'vitest';
import { createAccessTokenService } from '../../src/modules/identity/access-tokens/access-tokens.service.ts';
import { expectError, newBrowser } from './browser.ts';
import { admin, errorId, registerAdmin, signIn, useIdentityApp } from './flow-helpers.ts';

// No actor cache: these tests change sessions in the database and expect the next request to see it.
const { app, browser } = useIdentityApp({ actorCacheMs: 0 });

async function sql(text: string): Promise<void> {
  await app().database.db.pool.query(text);
}

describe('sessions', () => {
  it('ends a session that has been idle too long', async () => {
    const b = browser();
    await registerAdmin(b);
    expect((await b.get('/api/auth/whoami')).status).toBe(200);
    await sql(`update sessions set last_seen_at = now() - interval '25 hours'`);
    expect((await b.get('/api/auth/whoami')).status).toBe(401);
    expect(errorId((await expectError(b.api.toSession())).body)).toBe('session_inactive');
  });

  it('ends a session past its lifetime however active it is', async () => {
    const b = browser();
    await signIn(b, admin.email, admin.password);
    await sql(`update sessions set expires_at = now() - interval '1 second' where active`);
    expect((await b.get('/api/auth/whoami')).status).toBe(401);
  });

  it('issues a new token when signing in again over a live session (no fixation)', async () => {
    const b = browser();
    await signIn(b, admin.email, admin.password);
    const before = b.cookies.get('vigil_session');
    const { data: flow } = await b.api.createBrowserLoginFlow({ refresh: true });
    const csrf = flow.ui.nodes.find(
      (n) => 'name' in n.attributes && n.attributes.name === 'csrf_token',
    );
    const token = csrf && 'value' in csrf.attributes ? String(csrf.attributes.value) : '';
    await b.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: 'password',
        csrf_token: token,
        identifier: admin.email,
        password: admin.password,
      },
    });
    const after = b.cookies.get('vigil_session');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const old = browser();
    old.cookies.set('vigil_session', before ?? '');
    expect((await old.get('/api/auth/whoami')).status).toBe(401);
    expect((await b.get('/api/auth/whoami')).status).toBe(200);
  });

  it('marks cookies Secure when the console is served over https', async () => {
    const { identitySettingsFrom } =
      await import('../../src/modules/identity/identity.settings.ts');
    const secure = identitySettingsFrom(
      {
        VIGIL_SESSION_IDLE: 3600,
        VIGIL_SESSION_LIFETIME: 7200,
        VIGIL_PUBLIC_URL: 'https://vigil.example',
      },
      'k'.repeat(32),
    );
    expect(secure.secureCookies).toBe(true);
    const plain = identitySettingsFrom(
      { VIGIL_SESSION_IDLE: 3600, VIGIL_SESSION_LIFETIME: 7200 },
      'k'.repeat(32),
    );
    expect(plain.secureCookies).toBe(false);
  });

  it('refuses a person whose deleted_at is set, by session cookie and by access token', async () => {
    const b = browser();
    await signIn(b, admin.email, admin.password);
    const people = await app().database.db.pool.query<{ id: string }>(
      'select id from people where email = $1',
      [admin.email],
    );
    const personId = people.rows[0]?.id ?? '';
    const tokens = createAccessTokenService(app().database.db);
    const { token } = await tokens.issue({
      personId,
      name: 'cli',
      ttlSeconds: null,
      createdBy: null,
    });
    const bearer = { authorization: `Bearer ${token}` };
    expect((await b.get('/api/db/people?select=id')).status).toBe(200);
    expect((await b.get('/api/db/people?select=id', bearer)).status).toBe(200);

    await sql(`update people set deleted_at = now() where id = '${personId}'`);
    expect((await b.get('/api/db/people?select=id')).status).toBe(401);
    expect((await b.get('/api/auth/whoami')).status).toBe(401);
    expect((await b.get('/api/identity/sessions/whoami')).status).toBe(401);
    const tokenOnly = newBrowser(app().baseUrl);
    expect((await tokenOnly.get('/api/db/people?select=id', bearer)).status).toBe(401);
    await sql(`update people set deleted_at = null where id = '${personId}'`);
  });
});

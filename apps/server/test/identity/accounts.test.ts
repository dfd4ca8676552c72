import { roles, type Role } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { testActorHeader } from '../app.ts';
import { expectError } from './browser.ts';
import {
  admin,
  csrfOf,
  inputValue,
  messageIds,
  registerAdmin,
  signIn,
  useIdentityApp,
} from './flow-helpers.ts';

const { app, browser } = useIdentityApp({
  localProperties: [{ name: 'logs.disable', value: 'true' }],
});

type Caller = Role | 'anonymous';

function prop(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? Object.entries(value).find(([k]) => k === key)?.[1]
    : undefined;
}
const callers: readonly Caller[] = [...roles, 'anonymous'];
const as = (caller: Caller): Record<string, string> =>
  caller === 'anonymous' ? {} : { [testActorHeader]: caller };

describe('invitations and recovery links', () => {
  let link = '';

  it('lets the admin invite a viewer, and refuses bad input with the spec texts', async () => {
    const b = browser();
    await registerAdmin(b);
    const valid = { firstName: 'G', lastName: 'H', email: 'g@x.io', role: 'viewer' };
    const refusals: Array<[Record<string, string>, string]> = [
      [{ firstName: '' }, 'Please provide valid first name'],
      [{ lastName: '' }, 'Please provide valid last name'],
      [{ email: '' }, 'Please provide valid email'],
      [{ email: 'nope' }, 'Entered value does not match email format'],
      [{ role: '' }, 'Please select any role'],
    ];
    for (const [change, message] of refusals) {
      const answer = await b.post('/api/auth/invite_user', { ...valid, ...change });
      expect([answer.status, answer.data]).toEqual([400, expect.objectContaining({ message })]);
    }

    const invited = await b.post('/api/auth/invite_user', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      role: 'viewer',
    });
    expect(invited.status).toBe(200);
    link = String(prop(invited.data, 'recovery_link'));
    expect(app().links.at(-1)).toMatchObject({
      kind: 'invitation',
      email: 'grace@example.com',
      url: link,
    });
    const roleRows = await app().database.db.pool.query(
      `select role from person_roles r join people p on p.id = r.person_id where p.email = 'grace@example.com'`,
    );
    expect(roleRows.rows).toEqual([{ role: 'viewer' }]);
  });

  it('signs the invitee in through the link, once, and lets them set a password', async () => {
    const invitee = browser();
    const path = link.replace(app().baseUrl, '');
    const followed = await invitee.get(path, { Accept: 'text/html' });
    expect(followed.status).toBe(303);
    expect(String(followed.headers.location)).toMatch(/^\/profile-settings\?flow=/);
    const flowId =
      new URL(String(followed.headers.location), app().baseUrl).searchParams.get('flow') ?? '';
    const { data: flow } = await invitee.api.getSettingsFlow({ id: flowId });
    expect(messageIds(flow)).toContain(1060001);
    const { data } = await invitee.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'password',
        csrf_token: csrfOf(flow),
        password: 'graces own password',
      },
    });
    expect(data.state).toBe('success');
    const whoami = await invitee.get('/api/auth/whoami');
    expect(whoami.data).toMatchObject({
      payload: { user: { name: 'Grace Hopper' }, roles: ['viewer'] },
    });

    const reused = await browser().get(path, { Accept: 'text/html' });
    expect(String(reused.headers.location)).toMatch(/^\/recovery\?flow=/);
    expect((await signIn(browser(), 'grace@example.com', 'graces own password')).status).toBe(200);
  });

  it('sends a recovery link for a known address and answers the same for an unknown one', async () => {
    for (const email of ['grace@example.com', 'ghost@example.com']) {
      const b = browser();
      const before = app().links.length;
      const { data: flow } = await b.api.createBrowserRecoveryFlow();
      const { data } = await b.api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'link', csrf_token: csrfOf(flow), email },
      });
      expect(data.state).toBe('sent_email');
      expect(messageIds(data)).toContain(1060002);
      expect(app().links.length - before).toBe(email.startsWith('grace') ? 1 : 0);
    }
  });

  it('verifies an address through its link', async () => {
    const b = browser();
    const { data: flow } = await b.api.createBrowserVerificationFlow();
    await b.api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'link', csrf_token: csrfOf(flow), email: admin.email },
    });
    const sent = app().links.at(-1);
    expect(sent).toMatchObject({ kind: 'verification', email: admin.email });
    const followed = await b.get((sent?.url ?? '').replace(app().baseUrl, ''), {
      Accept: 'text/html',
    });
    const id =
      new URL(String(followed.headers.location), app().baseUrl).searchParams.get('flow') ?? '';
    const { data } = await b.api.getVerificationFlow({ id });
    expect(data.state).toBe('passed_challenge');
    expect(messageIds(data)).toContain(1080002);
    expect(inputValue(data, 'email')).toBeUndefined();
  });
});

describe('roles on the account endpoints', () => {
  const canInvite = new Set<Caller>(['admin']);
  it.each(callers)('%s and POST /api/auth/invite_user', async (caller) => {
    const response = await browser().post(
      '/api/auth/invite_user',
      { firstName: 'A', lastName: 'B', email: `${caller}-invite@example.com`, role: 'viewer' },
      as(caller),
    );
    expect(response.status).toBe(canInvite.has(caller) ? 200 : caller === 'anonymous' ? 401 : 403);
  });

  it.each(callers)('%s and POST /api/rbac/{id}/update_role', async (caller) => {
    const grace = await app().database.db.pool.query<{ id: string }>(
      `select id from people where email = 'grace@example.com'`,
    );
    const id = grace.rows[0]?.id ?? '';
    const response = await browser().post(
      `/api/rbac/${id}/update_role`,
      { roles: ['responder'] },
      as(caller),
    );
    expect(response.status).toBe(caller === 'admin' ? 200 : caller === 'anonymous' ? 401 : 403);
  });

  it('validates update_role input', async () => {
    const admin = as('admin');
    const b = browser();
    expect(
      (await b.post('/api/rbac/not-a-uuid/update_role', { roles: ['viewer'] }, admin)).data,
    ).toMatchObject({
      message: 'Please select any user',
    });
    const missing = await b.post(
      '/api/rbac/00000000-0000-7000-8000-000000000000/update_role',
      { roles: ['viewer'] },
      admin,
    );
    expect(missing.status).toBe(404);
    const grace = await app().database.db.pool.query<{ id: string }>(
      `select id from people where email = 'grace@example.com'`,
    );
    const noRoles = await b.post(
      `/api/rbac/${grace.rows[0]?.id ?? ''}/update_role`,
      { roles: [] },
      admin,
    );
    expect(noRoles.data).toMatchObject({ message: 'Please select any role' });
  });

  it.each(callers)('%s and GET /api/properties', async (caller) => {
    const response = await browser().get('/api/properties', as(caller));
    expect(response.status).toBe(caller === 'anonymous' ? 401 : 200);
  });

  it('answers whoami with 401 for anonymous callers and serves about to anyone', async () => {
    expect((await browser().get('/api/auth/whoami')).status).toBe(401);
    const about = await browser().get('/api/canary/about');
    expect(about.data).toMatchObject({
      edition: 'full',
      backend: expect.any(String),
      Version: expect.any(String),
    });
  });
});

describe('feature flags', () => {
  it('lists local flags as read-only and refuses to write them', async () => {
    const b = browser();
    const list = await b.get('/api/properties', as('viewer'));
    expect(list.data).toContainEqual(
      expect.objectContaining({ name: 'logs.disable', value: 'true', source: 'local' }),
    );
    const write = { ...as('admin'), 'content-type': 'application/json' };
    const insert = await b.post(
      '/api/db/properties',
      { name: 'logs.disable', value: 'false' },
      write,
    );
    expect(insert.status).toBe(400);
    expect(insert.data).toMatchObject({ message: 'Cannot edit local feature flags' });
    const ok = await b.post('/api/db/properties', { name: 'health.disable', value: 'true' }, write);
    expect(ok.status).toBe(201);
    const listed = await b.get('/api/properties', as('viewer'));
    expect(listed.data).toContainEqual(
      expect.objectContaining({ name: 'health.disable', value: 'true' }),
    );
  });
});

describe('sign-in rate limits', () => {
  it('locks one identifier under a burst of 500 bad logins while another signs in', async () => {
    const attacker = browser();
    const { data: flow } = await attacker.api.createBrowserLoginFlow();
    const body = {
      method: 'password',
      csrf_token: csrfOf(flow),
      identifier: 'grace@example.com',
      password: 'guess',
    };
    const path = `/api/identity/self-service/login?flow=${flow.id}`;
    const statuses: number[] = [];
    const texts = new Set<string>();
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => attacker.post(path, body)),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        texts.add(JSON.stringify(prop(prop(answer.data, 'ui'), 'messages') ?? []));
      }
    }
    expect(statuses).toHaveLength(500);
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect([...texts].some((t) => t.includes('Too many failed sign-in attempts'))).toBe(true);
    const locked = await expectError(signIn(browser(), 'grace@example.com', 'graces own password'));
    expect(JSON.stringify(locked.body)).toContain('Too many failed sign-in attempts');
    expect((await signIn(browser(), admin.email, admin.password)).status).toBe(200);
  });
});

describe('deleting users through the data API', () => {
  it('refuses inserts and updates, deletes with cleanup, and keeps the last admin', async () => {
    const b = browser();
    const write = { ...as('admin'), 'content-type': 'application/json' };
    const insert = await b.post('/api/db/identities', { traits: { email: 'x@y.z' } }, write);
    expect(insert.status).toBe(400);
    const grace = await app().database.db.pool.query<{ id: string }>(
      `select id from people where email = 'grace@example.com'`,
    );
    const id = grace.rows[0]?.id ?? '';
    const deleted = await b.http.delete(`${app().baseUrl}/api/db/identities?id=eq.${id}`, {
      headers: as('admin'),
      validateStatus: () => true,
    });
    expect(deleted.status).toBe(204);
    const person = await app().database.db.pool.query(
      'select deleted_at is not null as gone, (select count(*)::int from person_roles where person_id = $1) as roles from people where id = $1',
      [id],
    );
    expect(person.rows[0]).toEqual({ gone: true, roles: 0 });
    expect(
      await signIn(browser(), 'grace@example.com', 'graces own password').catch(() => 'refused'),
    ).toBe('refused');

    const admins = await app().database.db.pool.query<{ id: string }>(
      `select person_id as id from person_roles where role = 'admin'`,
    );
    const last = await b.http.delete(
      `${app().baseUrl}/api/db/identities?id=eq.${admins.rows[0]?.id ?? ''}`,
      {
        headers: as('admin'),
        validateStatus: () => true,
      },
    );
    expect(last.status).toBe(400);
    expect(last.data).toMatchObject({ message: 'The last admin cannot be deleted' });
  });
});

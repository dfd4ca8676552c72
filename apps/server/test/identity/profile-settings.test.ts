import { describe, expect, it } from 'vitest';
import { expectError } from './browser.ts';
import {
  admin,
  csrfOf,
  errorId,
  groupsOf,
  inputNode,
  isFlow,
  messageIds,
  nodeById,
  registerAdmin,
  settingsFlow,
  signIn,
  useIdentityApp,
} from './flow-helpers.ts';

const { app, browser } = useIdentityApp();

describe('profile settings', () => {
  it('shows every section the identity can use', async () => {
    const b = browser();
    await registerAdmin(b);
    const flow = await settingsFlow(b);
    expect(groupsOf(flow)).toEqual(
      new Set(['default', 'profile', 'password', 'totp', 'lookup_secret', 'webauthn']),
    );
    expect(inputNode(flow, 'traits.email')?.attributes).toMatchObject({ value: admin.email });
    expect(nodeById(flow, 'totp_qr')?.attributes).toMatchObject({
      src: expect.stringMatching(/^data:image\/png;base64,/),
    });
  });

  it('updates the profile and keeps people in step', async () => {
    const b = browser();
    await signIn(b, admin.email, admin.password);
    const flow = await settingsFlow(b);
    const { data } = await b.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'profile',
        csrf_token: csrfOf(flow),
        traits: { email: admin.email, name: { first: 'Augusta', last: 'King' } },
      },
    });
    expect(data.state).toBe('success');
    expect(messageIds(data)).toContain(1050001);
    const person = await app().database.db.pool.query('select name from people');
    expect(person.rows).toEqual([{ name: 'Augusta King' }]);
  });

  it('asks for a recent sign-in before a password change', async () => {
    const b = browser();
    await signIn(b, admin.email, admin.password);
    const flow = await settingsFlow(b);
    await app().database.db.pool.query(
      `update sessions set authenticated_at = now() - interval '1 hour'`,
    );
    const { status, body } = await expectError(
      b.api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: 'password',
          csrf_token: csrfOf(flow),
          password: 'a new long password',
        },
      }),
    );
    expect(status).toBe(403);
    expect(errorId(body)).toBe('session_refresh_required');
    expect(JSON.stringify(body)).toContain('/login?refresh=true');
  });

  it('changes the password after a fresh sign-in', async () => {
    const b = browser();
    await signIn(b, admin.email, admin.password);
    const flow = await settingsFlow(b);
    const weak = await expectError(
      b.api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: { method: 'password', csrf_token: csrfOf(flow), password: 'short' },
      }),
    );
    expect(weak.status).toBe(400);
    if (!isFlow(weak.body)) throw new Error('expected a flow');
    expect(messageIds(weak.body)).toContain(4000005);
    admin.password = 'an even better passphrase';
    const { data } = await b.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'password',
        csrf_token: csrfOf(flow),
        password: admin.password,
      },
    });
    expect(data.state).toBe('success');
    expect((await signIn(browser(), admin.email, admin.password)).status).toBe(200);
  });
});

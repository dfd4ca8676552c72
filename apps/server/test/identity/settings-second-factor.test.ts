import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestBrowser } from './browser.ts';
import {
  admin,
  csrfOf,
  errorId,
  inputNode,
  isFlow,
  messageIds,
  nodeById,
  registerAdmin,
  settingsFlow,
  signIn,
  useIdentityApp,
  type FlowLike,
} from './flow-helpers.ts';

const { app, browser } = useIdentityApp();
let totpSecret = '';
let recoveryCodes: string[] = [];

beforeAll(async () => {
  await registerAdmin(browser());
});

function textContext(flow: FlowLike, id: string): Record<string, unknown> {
  const node = nodeById(flow, id);
  if (!node || !('text' in node.attributes)) throw new Error(`no text node ${id}`);
  const text: unknown = node.attributes.text;
  if (typeof text !== 'object' || text === null || !('context' in text)) return {};
  const context: unknown = text.context;
  return typeof context === 'object' && context !== null
    ? Object.fromEntries(Object.entries(context))
    : {};
}

describe('TOTP and the AAL2 step-up', () => {
  it('refuses a wrong code, then enrols with the right one', async () => {
    const b = browser();
    await signIn(b, admin.email, admin.password);
    const flow = await settingsFlow(b);
    totpSecret = String(textContext(flow, 'totp_secret_key').secret);
    expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const wrong = await expectError(
      b.api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: { method: 'totp', csrf_token: csrfOf(flow), totp_code: '000000' },
      }),
    );
    expect(wrong.status).toBe(400);
    const { data } = await b.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'totp',
        csrf_token: csrfOf(flow),
        totp_code: await generate({ secret: totpSecret }),
      },
    });
    expect(data.state).toBe('success');
    expect(inputNode(data, 'totp_unlink')).toBeDefined();
    expect(nodeById(data, 'totp_secret_key')).toBeUndefined();
  });

  it('after the password, asks for the second factor and then grants AAL2', async () => {
    const b = browser();
    const first = await expectError(signIn(b, admin.email, admin.password));
    expect(first.status).toBe(422);
    expect(errorId(first.body)).toBe('browser_location_change_required');
    expect(JSON.stringify(first.body)).toContain('/login?aal=aal2');
    const whoami = await expectError(b.api.toSession());
    expect(whoami.status).toBe(403);
    expect(errorId(whoami.body)).toBe('session_aal2_required');
    expect((await b.get('/api/auth/whoami')).status).toBe(401);

    const { data: flow } = await b.api.createBrowserLoginFlow({ aal: 'aal2' });
    expect(flow.requested_aal).toBe('aal2');
    expect(messageIds(flow)).toContain(1010004);
    const { data } = await b.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: 'totp',
        csrf_token: csrfOf(flow),
        totp_code: await generate({ secret: totpSecret }),
      },
    });
    expect(data.session.authenticator_assurance_level).toBe('aal2');
    expect((await b.get('/api/auth/whoami')).status).toBe(200);
  });
});

async function aal2Browser(): Promise<TestBrowser> {
  const b = browser();
  await expectError(signIn(b, admin.email, admin.password));
  const { data: flow } = await b.api.createBrowserLoginFlow({ aal: 'aal2' });
  await b.api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: {
      method: 'totp',
      csrf_token: csrfOf(flow),
      totp_code: await generate({ secret: totpSecret }),
    },
  });
  return b;
}

describe('lookup secrets (recovery codes)', () => {
  it('generates, confirms, and reveals codes with used ones marked Used', async () => {
    const b = await aal2Browser();
    const flow = await settingsFlow(b);
    const generated = await b.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'lookup_secret',
        csrf_token: csrfOf(flow),
        lookup_secret_regenerate: true,
      },
    });
    const secrets = textContext(generated.data, 'lookup_secret_codes').secrets;
    recoveryCodes = (Array.isArray(secrets) ? secrets : []).map((s: { text: string }) => s.text);
    expect(recoveryCodes).toHaveLength(12);
    expect(nodeById(generated.data, 'lookup_secret_codes')?.attributes).toMatchObject({
      text: { id: 1050015 },
    });
    await b.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'lookup_secret',
        csrf_token: csrfOf(flow),
        lookup_secret_confirm: true,
      },
    });

    const signedIn = browser();
    await expectError(signIn(signedIn, admin.email, admin.password));
    const { data: login } = await signedIn.api.createBrowserLoginFlow({ aal: 'aal2' });
    const used = await signedIn.api.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: {
        method: 'lookup_secret',
        csrf_token: csrfOf(login),
        lookup_secret: recoveryCodes[0] ?? '',
      },
    });
    expect(used.data.session.authenticator_assurance_level).toBe('aal2');

    const again = browser();
    await expectError(signIn(again, admin.email, admin.password));
    const { data: retry } = await again.api.createBrowserLoginFlow({ aal: 'aal2' });
    const reuse = await expectError(
      again.api.updateLoginFlow({
        flow: retry.id,
        updateLoginFlowBody: {
          method: 'lookup_secret',
          csrf_token: csrfOf(retry),
          lookup_secret: recoveryCodes[0] ?? '',
        },
      }),
    );
    expect(reuse.status).toBe(400);
    if (!isFlow(reuse.body)) throw new Error('expected a flow');
    expect(messageIds(reuse.body)).toContain(4000012);

    const reveal = await settingsFlow(signedIn);
    const revealed = await signedIn.api.updateSettingsFlow({
      flow: reveal.id,
      updateSettingsFlowBody: {
        method: 'lookup_secret',
        csrf_token: csrfOf(reveal),
        lookup_secret_reveal: true,
      },
    });
    const list = textContext(revealed.data, 'lookup_secret_codes').secrets;
    const shown = Array.isArray(list) ? list : [];
    expect(shown[0]).toMatchObject({ id: 1050014, text: 'Used' });
    expect(shown[1]).toMatchObject({ id: 1050009, text: recoveryCodes[1] });
  });
});

describe('security keys (WebAuthn)', () => {
  it('offers registration options bound to the host, and refuses an answer that does not verify', async () => {
    const b = await aal2Browser();
    const flow = await settingsFlow(b);
    const trigger = inputNode(flow, 'webauthn_register_trigger')?.attributes;
    expect(trigger).toMatchObject({ type: 'button' });
    const onclick = trigger && 'onclick' in trigger ? String(trigger.onclick) : '';
    expect(onclick).toMatch(
      /^window\.__vigilWebAuthnRegister\(\{.*"rp":\{"name":"Vigil","id":"127\.0\.0\.1"\}/,
    );
    const refused = await expectError(
      b.api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: 'webauthn',
          csrf_token: csrfOf(flow),
          webauthn_register: JSON.stringify({
            id: 'x',
            rawId: 'x',
            type: 'public-key',
            response: {},
          }),
          webauthn_register_displayname: 'Fake',
        },
      }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('The security key could not be verified');
  });
});

describe('removing factors and flows of another identity', () => {
  it('unlinks TOTP in settings and offers enrolment again', async () => {
    const b = await aal2Browser();
    const flow = await settingsFlow(b);
    expect(inputNode(flow, 'totp_unlink')).toBeDefined();
    const { data } = await b.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'totp', csrf_token: csrfOf(flow), totp_unlink: true },
    });
    expect(data.state).toBe('success');
    expect(inputNode(data, 'totp_unlink')).toBeUndefined();
    expect(nodeById(data, 'totp_qr')).toBeDefined();
  });

  it('refuses a settings flow that belongs to another identity: security_identity_mismatch', async () => {
    const pool = app().database.db.pool;
    const b = browser();
    // The admin still has recovery codes, so sign in with one to reach AAL2.
    await expectError(signIn(b, admin.email, admin.password));
    const { data: login } = await b.api.createBrowserLoginFlow({ aal: 'aal2' });
    await b.api.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: {
        method: 'lookup_secret',
        csrf_token: csrfOf(login),
        lookup_secret: recoveryCodes[2] ?? '',
      },
    });
    const flow = await settingsFlow(b);
    const other = await pool.query<{ id: string }>(
      `insert into identities (traits) values ('{"email": "other@example.com"}') returning id`,
    );
    await pool.query('update identity_flows set identity_id = $1 where id = $2', [
      other.rows[0]?.id,
      flow.id,
    ]);
    const { status, body } = await expectError(
      b.api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: 'profile',
          csrf_token: csrfOf(flow),
          traits: { email: admin.email },
        },
      }),
    );
    expect(status).toBe(403);
    expect(errorId(body)).toBe('security_identity_mismatch');
  });
});

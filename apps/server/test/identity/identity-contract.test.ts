import {
  identityErrorBodySchema,
  identityFlowSchema,
  identitySessionSchema,
  logoutFlowSchema,
} from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { admin, registerAdmin, signIn, useIdentityApp } from './flow-helpers.ts';

const { app, browser } = useIdentityApp();

/** The schemas /api/docs shows for /api/identity hold the answers the routes really give. */
describe('the identity contract in @vigil/domain', () => {
  it('holds every flow, the session, the logout flow and an error', async () => {
    const b = browser();
    const registration = await b.api.createBrowserRegistrationFlow();
    expect(identityFlowSchema.safeParse(registration.data).error).toBeUndefined();
    await registerAdmin(b);

    const other = browser();
    for (const flow of [
      (await other.api.createBrowserLoginFlow()).data,
      (await other.api.createBrowserRecoveryFlow()).data,
      (await other.api.createBrowserVerificationFlow()).data,
      (await b.api.createBrowserSettingsFlow()).data,
    ]) {
      expect(identityFlowSchema.safeParse(flow).error).toBeUndefined();
    }
    const signedIn = await signIn(other, admin.email, admin.password);
    expect(identitySessionSchema.safeParse(signedIn.data.session).error).toBeUndefined();
    expect(identitySessionSchema.safeParse((await b.api.toSession()).data).error).toBeUndefined();
    const logout = (await b.api.createBrowserLogoutFlow()).data;
    expect(logoutFlowSchema.safeParse(logout).error).toBeUndefined();

    const missing = await fetch(
      `${app().baseUrl}/api/identity/self-service/login/flows?id=00000000-0000-0000-0000-000000000000`,
      { headers: { accept: 'application/json' } },
    );
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(identityErrorBodySchema.safeParse(await missing.json()).error).toBeUndefined();
  });
});

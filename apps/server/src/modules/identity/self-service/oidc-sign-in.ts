import { hasSecondFactor } from '../accounts/credentials.ts';
import {
  countIdentities,
  findIdentityByEmail,
  findIdentityById,
  findIdentityByOidc,
  insertIdentity,
  lockAccountCreation,
  recordLogin,
  updateCredentials,
  type IdentityRecord,
} from '../accounts/identity.repository.ts';
import type { Browser } from '../flows/browser.ts';
import type { FlowRecord } from '../flows/flow.repository.ts';
import { identityErrors } from '../identity-errors.ts';
import {
  authorizationRequest,
  completeAuthorization,
  pendingOidcSchema,
  type OidcClaims,
} from '../oidc/oidc-client.ts';
import { findEnabledProvider } from '../oidc/providers.repository.ts';
import { invitationOnlyText, problem } from '../ui/messages.ts';
import type { Queryable } from '../../../platform/db.ts';
import type { SelfServiceDeps } from './deps.ts';
import { invalidFlow, type Outcome } from './outcome.ts';

/**
 * Social sign-in: the flow sends the browser to the provider; its callback signs in the
 * identity linked to that subject, or the invited identity with the same verified email
 * (linking it), or, on an empty installation, creates the first admin.
 */
export function createOidcSignIn(deps: SelfServiceDeps) {
  const { flows, sessions, sealer } = deps;

  async function refuse(flow: FlowRecord, reason: string): Promise<Outcome> {
    const saved = await flows.save(flow, {
      state: flow.state,
      nodes: flow.ui.nodes.slice(1),
      messages: [problem.generic(reason)],
    });
    return { ...invalidFlow(saved, flows.pageUrl(saved)), navigate: true, status: 303 };
  }

  return {
    async start(browser: Browser, flow: FlowRecord, slug: string): Promise<Outcome> {
      const provider = await findEnabledProvider(deps.db.pool, slug);
      if (!provider) {
        const saved = await flows.save(flow, {
          state: flow.state,
          nodes: flow.ui.nodes.slice(1),
          messages: [problem.generic(`Unknown sign-in provider "${slug}"`)],
        });
        return invalidFlow(saved, flows.pageUrl(saved));
      }
      const { url, pending } = await authorizationRequest(
        provider,
        sealer,
        browser.origin,
        flow.id,
      );
      await flows.save(flow, {
        state: flow.state,
        nodes: flow.ui.nodes.slice(1),
        internal: { ...flow.internal, oidc: pending },
      });
      return { status: 422, body: identityErrors.locationChange(url).toBody(), redirect: url };
    },

    async callback(
      browser: Browser,
      slug: string,
      state: string,
      currentUrl: string,
    ): Promise<Outcome> {
      const flowId = state.split('.')[0] ?? '';
      const flow = await flows.loadAny(['login', 'registration', 'settings'], flowId, browser);
      const pending = pendingOidcSchema.safeParse(flow.internal.oidc);
      if (!pending.success || pending.data.state !== state || pending.data.provider !== slug) {
        throw identityErrors.csrf();
      }
      if (flow.expires_at.getTime() < Date.now())
        throw identityErrors.expired(flow.expires_at.toISOString());
      const provider = await findEnabledProvider(deps.db.pool, slug);
      if (!provider) return refuse(flow, `Unknown sign-in provider "${slug}"`);
      let claims: OidcClaims;
      try {
        claims = await completeAuthorization(provider, sealer, currentUrl, pending.data);
      } catch (error) {
        deps.log.warn({ provider: slug, err: error }, 'social sign-in failed');
        return refuse(flow, `Sign-in with ${provider.label} failed. Please try again.`);
      }
      if (flow.kind === 'settings') return link(browser, flow, slug, claims);
      const signedIn = await deps.db.transaction(async (client) => {
        const identity = await resolveIdentity(client, slug, claims);
        if (!identity) return undefined;
        const issued = await sessions.issue(client, identity.id, 'oidc', 'aal1');
        await recordLogin(client, identity.id);
        await flows.save(
          flow,
          { state: 'passed_challenge', nodes: flow.ui.nodes.slice(1) },
          client,
        );
        return { identity, issued };
      });
      if (!signedIn) return refuse(flow, invitationOnlyText);
      if (browser.session) await sessions.revoke(browser.session);
      const returnTo = flow.return_to ?? '/';
      const next = hasSecondFactor(signedIn.identity.credentials)
        ? `/login?aal=aal2&return_to=${encodeURIComponent(returnTo)}`
        : returnTo;
      return { status: 303, navigate: true, redirect: next, session: signedIn.issued };
    },
  };

  /** Settings: link the provider's subject to the signed-in identity. */
  async function link(
    browser: Browser,
    flow: FlowRecord,
    provider: string,
    claims: OidcClaims,
  ): Promise<Outcome> {
    const session = browser.session;
    if (!session || session.identity_id !== flow.identity_id)
      throw identityErrors.identityMismatch();
    const linked = await deps.db.transaction(async (client) => {
      const owner = await findIdentityByOidc(client, provider, claims.subject);
      if (owner && owner.id !== session.identity_id) return false;
      const identity = await findIdentityById(client, session.identity_id);
      if (!identity) return false;
      const providers = (identity.credentials.oidc?.providers ?? []).filter(
        (p) => p.provider !== provider,
      );
      providers.push({ provider, subject: claims.subject });
      await updateCredentials(client, identity.id, {
        ...identity.credentials,
        oidc: { providers },
      });
      return true;
    });
    if (!linked) return refuse(flow, 'This account is already linked to another Vigil user.');
    return { status: 303, navigate: true, redirect: '/profile-settings' };
  }

  async function resolveIdentity(
    client: Queryable,
    provider: string,
    claims: OidcClaims,
  ): Promise<IdentityRecord | undefined> {
    const linked = await findIdentityByOidc(client, provider, claims.subject);
    if (linked) return linked.state === 'active' ? linked : undefined;
    if (!claims.email || !claims.emailVerified) return undefined;
    const link = { provider, subject: claims.subject };
    const invited = await findIdentityByEmail(client, claims.email);
    if (invited) {
      if (invited.state !== 'active') return undefined;
      const providers = [...(invited.credentials.oidc?.providers ?? []), link];
      await updateCredentials(client, invited.id, { ...invited.credentials, oidc: { providers } });
      return { ...invited, credentials: { ...invited.credentials, oidc: { providers } } };
    }
    await lockAccountCreation(client);
    if ((await countIdentities(client)) > 0) return undefined;
    const traits = { email: claims.email, name: { first: claims.first, last: claims.last } };
    const id = await insertIdentity(client, traits, { oidc: { providers: [link] } }, ['admin']);
    return findIdentityById(client, id);
  }
}

import { hasSecondFactor } from '../accounts/credentials.ts';
import {
  findIdentityByEmail,
  findIdentityById,
  recordLogin,
  type IdentityRecord,
} from '../accounts/identity.repository.ts';
import { sessionJson } from '../accounts/identity.json.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import type { Browser } from '../flows/browser.ts';
import type { FlowRecord } from '../flows/flow.repository.ts';
import { submittedMethod, type FormValues } from '../flows/form.ts';
import { identityErrors } from '../identity-errors.ts';
import { oidcButtons } from '../methods/oidc.ts';
import { loginPasswordNodes } from '../methods/password.ts';
import { loginWebAuthn, relyingParty } from '../methods/webauthn.ts';
import { listEnabledProviders } from '../oidc/providers.repository.ts';
import { createOidcSignIn } from './oidc-sign-in.ts';
import { problem, text } from '../ui/messages.ts';
import { withFieldMessage, withValues } from '../ui/nodes.ts';
import type { UiNode, UiText } from '../ui/ui.types.ts';
import type { SelfServiceDeps } from './deps.ts';
import { continueWith, invalidFlow, type Outcome } from './outcome.ts';
import { checkSecondFactor, secondFactorNodes } from './second-factor.ts';

export interface LoginQuery {
  readonly refresh?: string;
  readonly aal?: string;
  readonly return_to?: string;
}

export function createLogin(deps: SelfServiceDeps) {
  const { flows, sessions } = deps;
  const social = createOidcSignIn(deps);

  async function signedInIdentity(browser: Browser): Promise<IdentityRecord> {
    const identity = browser.session
      ? await findIdentityById(deps.db.pool, browser.session.identity_id)
      : undefined;
    if (!identity) throw identityErrors.inactive();
    return identity;
  }

  const invalid = (flow: FlowRecord, nodes: UiNode[], messages: UiText[]): Promise<Outcome> =>
    flows
      .save(flow, { state: flow.state, nodes, messages })
      .then((saved) => invalidFlow(saved, flows.pageUrl(saved)));

  return {
    async create(browser: Browser, query: LoginQuery): Promise<FlowRecord> {
      const refresh = query.refresh === 'true';
      const wantsAal2 = query.aal === 'aal2';
      const session = browser.session;
      if (session && wantsAal2 && session.aal !== 'aal2') {
        const identity = await signedInIdentity(browser);
        const keys = await loginWebAuthn(identity.credentials, relyingParty(browser.origin));
        return flows.create('login', browser, query.return_to, {
          state: 'choose_method',
          nodes: [...secondFactorNodes(identity.credentials), ...(keys?.nodes ?? [])],
          internal: keys ? { webauthn_challenge: keys.challenge } : {},
          messages: [text.secondFactor()],
          identityId: identity.id,
          requestedAal: 'aal2',
        });
      }
      if (session && refresh) {
        const identity = await signedInIdentity(browser);
        return flows.create('login', browser, query.return_to, {
          state: 'choose_method',
          nodes: [
            ...loginPasswordNodes(identity.traits.email),
            ...(session.aal === 'aal2' ? secondFactorNodes(identity.credentials) : []),
          ],
          messages: [text.confirmItIsYou()],
          identityId: identity.id,
          refresh: true,
        });
      }
      if (session) throw identityErrors.alreadySignedIn();
      const providers = await listEnabledProviders(deps.db.pool);
      return flows.create('login', browser, query.return_to, {
        state: 'choose_method',
        nodes: [...loginPasswordNodes(), ...oidcButtons(providers, 'login')],
      });
    },

    async submit(browser: Browser, flow: FlowRecord, form: FormValues): Promise<Outcome> {
      if (flow.state === 'passed_challenge') {
        throw identityErrors.badRequest('This login flow was already completed; start a new one.');
      }
      const method = submittedMethod(form);
      if (method === 'password') return password(browser, flow, form);
      if (method === 'totp' || method === 'lookup_secret' || method === 'webauthn')
        return second(browser, flow, form, method);
      if (method === 'oidc' && !flow.refresh && flow.requested_aal === 'aal1') {
        return social.start(browser, flow, form.provider ?? '');
      }
      return invalid(flow, flow.ui.nodes.slice(1), [problem.required('method')]);
    },
  };

  async function password(browser: Browser, flow: FlowRecord, form: FormValues): Promise<Outcome> {
    const identifier = (form.identifier ?? '').trim();
    const secret = form.password ?? '';
    let nodes = withValues(flow.ui.nodes.slice(1), { identifier });
    if (!identifier) nodes = withFieldMessage(nodes, 'identifier', problem.required('identifier'));
    if (!secret) nodes = withFieldMessage(nodes, 'password', problem.required('password'));
    if (!identifier || !secret) return invalid(flow, nodes, []);

    const waitMinutes = await deps.limiters.signIn.reserve(identifier, browser.address);
    if (waitMinutes > 0) return invalid(flow, nodes, [problem.tooManyAttempts(waitMinutes)]);
    const identity = await findIdentityByEmail(deps.db.pool, identifier);
    const matches = await verifyPassword(identity?.credentials.password?.hash, secret);
    if (!identity || !matches || identity.state !== 'active') {
      return invalid(flow, nodes, [problem.invalidCredentials()]);
    }
    if (flow.identity_id && flow.identity_id !== identity.id)
      throw identityErrors.identityMismatch();
    await deps.limiters.signIn.passed(identifier, browser.address);

    const issued = await deps.db.transaction(async (client) => {
      const current = browser.session;
      const result =
        current && current.identity_id === identity.id
          ? await sessions.elevate(client, current, 'password', 'aal1')
          : await sessions.issue(client, identity.id, 'password', 'aal1');
      await recordLogin(client, identity.id);
      await flows.save(flow, { state: 'passed_challenge', nodes: flow.ui.nodes.slice(1) }, client);
      return result;
    });
    const returnTo = flow.return_to ?? '/';
    if (hasSecondFactor(identity.credentials) && issued.session.aal !== 'aal2') {
      // Highest available assurance: the password alone is not enough for this account.
      const next = `/login?aal=aal2&return_to=${encodeURIComponent(returnTo)}`;
      return {
        status: 422,
        body: identityErrors.locationChange(next).toBody(),
        redirect: next,
        session: issued,
      };
    }
    return {
      status: 200,
      body: {
        session: sessionJson(issued.session, identity),
        continue_with: continueWith(returnTo),
      },
      redirect: returnTo,
      session: issued,
    };
  }

  async function second(
    browser: Browser,
    flow: FlowRecord,
    form: FormValues,
    method: 'totp' | 'lookup_secret' | 'webauthn',
  ): Promise<Outcome> {
    const identity = await signedInIdentity(browser);
    if (flow.identity_id !== identity.id) throw identityErrors.identityMismatch();
    const session = browser.session;
    if (!session) throw identityErrors.inactive();
    const email = identity.traits.email;
    const waitMinutes = await deps.limiters.signIn.reserve(email, browser.address);
    const nodes = flow.ui.nodes.slice(1);
    if (waitMinutes > 0) return invalid(flow, nodes, [problem.tooManyAttempts(waitMinutes)]);

    const result = await deps.db.transaction(async (client) => {
      const challenge = flow.internal.webauthn_challenge;
      const check = await checkSecondFactor(deps, client, identity, method, form, {
        party: relyingParty(browser.origin),
        ...(typeof challenge === 'string' ? { challenge } : {}),
      });
      if (!check.ok) return check;
      const issued = await sessions.elevate(client, session, method, 'aal2');
      await flows.save(flow, { state: 'passed_challenge', nodes }, client);
      return { ok: true as const, issued };
    });
    if (!result.ok) {
      return invalid(flow, withFieldMessage(nodes, result.field, result.message), []);
    }
    await deps.limiters.signIn.passed(email, browser.address);
    const returnTo = flow.return_to ?? '/';
    return {
      status: 200,
      body: {
        session: sessionJson(result.issued.session, identity),
        continue_with: continueWith(returnTo),
      },
      redirect: returnTo,
      session: result.issued,
    };
  }
}

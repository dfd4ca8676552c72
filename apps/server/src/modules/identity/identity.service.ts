import type { Logger } from 'pino';
import { createSealer, sameSecret } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { hasSecondFactor } from './accounts/credentials.ts';
import { findIdentityById } from './accounts/identity.repository.ts';
import { sessionJson } from './accounts/identity.json.ts';
import { emailLinkSender } from './accounts/email-link-sender.ts';
import { logLinkSender, type LinkSender } from './accounts/link-sender.ts';
import { isAllowedReturnTo, type Browser } from './flows/browser.ts';
import type { FlowKind, FlowRecord } from './flows/flow.repository.ts';
import { createFlowService } from './flows/flow.service.ts';
import type { FormValues } from './flows/form.ts';
import { identityErrors } from './identity-errors.ts';
import {
  createAttemptLimiter,
  defaultEmailLinkLimits,
  defaultSignInLimits,
  type AttemptLimits,
} from './limits/attempt-limiter.ts';
import type { IdentitySettings } from './identity.settings.ts';
import type { SelfServiceDeps } from './self-service/deps.ts';
import { createLogin, type LoginQuery } from './self-service/login.ts';
import type { Outcome } from './self-service/outcome.ts';
import { createOidcSignIn } from './self-service/oidc-sign-in.ts';
import { createRecovery } from './self-service/recovery.ts';
import { createRegistration } from './self-service/registration.ts';
import { createSettings } from './self-service/settings.ts';
import { createVerification } from './self-service/verification.ts';
import type { ActorCache } from './sessions/actor-cache.ts';
import { createSessionService } from './sessions/session.service.ts';

export interface IdentityOptions {
  readonly db: Database;
  readonly settings: IdentitySettings;
  readonly log: Logger;
  readonly links?: LinkSender;
  readonly limits?: AttemptLimits;
  /** Recovery and verification requests. */
  readonly linkLimits?: AttemptLimits;
  readonly actorCache: ActorCache;
}

export type IdentityService = ReturnType<typeof createIdentityService>;

/** The identity service: self-service flows, sessions and the whoami answer. */
export function createIdentityService(options: IdentityOptions) {
  const { db, settings, log } = options;
  const sealer = createSealer(settings.secretKey);
  const sessions = createSessionService(db, settings, options.actorCache);
  const flows = createFlowService(db, settings, sealer);
  const links = options.links ?? emailLinkSender(db, sealer, logLinkSender(log), log);
  const deps: SelfServiceDeps = {
    db,
    flows,
    sessions,
    sealer,
    limiters: {
      signIn: createAttemptLimiter(db, 'sign-in', options.limits ?? defaultSignInLimits),
      recovery: createAttemptLimiter(db, 'recovery', options.linkLimits ?? defaultEmailLinkLimits),
      verification: createAttemptLimiter(
        db,
        'verification',
        options.linkLimits ?? defaultEmailLinkLimits,
      ),
    },
    settings,
    links,
    log,
  };
  const login = createLogin(deps);
  const registration = createRegistration(deps);
  const settingsFlow = createSettings(deps);
  const recovery = createRecovery(deps, (browser) => settingsFlow.create(browser, undefined));
  const verification = createVerification(deps);
  const social = createOidcSignIn(deps);
  const logoutToken = (sessionId: string): string => sealer.mac(`logout:${sessionId}`);

  return {
    db,
    flows,
    sessions,
    sealer,
    links,

    create(kind: FlowKind, browser: Browser, query: LoginQuery): Promise<FlowRecord> {
      if (kind === 'login') return login.create(browser, query);
      if (kind === 'registration') return registration.create(browser, query.return_to);
      if (kind === 'settings') return settingsFlow.create(browser, query.return_to);
      if (kind === 'recovery') return recovery.create(browser, query.return_to);
      return verification.create(browser, query.return_to);
    },

    async render(flow: FlowRecord, browser: Browser) {
      const extra = flow.kind === 'settings' ? await settingsFlow.extra(flow) : {};
      return flows.render(flow, browser, extra);
    },

    async submit(kind: FlowKind, id: string, browser: Browser, form: FormValues): Promise<Outcome> {
      const flow = await flows.loadForSubmit(kind, id, browser, form.csrf_token);
      if (kind === 'login') return login.submit(browser, flow, form);
      if (kind === 'registration') return registration.submit(browser, flow, form);
      if (kind === 'settings') return settingsFlow.submit(browser, flow, form);
      if (kind === 'recovery') return recovery.submit(browser, flow, form);
      return verification.submit(browser, flow, form);
    },

    async follow(
      kind: 'recovery' | 'verification',
      browser: Browser,
      flowId: string | undefined,
      token: string,
    ): Promise<Outcome> {
      if (kind === 'recovery') return recovery.follow(browser, token);
      // A link opened in another browser gets a flow of its own.
      const flow = flowId
        ? await flows.load('verification', flowId, browser).catch(() => undefined)
        : undefined;
      return verification.follow(browser, flow, token);
    },

    /** The provider sent the browser back: finish social sign-in. */
    oidcCallback(browser: Browser, provider: string, state: string, currentUrl: string) {
      return social.callback(browser, provider, state, currentUrl);
    },

    logoutFlow(browser: Browser) {
      if (!browser.session) throw identityErrors.inactive();
      const token = logoutToken(browser.session.id);
      return {
        logout_url: `${browser.origin}/api/identity/self-service/logout?token=${token}`,
        logout_token: token,
      };
    },

    async logout(browser: Browser, token: string, returnTo: string | undefined): Promise<Outcome> {
      if (returnTo && !isAllowedReturnTo(returnTo, browser.origin)) {
        throw identityErrors.returnToForbidden();
      }
      const session = browser.session;
      if (!session || !sameSecret(token, logoutToken(session.id))) {
        throw identityErrors.badRequest('The logout token is invalid or the session has ended.');
      }
      await sessions.revoke(session);
      return { status: 204, redirect: returnTo ?? '/login', clearSession: true };
    },

    async whoami(browser: Browser) {
      const session = browser.session;
      const identity = session ? await findIdentityById(db.pool, session.identity_id) : undefined;
      if (!session || !identity || identity.state !== 'active') throw identityErrors.inactive();
      if (hasSecondFactor(identity.credentials) && session.aal !== 'aal2') {
        throw identityErrors.aal2Required('/login?aal=aal2');
      }
      return sessionJson(session, identity);
    },
  };
}

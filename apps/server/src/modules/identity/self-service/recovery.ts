import { findIdentityByEmail, markVerified } from '../accounts/identity.repository.ts';
import { issueToken, spendToken } from '../accounts/token.repository.ts';
import type { Browser } from '../flows/browser.ts';
import type { FlowRecord } from '../flows/flow.repository.ts';
import type { FormValues } from '../flows/form.ts';
import { IdentityError, identityErrors } from '../identity-errors.ts';
import { problem, text } from '../ui/messages.ts';
import { input, submit, withFieldMessage, withValues } from '../ui/nodes.ts';
import type { UiNode } from '../ui/ui.types.ts';
import type { SelfServiceDeps } from './deps.ts';
import { invalidFlow, type Outcome } from './outcome.ts';

const recoveryLinkSeconds = 60 * 60;

export function emailLinkNodes(email?: string): UiNode[] {
  return [
    input('default', 'email', 'email', {
      required: true,
      autocomplete: 'email',
      label: text.email(),
      ...(email ? { value: email } : {}),
    }),
    submit('default', 'method', 'link', text.submit()),
  ];
}

/**
 * Account recovery by a one-time link. Following the link signs the person in and opens the
 * settings flow, where they set a new password. Invitations are recovery links too.
 */
export function createRecovery(
  deps: SelfServiceDeps,
  openSettings: (browser: Browser) => Promise<FlowRecord>,
) {
  const { flows, sessions } = deps;
  return {
    async create(browser: Browser, returnTo: string | undefined): Promise<FlowRecord> {
      if (browser.session) throw identityErrors.alreadySignedIn();
      return flows.create('recovery', browser, returnTo, {
        state: 'choose_method',
        nodes: emailLinkNodes(),
      });
    },

    async submit(browser: Browser, flow: FlowRecord, form: FormValues): Promise<Outcome> {
      const email = (form.email ?? '').trim();
      if (!email) {
        const nodes = withFieldMessage(emailLinkNodes(), 'email', problem.required('email'));
        const saved = await flows.save(flow, { state: flow.state, nodes });
        return invalidFlow(saved, flows.pageUrl(saved));
      }
      const waitMinutes = await deps.limiters.recovery.reserve(email, browser.address);
      if (waitMinutes > 0) {
        const nodes = withValues(emailLinkNodes(), { email });
        const messages = [problem.tooManyRequests('recovery', waitMinutes)];
        const saved = await flows.save(flow, { state: flow.state, nodes, messages });
        return invalidFlow(saved, flows.pageUrl(saved));
      }
      const identity = await findIdentityByEmail(deps.db.pool, email);
      if (identity && identity.state === 'active') {
        const token = await issueToken(deps.db.pool, 'recovery', identity.id, recoveryLinkSeconds);
        const url = `${browser.origin}/api/identity/self-service/recovery?flow=${flow.id}&token=${token}`;
        await deps.links.send({ kind: 'recovery', email: identity.traits.email, url });
      }
      // The same answer whether or not the address has an account.
      const saved = await flows.save(flow, {
        state: 'sent_email',
        nodes: withValues(emailLinkNodes(), { email }),
        messages: [text.recoveryEmailSent()],
      });
      return { status: 200, flow: saved, redirect: flows.pageUrl(saved) };
    },

    /** The browser followed a recovery or invitation link. */
    async follow(browser: Browser, token: string): Promise<Outcome> {
      const issued = await deps.db.transaction(async (client) => {
        const identityId = await spendToken(client, 'recovery', token);
        if (!identityId) return undefined;
        await markVerified(client, identityId);
        return sessions.issue(client, identityId, 'link_recovery', 'aal1');
      });
      if (!issued) {
        const flow = await flows.create('recovery', browser, undefined, {
          state: 'choose_method',
          nodes: emailLinkNodes(),
          messages: [problem.badRecoveryToken()],
        });
        return { status: 303, navigate: true, redirect: flows.pageUrl(flow) };
      }
      if (browser.session) await sessions.revoke(browser.session);
      const signedIn: Browser = { ...browser, session: issued.session };
      try {
        const settings = await openSettings(signedIn);
        const withMessage = await flows.save(settings, {
          state: settings.state,
          nodes: settings.ui.nodes.slice(1),
          messages: [text.recoveredAccount()],
          internal: settings.internal,
        });
        return {
          status: 303,
          navigate: true,
          redirect: flows.pageUrl(withMessage),
          session: issued,
        };
      } catch (error) {
        if (error instanceof IdentityError && error.redirectBrowserTo) {
          return {
            status: 303,
            navigate: true,
            redirect: error.redirectBrowserTo,
            session: issued,
          };
        }
        throw error;
      }
    },
  };
}

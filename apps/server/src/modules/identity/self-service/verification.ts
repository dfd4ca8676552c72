import {
  findIdentityByEmail,
  findIdentityById,
  markVerified,
} from '../accounts/identity.repository.ts';
import { issueToken, spendToken } from '../accounts/token.repository.ts';
import type { Browser } from '../flows/browser.ts';
import type { FlowRecord } from '../flows/flow.repository.ts';
import type { FormValues } from '../flows/form.ts';
import { problem, text } from '../ui/messages.ts';
import { withFieldMessage, withValues } from '../ui/nodes.ts';
import type { SelfServiceDeps } from './deps.ts';
import { invalidFlow, type Outcome } from './outcome.ts';
import { emailLinkNodes } from './recovery.ts';

const verificationLinkSeconds = 24 * 60 * 60;

/** Email verification by a one-time link. */
export function createVerification(deps: SelfServiceDeps) {
  const { flows } = deps;
  return {
    async create(browser: Browser, returnTo: string | undefined): Promise<FlowRecord> {
      const identity = browser.session
        ? await findIdentityById(deps.db.pool, browser.session.identity_id)
        : undefined;
      return flows.create('verification', browser, returnTo, {
        state: 'choose_method',
        nodes: emailLinkNodes(identity?.traits.email),
      });
    },

    async submit(browser: Browser, flow: FlowRecord, form: FormValues): Promise<Outcome> {
      const email = (form.email ?? '').trim();
      if (!email) {
        const nodes = withFieldMessage(emailLinkNodes(), 'email', problem.required('email'));
        return invalidFlow(
          await flows.save(flow, { state: flow.state, nodes }),
          flows.pageUrl(flow),
        );
      }
      const waitMinutes = await deps.limiters.verification.reserve(email, browser.address);
      if (waitMinutes > 0) {
        const nodes = withValues(emailLinkNodes(), { email });
        const messages = [problem.tooManyRequests('verification', waitMinutes)];
        const saved = await flows.save(flow, { state: flow.state, nodes, messages });
        return invalidFlow(saved, flows.pageUrl(saved));
      }
      const identity = await findIdentityByEmail(deps.db.pool, email);
      if (identity && identity.verified_at === null) {
        const token = await issueToken(
          deps.db.pool,
          'verification',
          identity.id,
          verificationLinkSeconds,
        );
        const url = `${browser.origin}/api/identity/self-service/verification?flow=${flow.id}&token=${token}`;
        await deps.links.send({ kind: 'verification', email: identity.traits.email, url });
      }
      const saved = await flows.save(flow, {
        state: 'sent_email',
        nodes: withValues(emailLinkNodes(), { email }),
        messages: [text.verificationEmailSent()],
      });
      return { status: 200, flow: saved, redirect: flows.pageUrl(saved) };
    },

    async follow(browser: Browser, flow: FlowRecord | undefined, token: string): Promise<Outcome> {
      const identityId = await deps.db.transaction(async (client) => {
        const id = await spendToken(client, 'verification', token);
        if (id) await markVerified(client, id);
        return id;
      });
      const target =
        flow ??
        (await flows.create('verification', browser, undefined, {
          state: 'choose_method',
          nodes: emailLinkNodes(),
        }));
      const saved = await flows.save(
        target,
        identityId
          ? { state: 'passed_challenge', nodes: [], messages: [text.verified()] }
          : {
              state: 'choose_method',
              nodes: emailLinkNodes(),
              messages: [problem.badVerificationToken()],
            },
      );
      return { status: 303, navigate: true, redirect: flows.pageUrl(saved) };
    },
  };
}

import {
  countIdentities,
  findIdentityById,
  insertIdentity,
  lockAccountCreation,
} from '../accounts/identity.repository.ts';
import { identityJson, sessionJson } from '../accounts/identity.json.ts';
import { hashPassword, passwordProblem } from '../accounts/passwords.ts';
import { readTraits } from '../accounts/traits-form.ts';
import type { Browser } from '../flows/browser.ts';
import type { FlowRecord } from '../flows/flow.repository.ts';
import { submittedMethod, type FormValues } from '../flows/form.ts';
import { identityErrors } from '../identity-errors.ts';
import { oidcButtons } from '../methods/oidc.ts';
import { registrationPasswordNodes } from '../methods/password.ts';
import { listEnabledProviders } from '../oidc/providers.repository.ts';
import { createOidcSignIn } from './oidc-sign-in.ts';
import { invitationOnlyText, problem } from '../ui/messages.ts';
import { withFieldMessage, withValues } from '../ui/nodes.ts';
import type { UiNode, UiText } from '../ui/ui.types.ts';
import type { SelfServiceDeps } from './deps.ts';
import { continueWith, invalidFlow, type Outcome } from './outcome.ts';

/**
 * Sign-up. On an empty installation the first account becomes the admin; after that
 * accounts come by invitation (accounts/invitations.ts), so the form is closed.
 */
export function createRegistration(deps: SelfServiceDeps) {
  const { flows, sessions } = deps;
  const social = createOidcSignIn(deps);
  const closed = (): UiText => problem.generic(invitationOnlyText);

  const invalid = (flow: FlowRecord, nodes: UiNode[], messages: UiText[] = []): Promise<Outcome> =>
    flows
      .save(flow, { state: flow.state, nodes, messages })
      .then((saved) => invalidFlow(saved, flows.pageUrl(saved)));

  return {
    async create(browser: Browser, returnTo: string | undefined): Promise<FlowRecord> {
      if (browser.session) throw identityErrors.alreadySignedIn();
      const open = (await countIdentities(deps.db.pool)) === 0;
      const providers = open ? await listEnabledProviders(deps.db.pool) : [];
      return flows.create('registration', browser, returnTo, {
        state: 'choose_method',
        nodes: open
          ? [...registrationPasswordNodes(), ...oidcButtons(providers, 'registration')]
          : [],
        messages: open ? [] : [closed()],
      });
    },

    async submit(browser: Browser, flow: FlowRecord, form: FormValues): Promise<Outcome> {
      if (browser.session) throw identityErrors.alreadySignedIn();
      if (flow.state === 'passed_challenge') {
        throw identityErrors.badRequest('This registration flow was already completed.');
      }
      if (submittedMethod(form) === 'oidc') return social.start(browser, flow, form.provider ?? '');
      const base = registrationPasswordNodes();
      let nodes = withValues(base, form);
      const read = readTraits(form);
      for (const [field, message] of read.problems) nodes = withFieldMessage(nodes, field, message);
      const password = form.password ?? '';
      const weak = password ? passwordProblem(password, form['traits.email'] ?? '') : undefined;
      if (!password) nodes = withFieldMessage(nodes, 'password', problem.required('password'));
      else if (weak) nodes = withFieldMessage(nodes, 'password', problem.weakPassword(weak));
      if (!read.traits || !password || weak) return invalid(flow, nodes);
      const traits = read.traits;
      const hash = await hashPassword(password);

      const created = await deps.db.transaction(async (client) => {
        await lockAccountCreation(client);
        if ((await countIdentities(client)) > 0) return undefined;
        const id = await insertIdentity(
          client,
          traits,
          { password: { hash, updated_at: new Date().toISOString() } },
          ['admin'],
        );
        const issued = await sessions.issue(client, id, 'password', 'aal1');
        await flows.save(flow, { state: 'passed_challenge', nodes: base }, client);
        return { id, issued };
      });
      if (!created) return invalid(flow, [], [closed()]);
      const identity = await findIdentityById(deps.db.pool, created.id);
      if (!identity) throw identityErrors.notFound('The new identity');
      deps.log.info({ identity: identity.id }, 'first account registered as admin');
      const returnTo = flow.return_to ?? '/';
      return {
        status: 200,
        body: {
          identity: identityJson(identity),
          session: sessionJson(created.issued.session, identity),
          continue_with: continueWith(returnTo),
        },
        redirect: returnTo,
        session: created.issued,
      };
    },
  };
}

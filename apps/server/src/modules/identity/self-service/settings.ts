import { z } from 'zod';
import { hasSecondFactor } from '../accounts/credentials.ts';
import {
  findIdentityById,
  updateCredentials,
  updateTraits,
  type IdentityRecord,
} from '../accounts/identity.repository.ts';
import { identityJson } from '../accounts/identity.json.ts';
import { hashPassword, passwordProblem } from '../accounts/passwords.ts';
import { readTraits } from '../accounts/traits-form.ts';
import type { Browser } from '../flows/browser.ts';
import type { FlowRecord } from '../flows/flow.repository.ts';
import { isTrue, submittedMethod, type FormValues } from '../flows/form.ts';
import { identityErrors } from '../identity-errors.ts';
import { newLookupCodes, sealCodes } from '../methods/lookup-secret.ts';
import { newTotpSecret, totpCodeMatches } from '../methods/totp.ts';
import { problem, text } from '../ui/messages.ts';
import { withFieldMessage, withValues } from '../ui/nodes.ts';
import type { UiText } from '../ui/ui.types.ts';
import type { SessionRecord } from '../sessions/session.repository.ts';
import type { SelfServiceDeps } from './deps.ts';
import { listEnabledProviders } from '../oidc/providers.repository.ts';
import { createOidcSignIn } from './oidc-sign-in.ts';
import { invalidFlow, type Outcome } from './outcome.ts';
import { settingsNodes, type LookupView } from './settings-nodes.ts';
import { webauthnChange } from './settings-webauthn.ts';
import { relyingParty, settingsWebAuthn, type Relying } from '../methods/webauthn.ts';

/** Kept in the flow between render and submit; sealed, and never rendered except as nodes. */
const pendingSchema = z.object({
  sealed_totp_secret: z.string(),
  lookup_view: z.enum(['revealed', 'generated']).optional(),
  sealed_generated: z.array(z.string()).optional(),
  webauthn_challenge: z.string().optional(),
});
type Pending = z.infer<typeof pendingSchema>;

export function createSettings(deps: SelfServiceDeps) {
  const { flows, sessions, sealer } = deps;
  const social = createOidcSignIn(deps);

  async function owner(browser: Browser): Promise<IdentityRecord> {
    const session = browser.session;
    const identity = session
      ? await findIdentityById(deps.db.pool, session.identity_id)
      : undefined;
    if (!session || !identity) throw identityErrors.inactive();
    if (hasSecondFactor(identity.credentials) && session.aal !== 'aal2') {
      throw identityErrors.aal2Required(
        `/login?aal=aal2&return_to=${encodeURIComponent('/profile-settings')}`,
      );
    }
    return identity;
  }

  async function draft(
    identity: IdentityRecord,
    pending: Pending,
    state: string,
    messages: UiText[],
    party: Relying,
  ) {
    const providers = await listEnabledProviders(deps.db.pool);
    const keys = await settingsWebAuthn(identity.credentials, party, {
      id: identity.id,
      email: identity.traits.email,
    });
    const nodes = await settingsNodes(
      identity,
      sealer,
      {
        totpSecret: sealer.open(pending.sealed_totp_secret),
        lookupView: pending.lookup_view,
        generated: pending.sealed_generated?.map((code) => sealer.open(code)),
      },
      providers,
    );
    return {
      state,
      nodes: [...nodes, ...keys.nodes],
      messages,
      identityId: identity.id,
      internal: { ...pending, webauthn_challenge: keys.challenge },
    };
  }

  const freshPending = (): Pending => ({ sealed_totp_secret: sealer.seal(newTotpSecret()) });

  return {
    async create(browser: Browser, returnTo: string | undefined): Promise<FlowRecord> {
      const identity = await owner(browser);
      return flows.create(
        'settings',
        browser,
        returnTo,
        await draft(identity, freshPending(), 'show_form', [], relyingParty(browser.origin)),
      );
    },

    extra: async (flow: FlowRecord) => {
      const identity = flow.identity_id
        ? await findIdentityById(deps.db.pool, flow.identity_id)
        : undefined;
      return identity ? { identity: identityJson(identity) } : {};
    },

    async submit(browser: Browser, flow: FlowRecord, form: FormValues): Promise<Outcome> {
      const identity = await owner(browser);
      if (flow.identity_id !== identity.id) throw identityErrors.identityMismatch();
      const session = browser.session;
      if (!session) throw identityErrors.inactive();
      const pending = pendingSchema.parse(flow.internal);
      const method = submittedMethod(form);
      const party = relyingParty(browser.origin);
      const privileged = method !== 'profile';
      if (privileged && !sessions.isPrivileged(session)) {
        const back = `/profile-settings?flow=${flow.id}`;
        throw identityErrors.refreshRequired(
          `/login?refresh=true&return_to=${encodeURIComponent(back)}`,
        );
      }
      const fail = async (field: string, message: UiText): Promise<Outcome> => {
        const next = await draft(identity, pending, 'show_form', [], party);
        const saved = await flows.save(flow, {
          ...next,
          nodes: withFieldMessage(withValues(next.nodes, form), field, message),
        });
        return invalidFlow(saved, flows.pageUrl(saved));
      };
      const done = async (
        changed: IdentityRecord,
        next: Pending,
        messages = [text.saved()],
      ): Promise<Outcome> => {
        const saved = await flows.save(
          flow,
          await draft(changed, next, 'success', messages, party),
        );
        return { status: 200, flow: saved, redirect: flows.pageUrl(saved) };
      };
      const reload = async (): Promise<IdentityRecord> =>
        (await findIdentityById(deps.db.pool, identity.id)) ?? identity;

      if (method === 'profile') {
        const read = readTraits(form);
        const [first] = read.problems;
        if (!read.traits)
          return first ? fail(first[0], first[1]) : fail('traits.email', problem.required('email'));
        const traits = read.traits;
        try {
          await deps.db.transaction((client) => updateTraits(client, identity.id, traits));
        } catch (error) {
          if (isUniqueViolation(error)) return fail('traits.email', problem.duplicate());
          throw error;
        }
        return done(await reload(), pending);
      }
      if (method === 'password') {
        const password = form.password ?? '';
        if (!password) return fail('password', problem.required('password'));
        const weak = passwordProblem(password, identity.traits.email);
        if (weak) return fail('password', problem.weakPassword(weak));
        const hash = await hashPassword(password);
        await updateCredentials(deps.db.pool, identity.id, {
          ...identity.credentials,
          password: { hash, updated_at: new Date().toISOString() },
        });
        return done(await reload(), pending);
      }
      if (method === 'totp') {
        if (isTrue(form.totp_unlink)) {
          const rest = { ...identity.credentials };
          delete rest.totp;
          await updateCredentials(deps.db.pool, identity.id, rest);
          return done(await reload(), freshPending());
        }
        const secret = sealer.open(pending.sealed_totp_secret);
        if (!(await totpCodeMatches(secret, form.totp_code ?? ''))) {
          return fail('totp_code', problem.badTotpCode());
        }
        // The person just proved the new factor: the session reaches AAL2 with it, so
        // enrolling does not sign them out of their own console.
        const issued = await deps.db.transaction(async (client) => {
          await updateCredentials(client, identity.id, {
            ...identity.credentials,
            totp: {
              sealed_secret: pending.sealed_totp_secret,
              created_at: new Date().toISOString(),
            },
          });
          return sessions.elevate(client, session, 'totp', 'aal2');
        });
        return { ...(await done(await reload(), freshPending())), session: issued };
      }
      if (method === 'lookup_secret') return lookup(session, identity, pending, form, done, reload);
      if (method === 'webauthn') {
        const change = await webauthnChange(identity, form, pending.webauthn_challenge, party);
        if ('problem' in change) return fail(change.field, change.problem);
        const issued = await deps.db.transaction(async (client) => {
          await updateCredentials(client, identity.id, change.credentials);
          return change.added ? sessions.elevate(client, session, 'webauthn', 'aal2') : undefined;
        });
        const answer = await done(await reload(), pending);
        return issued ? { ...answer, session: issued } : answer;
      }
      if (method === 'oidc' && form.link) return social.start(browser, flow, form.link);
      if (method === 'oidc' && form.unlink) {
        const providers = (identity.credentials.oidc?.providers ?? []).filter(
          (p) => p.provider !== form.unlink,
        );
        if (!identity.credentials.password && providers.length === 0) {
          return fail(
            'unlink',
            problem.generic('Set a password before removing your last sign-in method.'),
          );
        }
        await updateCredentials(deps.db.pool, identity.id, {
          ...identity.credentials,
          oidc: { providers },
        });
        return done(await reload(), pending);
      }
      return fail('method', problem.required('method'));
    },
  };

  async function lookup(
    session: SessionRecord,
    identity: IdentityRecord,
    pending: Pending,
    form: FormValues,
    done: (changed: IdentityRecord, next: Pending, messages?: UiText[]) => Promise<Outcome>,
    reload: () => Promise<IdentityRecord>,
  ): Promise<Outcome> {
    const base: Pending = { sealed_totp_secret: pending.sealed_totp_secret };
    const view = (lookupView: LookupView, extra: Partial<Pending> = {}): Pending => ({
      ...base,
      lookup_view: lookupView,
      ...extra,
    });
    if (isTrue(form.lookup_secret_reveal)) return done(identity, view('revealed'), []);
    if (isTrue(form.lookup_secret_regenerate)) {
      const codes = newLookupCodes().map((code) => sealer.seal(code));
      return done(identity, view('generated', { sealed_generated: codes }), []);
    }
    if (isTrue(form.lookup_secret_confirm) && pending.sealed_generated) {
      const codes = pending.sealed_generated.map((code) => sealer.open(code));
      const issued = await deps.db.transaction(async (client) => {
        await updateCredentials(client, identity.id, {
          ...identity.credentials,
          lookup_secret: sealCodes(codes, sealer),
        });
        return sessions.elevate(client, session, 'lookup_secret', 'aal2');
      });
      return { ...(await done(await reload(), base)), session: issued };
    }
    if (isTrue(form.lookup_secret_disable)) {
      const rest = { ...identity.credentials };
      delete rest.lookup_secret;
      await updateCredentials(deps.db.pool, identity.id, rest);
      return done(await reload(), base);
    }
    return done(identity, base, [problem.required('lookup_secret_confirm')]);
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

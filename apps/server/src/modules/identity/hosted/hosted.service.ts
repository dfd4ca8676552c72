import type { Role } from '@vigil/domain';
import type { Logger } from 'pino';
import { sha256, type Sealer } from '../../../platform/crypto.ts';
import type { Database, Queryable } from '../../../platform/db.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import {
  findIdentityByEmail,
  findIdentityByOidc,
  insertIdentity,
  recordLogin,
  updateCredentials,
  updateTraits,
} from '../accounts/identity.repository.ts';
import type { IdentitySettings } from '../identity.settings.ts';
import type { ActorCache } from '../sessions/actor-cache.ts';
import { revokeSession } from '../sessions/session.repository.ts';
import type { IssuedSession, SessionService } from '../sessions/session.service.ts';
import { createHostedOidc, type HostedClaims } from './hosted-oidc.ts';
import type { HostedSettings } from './hosted.settings.ts';
import { organizationSchema } from '../../../platform/tenancy.ts';
import {
  copyPerson,
  findHostedSession,
  findMembership,
  findOrganizationByExternalId,
  insertOrganization,
  listMemberships,
  lockExternalOrganization,
  setSessionOrganization,
  upsertMember,
  type HostedSession,
  type MembershipRecord,
  type OrganizationRecord,
} from './organizations.repository.ts';

/** The provider's subjects are linked to identities under this name. */
export const hostedProvider = 'hosted';

export interface HostedDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly sealer: Sealer;
  readonly sessions: SessionService;
  readonly actorCache: ActorCache;
  readonly identity: IdentitySettings;
  readonly settings: HostedSettings;
  /** Asks provisioning to look for new organisations now rather than at its next poll. */
  readonly nudge: () => void;
}

export type HostedService = ReturnType<typeof createHostedService>;

/** Hosted mode: sign-in through the provider, and the organisations people work in. */
export function createHostedService(deps: HostedDeps) {
  const { db, settings } = deps;
  const oidc = createHostedOidc(settings, deps.sealer);

  async function identityFor(client: Queryable, claims: HostedClaims): Promise<string> {
    const email = claims.email ?? `${sha256(claims.subject).slice(0, 24)}@hosted.invalid`;
    const traits = { email, name: { first: claims.first, last: claims.last } };
    const linked = await findIdentityByOidc(client, hostedProvider, claims.subject);
    if (linked) {
      await updateTraits(client, linked.id, traits);
      return linked.id;
    }
    const link = { provider: hostedProvider, subject: claims.subject };
    const namesake = await findIdentityByEmail(client, email);
    if (namesake) {
      const providers = [...(namesake.credentials.oidc?.providers ?? []), link];
      await updateCredentials(client, namesake.id, {
        ...namesake.credentials,
        oidc: { providers },
      });
      return namesake.id;
    }
    return insertIdentity(client, traits, { oidc: { providers: [link] } }, []);
  }

  /** Joins the organisations the token names; the one who brings a new one in is its admin. */
  async function joinClaimed(client: Queryable, identityId: string, claims: HostedClaims) {
    let created = false;
    for (const [index, externalId] of claims.organizations.entries()) {
      await lockExternalOrganization(client, externalId);
      let org = await findOrganizationByExternalId(client, externalId);
      const fresh = org === undefined;
      org ??= await insertOrganization(client, {
        name: (index === 0 ? claims.organizationName : undefined) ?? externalId,
        externalId,
        createdBy: identityId,
      });
      created ||= fresh;
      // The role claim describes the active (first) organisation only.
      const roles: Role[] | undefined = index === 0 && claims.role ? [claims.role] : undefined;
      await upsertMember(client, org.id, identityId, roles, fresh ? ['admin'] : ['viewer']);
    }
    return created;
  }

  return {
    db,
    oidc,
    cookieOptions: () => deps.sessions.cookieOptions(),

    /** Signs the provider's person in; the session works in the token's organisation. */
    async signIn(claims: HostedClaims): Promise<IssuedSession> {
      const { issued, created } = await db.transaction(async (client) => {
        const identityId = await identityFor(client, claims);
        const created = await joinClaimed(client, identityId, claims);
        const issued = await deps.sessions.issue(client, identityId, 'oidc', 'aal1');
        const first = claims.organizations[0];
        const active = first
          ? await findOrganizationByExternalId(client, first)
          : (await listMemberships(client, identityId))[0];
        if (active) await setSessionOrganization(client, issued.session.id, active.id);
        if (active?.status === 'ready') {
          await copyPerson(client, organizationSchema(active.id), identityId);
        }
        await recordLogin(client, identityId);
        return { issued, created };
      });
      if (created) deps.nudge();
      return issued;
    },

    /** The live session behind a cookie, with its organisation, or undefined. */
    async session(token: string | undefined): Promise<HostedSession | undefined> {
      if (!token) return undefined;
      return findHostedSession(db.pool, sha256(token), deps.identity.sessionIdleSeconds);
    },

    async organizations(session: HostedSession) {
      const organizations = await listMemberships(db.pool, session.identity_id);
      return { active: session.organization_id, organizations };
    },

    async active(session: HostedSession): Promise<MembershipRecord | undefined> {
      if (!session.organization_id) return undefined;
      return findMembership(db.pool, session.organization_id, session.identity_id);
    },

    async create(session: HostedSession, name: string): Promise<OrganizationRecord> {
      const trimmed = name.trim();
      if (trimmed.length === 0) throw badRequest('Organization name is required');
      const org = await db.transaction(async (client) => {
        const inserted = await insertOrganization(client, {
          name: trimmed,
          externalId: null,
          createdBy: session.identity_id,
        });
        await upsertMember(client, inserted.id, session.identity_id, ['admin'], ['admin']);
        await setSessionOrganization(client, session.session_id, inserted.id);
        return inserted;
      });
      deps.actorCache.forgetSession(session.session_id);
      deps.nudge();
      return org;
    },

    /** Ends the session on every replica. */
    async signOut(session: HostedSession): Promise<void> {
      await revokeSession(db.pool, session.session_id);
      deps.actorCache.forgetSession(session.session_id);
    },

    async switchTo(session: HostedSession, organizationId: string): Promise<MembershipRecord> {
      const membership = await findMembership(db.pool, organizationId, session.identity_id);
      // Not a member reads as absent: an organisation's existence is not told to outsiders.
      if (!membership) throw notFound('Organization not found');
      await setSessionOrganization(db.pool, session.session_id, organizationId);
      if (membership.status === 'ready') {
        await copyPerson(db.pool, organizationSchema(organizationId), session.identity_id);
      }
      deps.actorCache.forgetSession(session.session_id);
      return membership;
    },
  };
}

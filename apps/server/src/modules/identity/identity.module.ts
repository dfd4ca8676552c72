import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { maintenanceWorker } from '../../platform/maintenance.ts';
import { defineModule } from '../../platform/module.ts';
import { peopleSearch } from './people.search.ts';
import {
  createAccessTokenService,
  type AccessTokenService,
} from './access-tokens/access-tokens.service.ts';
import { bearerOrSession } from './access-tokens/bearer-authenticator.ts';
import { accountRoutes } from './accounts.routes.ts';
import { identitiesWriteHook } from './accounts/identities-write-hook.ts';
import type { LinkSender } from './accounts/link-sender.ts';
import { flowRetentionJob } from './flows/flow-retention.ts';
import { identityResources } from './identity.resources.ts';
import { identityRoutes } from './identity.routes.ts';
import { createIdentityService, type IdentityService } from './identity.service.ts';
import type { IdentitySettings } from './identity.settings.ts';
import type { AttemptLimits } from './limits/attempt-limiter.ts';
import { providersWriteHook } from './oidc/providers-write-hook.ts';
import { sessionAuthenticator } from './session-authenticator.ts';
import { hostedSessionAuthenticator } from './hosted/hosted-authenticator.ts';
import { hostedRoutes } from './hosted/hosted.routes.ts';
import { createHostedService } from './hosted/hosted.service.ts';
import type { HostedSettings } from './hosted/hosted.settings.ts';
import { listReadyOrganizations } from './hosted/organizations.repository.ts';
import { createProvisioner, type OrganizationDatabases } from './hosted/provisioner.ts';
import { createActorCache, type ActorCache } from './sessions/actor-cache.ts';
import { followSessionChanges } from './sessions/session-changes.ts';

export type { AccessTokenService } from './access-tokens/access-tokens.service.ts';
export type { IdentitySettings } from './identity.settings.ts';
export { identitySettingsFrom } from './identity.settings.ts';
export type { HostedSettings } from './hosted/hosted.settings.ts';
export { hostedSettingsFrom } from './hosted/hosted.settings.ts';

export interface IdentityModuleDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly settings: IdentitySettings;
  readonly links?: LinkSender | undefined;
  readonly signInLimits?: AttemptLimits | undefined;
  /** Recovery and verification requests per email and per address. */
  readonly emailLinkLimits?: AttemptLimits | undefined;
  /** How long a resolved session is reused without reading it again (default 5 s). */
  readonly actorCacheMs?: number | undefined;
  /** Hosted mode (VIGIL_AUTH=oidc-org): sign-in at one provider, people in organisations. */
  readonly hosted?: HostedSettings | undefined;
  /** Hosted mode: opens an organisation's own database (provisioning migrates it). */
  readonly organizations?: OrganizationDatabases | undefined;
}

/** The identity area: self-service flows, sessions, access tokens, people and providers. */
export function createIdentityModule(deps: IdentityModuleDeps) {
  const { db, log, settings } = deps;
  const actorCache = createActorCache(deps.actorCacheMs);
  const identity = createIdentityService({
    db,
    actorCache,
    settings,
    log,
    ...(deps.links ? { links: deps.links } : {}),
    ...(deps.signInLimits ? { limits: deps.signInLimits } : {}),
    ...(deps.emailLinkLimits ? { linkLimits: deps.emailLinkLimits } : {}),
  });
  const accessTokens: AccessTokenService = createAccessTokenService(db);
  const hosted = deps.hosted ? hostedParts(deps, deps.hosted, identity, actorCache) : undefined;
  const sessionActor = hosted
    ? hostedSessionAuthenticator(db, settings, actorCache)
    : sessionAuthenticator(db, settings, actorCache);
  return {
    accessTokens,
    organizations: hosted?.organizations,
    module: defineModule({
      name: 'identity',
      routes: [
        followSessionChanges(db, actorCache, log),
        identityRoutes(identity, hosted !== undefined),
        accountRoutes(identity, hosted !== undefined),
        ...(hosted ? [hosted.routes] : []),
      ],
      resources: identityResources,
      search: [peopleSearch],
      writeHooks: {
        identities: identitiesWriteHook,
        identity_providers: providersWriteHook(identity.sealer),
      },
      workers: [
        maintenanceWorker(db, flowRetentionJob, log),
        ...(hosted ? [hosted.provisioner] : []),
      ],
      // The first authenticator: a bearer access token, else the session cookie.
      authenticate: () => bearerOrSession(accessTokens, sessionActor),
    }),
  };
}

function hostedParts(
  deps: IdentityModuleDeps,
  settings: HostedSettings,
  identity: IdentityService,
  actorCache: ActorCache,
) {
  const databaseOf = deps.organizations;
  if (!databaseOf) throw new Error('hosted mode needs the organisations’ databases');
  const provisioner = createProvisioner(deps.db, deps.log, {
    backendUrl: settings.backendUrl,
    pollMs: settings.provisionPollMs,
    databaseOf,
  });
  const service = createHostedService({
    db: deps.db,
    log: deps.log,
    sealer: identity.sealer,
    sessions: identity.sessions,
    actorCache,
    identity: deps.settings,
    settings,
    nudge: provisioner.nudge,
  });
  return {
    routes: hostedRoutes(service, deps.settings.secureCookies),
    provisioner: provisioner.worker,
    organizations: {
      /** One provisioning pass now (tests; the worker polls). */
      provision: provisioner.pass,
      /** The ready organisations, whose workers serve runs. */
      ready: () => listReadyOrganizations(deps.db.pool),
    },
  };
}

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
import { createIdentityService } from './identity.service.ts';
import type { IdentitySettings } from './identity.settings.ts';
import type { AttemptLimits } from './limits/attempt-limiter.ts';
import { providersWriteHook } from './oidc/providers-write-hook.ts';
import { sessionAuthenticator } from './session-authenticator.ts';
import { createActorCache } from './sessions/actor-cache.ts';
import { followSessionChanges } from './sessions/session-changes.ts';

export type { AccessTokenService } from './access-tokens/access-tokens.service.ts';
export type { IdentitySettings } from './identity.settings.ts';
export { identitySettingsFrom } from './identity.settings.ts';

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
  return {
    accessTokens,
    module: defineModule({
      name: 'identity',
      routes: [
        followSessionChanges(db, actorCache, log),
        identityRoutes(identity),
        accountRoutes(identity),
      ],
      resources: identityResources,
      search: [peopleSearch],
      writeHooks: {
        identities: identitiesWriteHook,
        identity_providers: providersWriteHook(identity.sealer),
      },
      workers: [maintenanceWorker(db, flowRetentionJob, log)],
      // The first authenticator: a bearer access token, else the session cookie.
      authenticate: () =>
        bearerOrSession(accessTokens, sessionAuthenticator(db, settings, actorCache)),
    }),
  };
}

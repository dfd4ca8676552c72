import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createDataApi } from './data-api/data-api.module.ts';
import { canarySchemaRoutes } from './modules/health/canaries/canaries.routes.ts';
import { canariesWriteHook } from './modules/health/canaries/canaries.write-hook.ts';
import { accountRoutes } from './modules/identity/accounts.routes.ts';
import { identitiesWriteHook } from './modules/identity/accounts/identities-write-hook.ts';
import type { LinkSender } from './modules/identity/accounts/link-sender.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { providersWriteHook } from './modules/identity/oidc/providers-write-hook.ts';
import {
  createIdentityService,
  type IdentityService,
} from './modules/identity/identity.service.ts';
import type { IdentitySettings } from './modules/identity/identity.settings.ts';
import { sessionAuthenticator } from './modules/identity/session-authenticator.ts';
import { createActorCache } from './modules/identity/sessions/actor-cache.ts';
import type { SignInLimits } from './modules/identity/sign-in-limiter.ts';
import type { LocalProperty } from './modules/properties/local-properties.ts';
import { propertiesRoutes } from './modules/properties/properties.routes.ts';
import { createPropertiesService } from './modules/properties/properties.service.ts';
import { rbacRoutes } from './modules/rbac/index.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import type { Database } from './platform/db.ts';
import type { Authenticator } from './platform/http/actor.ts';

export interface ApiOptions {
  readonly log: Logger;
  readonly identity: IdentitySettings;
  readonly edition: 'full' | 'health';
  readonly localProperties: readonly LocalProperty[];
  readonly links?: LinkSender;
  readonly signInLimits?: SignInLimits;
  /** How long a resolved session is reused without reading it again (default 5 s). */
  readonly actorCacheMs?: number;
}

export interface Api {
  readonly routes: Array<(app: FastifyInstance) => Promise<void>>;
  /** Turns a request's session cookie into the actor every route authorises. */
  readonly authenticate: Authenticator;
  readonly identity: IdentityService;
}

/** Every area's services and routes, mounted under /api. */
export async function createApi(db: Database, options: ApiOptions): Promise<Api> {
  const actorCache = createActorCache(options.actorCacheMs);
  const identity = createIdentityService({
    db,
    actorCache,
    settings: options.identity,
    log: options.log,
    ...(options.links ? { links: options.links } : {}),
    ...(options.signInLimits ? { limits: options.signInLimits } : {}),
  });
  const properties = createPropertiesService(db, options.localProperties);
  const dataApi = await createDataApi(
    db,
    new Map([
      ['properties', properties.writeHook],
      ['identities', identitiesWriteHook],
      ['canaries', canariesWriteHook],
      ['identity_providers', providersWriteHook(identity.sealer)],
    ]),
  );
  return {
    identity,
    authenticate: sessionAuthenticator(db, options.identity, actorCache),
    routes: [
      systemRoutes(db.pool, options.edition),
      identityRoutes(identity),
      accountRoutes(identity),
      rbacRoutes(db),
      canarySchemaRoutes(),
      propertiesRoutes(properties),
      dataApi.routes,
    ],
  };
}

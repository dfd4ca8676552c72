import { roleSchema } from '@vigil/domain';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { pino, type Logger } from 'pino';
import { anonymousActor, type Actor, type Authenticator } from '../src/platform/http/actor.ts';
import { buildApp } from '../src/platform/http/app.ts';
import type { AccountLink } from '../src/modules/identity/accounts/link-sender.ts';
import { defaultIdentityTimes } from '../src/modules/identity/identity.settings.ts';
import type { HostedSettings } from '../src/modules/identity/hosted/hosted.settings.ts';
import type { AttemptLimits } from '../src/modules/identity/limits/attempt-limiter.ts';
import type { LocalProperty } from '../src/modules/properties/local-properties.ts';
import { createDatabase } from '../src/platform/db.ts';
import type { HealthSettings } from '../src/modules/health/health.module.ts';
import { createApi, type Api } from '../src/routes.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/** The scrape token test apps accept at /api/metrics unless a test sets its own access. */
export const testMetricsToken = 'test-metrics-token-0123456789';
export const metricsAuthorization = { authorization: `Bearer ${testMetricsToken}` };

/** Test-only: the harness names the actor per request; no production code path reads this header. */
export const testActorHeader = 'x-vigil-test-role';

/** The test header when present; otherwise the real session cookie, as in production. */
function testAuthenticator(sessions: Authenticator): Authenticator {
  return (request) => {
    const header = request.headers[testActorHeader];
    if (header === undefined) return sessions(request);
    const parsed = roleSchema.safeParse(header);
    const actor: Actor = parsed.success
      ? { kind: 'user', id: '00000000-0000-0000-0000-0000000000aa', roles: [parsed.data] }
      : anonymousActor;
    return Promise.resolve(actor);
  };
}

export interface TestAppOptions {
  readonly localProperties?: readonly LocalProperty[];
  readonly signInLimits?: AttemptLimits;
  readonly emailLinkLimits?: AttemptLimits;
  readonly edition?: 'full' | 'health';
  readonly actorCacheMs?: number;
  /** Another app's database: this app is a second replica with its own pool; close() leaves it. */
  readonly database?: TestDatabase;
  /** Sees every route the app registers, e.g. to test each write route. */
  readonly onRoute?: (route: RouteOptions) => void;
  readonly metricsAccess?: { readonly public: boolean; readonly token?: string };
  readonly health?: HealthSettings;
  /** The modules to boot, by name (default: all); identity always comes. */
  readonly modules?: readonly string[];
  /** Hosted mode (VIGIL_AUTH=oidc-org) against this provider. */
  readonly hosted?: HostedSettings;
  /** Where the app logs (default: silent), e.g. to assert what reaches the logs. */
  readonly logger?: Logger;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  readonly baseUrl: string;
  readonly api: Api;
  /** Every recovery, verification and invitation link the app sent. */
  readonly links: AccountLink[];
  close(): Promise<void>;
}

/** A real Vigil API on a fresh database, listening on a loopback port. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.database;
  const database = shared
    ? { ...shared, db: createDatabase(shared.url, 10) }
    : await createTestDatabase();
  const logger = options.logger ?? pino({ level: 'silent' });
  const links: AccountLink[] = [];
  const api = await createApi(database.db, {
    log: logger,
    identity: {
      ...defaultIdentityTimes,
      secretKey: 'test-secret-key-'.repeat(4),
      secureCookies: false,
    },
    edition: options.edition ?? 'full',
    localProperties: options.localProperties ?? [],
    links: { send: async (link) => void links.push(link) },
    ...(options.signInLimits ? { signInLimits: options.signInLimits } : {}),
    ...(options.emailLinkLimits ? { emailLinkLimits: options.emailLinkLimits } : {}),
    ...(options.actorCacheMs !== undefined ? { actorCacheMs: options.actorCacheMs } : {}),
    ...(options.health ? { health: options.health } : {}),
    ...(options.modules ? { only: options.modules } : {}),
    ...(options.hosted ? { hosted: options.hosted } : {}),
  });
  const app = await buildApp({
    db: database.db,
    logger,
    authenticate: testAuthenticator(api.authenticate),
    requestScope: api.requestScope,
    bodyLimit: 10 * 1024 * 1024,
    routes: options.onRoute ? [routeWatcher(options.onRoute), ...api.routes] : api.routes,
    metrics: api.metrics,
    metricsAccess: options.metricsAccess ?? { public: false, token: testMetricsToken },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    api,
    links,
    async close() {
      await app.close();
      await api.stopWorkers();
      if (shared) await database.db.close();
      else await database.drop();
    },
  };
}

/**
 * A plugin that adds an onRoute hook to the root rather than to its own scope (Fastify's
 * `skip-override` mark, what fastify-plugin sets), so it sees the routes registered after it.
 */
function routeWatcher(
  onRoute: (route: RouteOptions) => void,
): (app: FastifyInstance) => Promise<void> {
  const plugin = (app: FastifyInstance): Promise<void> => {
    app.addHook('onRoute', onRoute);
    return Promise.resolve();
  };
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}

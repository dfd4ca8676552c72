import { anonymousAuthenticator, type Authenticator } from './platform/http/actor.ts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import { composeModules, type ModuleSettings } from './modules/index.ts';
import type { DataApi } from './data-api/data-api.module.ts';
import type { Database } from './platform/db.ts';
import { runMigrations } from './platform/migrations.ts';
import { createTenancy, type RequestScope } from './platform/tenancy.ts';
import { createTenantWorkers, type TenantWorkers } from './tenant-workers.ts';
import type { PagePreload } from './platform/http/static-web.ts';
import type { VigilModule, Worker } from './platform/module.ts';

export interface ApiOptions extends ModuleSettings {
  readonly log: Logger;
  /** Where the engine's and the HTTP layer's metrics are registered. */
  readonly metrics?: Registry;
}

type Composed = Awaited<ReturnType<typeof composeModules>>;

export interface Api {
  readonly modules: readonly VigilModule[];
  readonly routes: Array<(app: FastifyInstance) => Promise<void>>;
  /** Turns a request's bearer token or session cookie into the actor every route authorises. */
  readonly authenticate: Authenticator;
  /** Every module's workers; serve starts them when workers are on. */
  readonly workers: readonly Worker[];
  /** The check scheduler and runners (tests run checks through it). */
  readonly health: Composed['health'];
  /** enqueue() for producers and the consumers' status. */
  readonly events: Composed['events'];
  readonly dataApi: DataApi;
  readonly metrics: Registry;
  /** API answers the web's pages ask for first, preloaded with the page's HTML. */
  readonly pagePreloads: readonly PagePreload[];
  /** Hosted mode: binds each request's area queries to the caller's organisation. */
  readonly requestScope?: RequestScope | undefined;
  /** Hosted mode: provisioning and the organisations' workers. */
  readonly organizations?: HostedOrganizations | undefined;
  /** Stops every worker, the last started first; a failure is logged and the others still stop. */
  stopWorkers(): Promise<void>;
}

export interface HostedOrganizations {
  /** One provisioning pass now; answers how many organisations became ready. */
  readonly provision: () => Promise<number>;
  /** Starts the workers of organisations that became ready (serve polls for them). */
  readonly workers: TenantWorkers;
  readonly databaseOf: (organizationId: string) => Database;
}

/** Hosted mode: the area whose workers run once, on the shared schema (ADR 0011). */
const sharedAreas = new Set(['identity']);
/** Not run per organisation: identity is shared; the cluster sync is process-wide and off. */
const notPerOrganization = new Set(['identity', 'kube-api']);

/** How often serve looks for organisations that became ready, to start their workers. */
const tenantPollMs = 5000;

/** Every module's routes, mounted under /api, with their workers and authenticators. */
export async function createApi(db: Database, options: ApiOptions): Promise<Api> {
  const metrics = options.metrics ?? new Registry();
  const tenancy = options.hosted ? createTenancy(db) : undefined;
  const composed = tenancy
    ? await tenancy.run(db, () =>
        composeModules(
          {
            db: tenancy.db,
            shared: db,
            organizations: tenancy.databaseOf,
            log: options.log,
            metrics,
          },
          options,
        ),
      )
    : await composeModules({ db, log: options.log, metrics }, options);
  const { modules } = composed;
  const hosted = tenancy && composed.identity.organizations;
  const organizations: HostedOrganizations | undefined =
    tenancy && hosted
      ? {
          provision: hosted.provision,
          databaseOf: tenancy.databaseOf,
          workers: createTenantWorkers({
            log: options.log,
            ready: hosted.ready,
            databaseOf: tenancy.databaseOf,
            compose: async (orgDb, log) => {
              // A release's new migrations reach each organisation before its workers start.
              await runMigrations(orgDb.pool, log);
              const own = await composeModules(
                { db: orgDb, log, metrics: new Registry() },
                { ...options, hosted: undefined },
              );
              return own.modules
                .filter((module) => !notPerOrganization.has(module.name))
                .flatMap((module) => module.workers ?? []);
            },
            pollMs: tenantPollMs,
          }),
        }
      : undefined;
  // Hosted: the shared areas' workers once, every other area's per organisation.
  const workers = organizations
    ? [
        ...modules.filter((module) => sharedAreas.has(module.name)).flatMap((m) => m.workers ?? []),
        organizations.workers,
      ]
    : modules.flatMap((module) => module.workers ?? []);
  return {
    requestScope: tenancy?.requests,
    organizations,
    modules,
    routes: modules.flatMap((module) => module.routes ?? []),
    authenticate: modules.reduce<Authenticator>(
      (next, module) => module.authenticate?.(next) ?? next,
      anonymousAuthenticator,
    ),
    workers,
    health: composed.health,
    events: composed.events,
    dataApi: composed.dataApi,
    metrics,
    pagePreloads: modules.flatMap((module) => module.pagePreloads ?? []),
    async stopWorkers() {
      for (const worker of [...workers].reverse()) {
        try {
          await worker.stop();
        } catch (error) {
          options.log.error({ err: error, worker: worker.name }, 'worker did not stop cleanly');
        }
      }
      await tenancy?.close();
    },
  };
}

import { dashboardSummaryFor, localAgentId } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import { createDataApi } from './data-api/data-api.module.ts';
import { createAgentsModule, type AgentsSettings } from './modules/agents/agents.module.ts';
import { createConnectionsModule } from './modules/connections/connections.module.ts';
import { canarySchemaRoutes } from './modules/health/canaries/canaries.routes.ts';
import { canariesWriteHook } from './modules/health/canaries/canaries.write-hook.ts';
import { createHealthEngine, type HealthEngine } from './modules/health/engine/health-engine.ts';
import type { ClusterValues } from './modules/health/engine/cluster-values.ts';
import type { KubernetesKeyReader } from './modules/health/engine/kubernetes-keys.ts';
import { createValueResolver } from './modules/health/engine/values.ts';
import { defaultRetention, type HistoryRetention } from './modules/health/history/retention.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { webhookRoutes } from './modules/health/webhook/webhook.routes.ts';
import { createWebhookService } from './modules/health/webhook/webhook.service.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createAccessTokenService } from './modules/identity/access-tokens/access-tokens.service.ts';
import { bearerOrSession } from './modules/identity/access-tokens/bearer-authenticator.ts';
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
import { followSessionChanges } from './modules/identity/sessions/session-changes.ts';
import type { AttemptLimits } from './modules/identity/limits/attempt-limiter.ts';
import {
  defaultJobHistorySettings,
  type JobHistorySettings,
} from './modules/jobs/job-history.service.ts';
import {
  createJobHistoryWorker,
  type JobHistoryWorker,
} from './modules/jobs/job-history.worker.ts';
import {
  createEvents,
  defaultEventQueueSettings,
  type EventQueueSettings,
  type Events,
} from './modules/events/events.module.ts';
import { kubeApi } from './modules/kube-api/kube-api.module.ts';
import { notificationTesters } from './modules/notifications/channels/channel-testers.ts';
import { notificationConsumer } from './modules/notifications/notifications.consumer.ts';
import { notificationsWriteHook } from './modules/notifications/notifications.write-hook.ts';
import { createSendHistoryRetention } from './modules/notifications/send-history-retention.ts';
import type { LocalProperty } from './modules/properties/local-properties.ts';
import { propertiesRoutes } from './modules/properties/properties.routes.ts';
import { createPropertiesService } from './modules/properties/properties.service.ts';
import { rbacRoutes } from './modules/rbac/index.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { createSealer } from './platform/crypto.ts';
import type { Database } from './platform/db.ts';
import type { Authenticator } from './platform/http/actor.ts';
import type { PagePreload } from './platform/http/static-web.ts';

export interface ApiOptions {
  readonly log: Logger;
  readonly identity: IdentitySettings;
  readonly edition: 'full' | 'health';
  readonly localProperties: readonly LocalProperty[];
  readonly links?: LinkSender;
  readonly signInLimits?: AttemptLimits;
  /** Recovery and verification requests per email and per address. */
  readonly emailLinkLimits?: AttemptLimits;
  /**
   * How long a resolved session is reused without reading it again (default 5 s); a change to
   * it is heard at once through LISTEN/NOTIFY.
   */
  readonly actorCacheMs?: number;
  /** Where the engine's and the HTTP layer's metrics are registered. */
  readonly metrics?: Registry;
  readonly health?: HealthSettings;
  /** How job history is kept (VIGIL_JOB_HISTORY_KEEP). */
  readonly jobs?: JobHistorySettings;
  readonly events?: EventQueueSettings;
  /** VIGIL_PUBLIC_URL: the base of URLs handed out (kubeconfig); else the request's origin. */
  readonly publicUrl?: string | undefined;
  readonly agents?: AgentsSettings;
  /** The SMTP connection that mails people and teams (default connection://default/smtp). */
  readonly notificationEmailConnection?: string;
}

/** How the health engine runs checks (VIGIL_CHECK_* settings). */
export interface HealthSettings {
  readonly secretsDir?: string | undefined;
  /** Secret and ConfigMap keys from the cluster's API, when Vigil runs in one (before secretsDir). */
  readonly kubernetesKeys?: KubernetesKeyReader | undefined;
  /** Service account tokens and Helm values from that cluster (`valueFrom.serviceAccount`, `helmRef`). */
  readonly clusterValues?: ClusterValues | undefined;
  readonly maxConcurrentChecks: number;
  readonly defaultTimeoutMs: number;
  readonly flushMs: number;
  readonly retention: HistoryRetention;
  /** How long one summary answer is shared by the dashboards asking for it (0: never). */
  readonly summaryFreshMs: number;
}

export const defaultHealthSettings: HealthSettings = {
  maxConcurrentChecks: 1000,
  defaultTimeoutMs: 30_000,
  flushMs: 1000,
  retention: defaultRetention,
  summaryFreshMs: 5000,
};

export interface Api {
  readonly routes: Array<(app: FastifyInstance) => Promise<void>>;
  /** Turns a request's bearer token or session cookie into the actor every route authorises. */
  readonly authenticate: Authenticator;
  readonly identity: IdentityService;
  /** The check scheduler and runners; serve starts it when workers are on. */
  readonly health: HealthEngine;
  /** Stale marking and retention of job history; serve starts it when workers are on. */
  readonly jobs: JobHistoryWorker;
  /** enqueue() for producers; serve starts the consumers when workers are on. */
  readonly events: Events;
  /** Trims notification send history; serve starts it when workers are on. */
  readonly notifications: { start(): void; stop(): void };
  readonly metrics: Registry;
  /** API answers the web's pages ask for first, preloaded with the page's HTML. */
  readonly pagePreloads: readonly PagePreload[];
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
    ...(options.emailLinkLimits ? { linkLimits: options.emailLinkLimits } : {}),
  });
  const properties = createPropertiesService(db, options.localProperties);
  const sealer = createSealer(options.identity.secretKey);
  const metrics = options.metrics ?? new Registry();
  const healthSettings = options.health ?? defaultHealthSettings;
  const values = createValueResolver(
    healthSettings.secretsDir,
    healthSettings.kubernetesKeys,
    healthSettings.clusterValues,
  );
  const connections = createConnectionsModule(db, sealer, values, notificationTesters);
  const health = createHealthEngine({
    db,
    log: options.log,
    metrics,
    connections: connections.resolve,
    values,
    agentId: localAgentId,
    ...healthSettings,
  });
  const events = createEvents({
    db,
    log: options.log,
    metrics,
    settings: options.events ?? defaultEventQueueSettings,
    consumers: [
      notificationConsumer({
        db,
        resolveConnection: connections.resolve,
        emailConnection: options.notificationEmailConnection ?? 'connection://default/smtp',
      }),
    ],
  });
  const accessTokens = createAccessTokenService(db);
  const agents = createAgentsModule(db, options.agents);
  const dataApi = await createDataApi(
    db,
    new Map([
      ['properties', properties.writeHook],
      ['identities', identitiesWriteHook],
      ['canaries', canariesWriteHook],
      ['connections', connections.writeHook],
      ['identity_providers', providersWriteHook(identity.sealer)],
      ['agents', agents.writeHook],
      ['notifications', notificationsWriteHook],
    ]),
  );
  return {
    identity,
    health,
    jobs: createJobHistoryWorker(db, options.jobs ?? defaultJobHistorySettings, options.log),
    events,
    notifications: createSendHistoryRetention(db, options.log),
    metrics,
    pagePreloads: [dashboardSummaryFor],
    authenticate: agents.authenticate(
      bearerOrSession(accessTokens, sessionAuthenticator(db, options.identity, actorCache)),
    ),
    routes: [
      systemRoutes(db.pool, options.edition),
      followSessionChanges(db, actorCache, options.log),
      identityRoutes(identity),
      accountRoutes(identity),
      rbacRoutes(db),
      canarySchemaRoutes(),
      healthRoutes(
        createHealthService(db, health, healthSettings.retention, healthSettings.summaryFreshMs),
      ),
      webhookRoutes(createWebhookService(db, health, values)),
      propertiesRoutes(properties),
      dataApi.routes,
      kubeApi(dataApi.service, accessTokens, options.publicUrl),
      agents.routes,
      connections.routes,
    ],
  };
}

import { dashboardSummaryFor, localAgentId } from '@vigil/domain';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import type { ConnectionResolver } from '../connections/index.ts';
import { canarySchemaRoutes } from './canaries/canaries.routes.ts';
import { canariesWriteHook } from './canaries/canaries.write-hook.ts';
import { createHealthEngine, type HealthEngine } from './engine/health-engine.ts';
import { inClusterValues, type ClusterValues } from '../../platform/values/cluster-values.ts';
import {
  inClusterKeyReader,
  type KubernetesKeyReader,
} from '../../platform/values/kubernetes-keys.ts';
import { createValueResolver, type ValueResolver } from '../../platform/values/values.ts';
import { healthRoutes } from './health.routes.ts';
import { createHealthService } from './health.service.ts';
import { defaultRetention, type HistoryRetention } from './history/retention.ts';
import { healthResources } from './health.resources.ts';
import { healthSearch } from './health.search.ts';
import { webhookRoutes } from './webhook/webhook.routes.ts';
import { createWebhookService } from './webhook/webhook.service.ts';

export type { HealthEngine } from './engine/health-engine.ts';
export { createHealthEngine } from './engine/health-engine.ts';
export type { ValueResolver } from '../../platform/values/values.ts';

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

/** The VIGIL_CHECK_* and VIGIL_HEALTH_* settings, read once (serve and agent). */
export function healthSettingsFrom(config: Config): HealthSettings {
  return {
    secretsDir: config.VIGIL_SECRETS_DIR,
    kubernetesKeys: inClusterKeyReader(process.env),
    clusterValues: inClusterValues(process.env),
    maxConcurrentChecks: config.VIGIL_CHECK_CONCURRENCY,
    defaultTimeoutMs: config.VIGIL_CHECK_TIMEOUT * 1000,
    flushMs: 1000,
    summaryFreshMs: config.VIGIL_HEALTH_SUMMARY_CACHE * 1000,
    retention: {
      ...defaultRetention,
      rawMs: config.VIGIL_HEALTH_RAW_RETENTION * 1000,
      hourlyMs: config.VIGIL_HEALTH_HOURLY_RETENTION * 1000,
      dailyMs: config.VIGIL_HEALTH_DAILY_RETENTION * 1000,
    },
  };
}

/** Resolves the values of checks and connections: literals, files, Secrets and ConfigMaps. */
export function valueResolverFor(settings: HealthSettings): ValueResolver {
  return createValueResolver(settings.secretsDir, settings.kubernetesKeys, settings.clusterValues);
}

export interface HealthModuleDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly metrics: Registry;
  readonly settings: HealthSettings;
  readonly values: ValueResolver;
  readonly connections: ConnectionResolver;
}

/** The health area: canaries and checks, the engine as a worker, the summary and webhooks. */
export function createHealthModule(deps: HealthModuleDeps) {
  const { db, settings, values } = deps;
  const engine: HealthEngine = createHealthEngine({
    db,
    log: deps.log,
    metrics: deps.metrics,
    connections: deps.connections,
    values,
    agentId: localAgentId,
    ...settings,
  });
  const service = createHealthService(db, engine, settings.retention, settings.summaryFreshMs);
  return {
    engine,
    module: defineModule({
      name: 'health',
      routes: [
        canarySchemaRoutes(),
        healthRoutes(service),
        webhookRoutes(createWebhookService(db, engine, values)),
      ],
      resources: healthResources,
      search: healthSearch,
      writeHooks: { canaries: canariesWriteHook },
      workers: [{ name: 'health engine', start: () => engine.start(), stop: () => engine.stop() }],
      pagePreloads: [dashboardSummaryFor],
    }),
  };
}

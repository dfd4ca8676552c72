import path from 'node:path';
import type { Config } from '../platform/config.ts';
import { buildApp } from '../platform/http/app.ts';
import { metricsAccessOf } from '../platform/http/metrics-access.ts';
import { tuneHeap } from '../platform/heap.ts';
import { createLogger } from '../platform/logger.ts';
import { openRuntime } from '../platform/runtime.ts';
import { countedSupervision } from '../platform/embedded-postgres-supervisor.ts';
import { Registry } from 'prom-client';
import { defaultRetention } from '../modules/health/history/retention.ts';
import { defaultJobHistorySettings } from '../modules/jobs/job-history.service.ts';
import { resolveSecretKey } from '../platform/secret-key.ts';
import { identitySettingsFrom } from '../modules/identity/identity.settings.ts';
import { readLocalProperties } from '../modules/properties/local-properties.ts';
import { inClusterValues } from '../modules/health/engine/cluster-values.ts';
import { inClusterKeyReader } from '../modules/health/engine/kubernetes-keys.ts';
import { createApi } from '../routes.ts';
import { webDistDir } from '../platform/paths.ts';
import { listeningPort } from '../platform/ports.ts';
import { runningLine } from './running-line.ts';

const defaultWebDir = webDistDir;

export async function serve(config: Config): Promise<void> {
  tuneHeap();
  const log = createLogger(config.LOG_LEVEL);
  const secretKey = await resolveSecretKey(config.dataDir, config.VIGIL_SECRET_KEY);
  const localProperties = readLocalProperties(
    config.VIGIL_PROPERTIES,
    config.VIGIL_PROPERTIES_FILE,
  );
  const metrics = new Registry();
  const runtime = await openRuntime(config, log, countedSupervision(metrics));
  const api = await createApi(runtime.db, {
    log,
    metrics,
    health: {
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
    },
    jobs: { ...defaultJobHistorySettings, keepPerJob: config.VIGIL_JOB_HISTORY_KEEP },
    events: {
      loops: config.VIGIL_EVENT_CONSUMERS,
      batchSize: config.VIGIL_EVENT_BATCH_SIZE,
      maxAttempts: config.VIGIL_EVENT_MAX_ATTEMPTS,
      backoff: {
        baseMs: config.VIGIL_EVENT_BACKOFF * 1000,
        maxMs: config.VIGIL_EVENT_BACKOFF_MAX * 1000,
      },
      pollMs: config.VIGIL_EVENT_POLL * 1000,
      retentionMs: config.VIGIL_EVENT_RETENTION * 1000,
      testConsumers: config.VIGIL_TEST_CONSUMERS,
    },
    identity: identitySettingsFrom(config, secretKey),
    edition: config.VIGIL_EDITION,
    localProperties,
    publicUrl: config.VIGIL_PUBLIC_URL,
  });
  const app = await buildApp({
    db: runtime.db,
    logger: log,
    authenticate: api.authenticate,
    bodyLimit: config.VIGIL_BODY_LIMIT,
    publicUrl: config.VIGIL_PUBLIC_URL,
    webDir: path.resolve(config.VIGIL_WEB_DIR ?? defaultWebDir),
    routes: api.routes,
    pagePreloads: api.pagePreloads,
    metrics,
    metricsAccess: metricsAccessOf(config),
  });
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) {
      log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down: draining requests');
    // A request that never finishes must not keep the process (and its database) alive forever.
    setTimeout(() => {
      log.error('shutdown timed out after 30 s; exiting');
      process.exit(1);
    }, 30_000).unref();
    await app.close();
    api.jobs.stop();
    api.notifications.stop();
    await api.health
      .stop()
      .catch((error: unknown) =>
        log.error({ err: error }, 'health results not written at shutdown'),
      );
    await api.events
      .stop()
      .catch((error: unknown) => log.error({ err: error }, 'event consumers did not stop cleanly'));
    await runtime.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.VIGIL_WORKERS) {
    api.health.start();
    api.jobs.start();
    api.events.start();
    api.notifications.start();
  }
  log.info({ workers: config.VIGIL_WORKERS }, 'workers setting');
  // PORT 0 asks for any free port: print the one the system gave.
  process.stdout.write(runningLine(listeningPort(app.server)));
}

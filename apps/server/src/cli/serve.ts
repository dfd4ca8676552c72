import path from 'node:path';
import type { Config } from '../platform/config.ts';
import { buildApp } from '../platform/http/app.ts';
import { metricsAccessOf } from '../platform/http/metrics-access.ts';
import { tuneHeap } from '../platform/heap.ts';
import { createConsoleLogger } from '../platform/logger.ts';
import { openRuntime } from '../platform/runtime.ts';
import { countedSupervision } from '../platform/embedded-postgres-supervisor.ts';
import { Registry } from 'prom-client';
import { resolveSecretKey } from '../platform/secret-key.ts';
import { moduleSettingsFrom } from '../modules/index.ts';
import { createApi } from '../routes.ts';
import { webDistDir } from '../platform/paths.ts';
import { listeningPort } from '../platform/ports.ts';
import { runningLine } from './running-line.ts';

const defaultWebDir = webDistDir;

export async function serve(config: Config): Promise<void> {
  tuneHeap();
  const log = await createConsoleLogger(config.LOG_LEVEL);
  const secretKey = await resolveSecretKey(config.dataDir, config.VIGIL_SECRET_KEY);
  const settings = moduleSettingsFrom(config, secretKey);
  const metrics = new Registry();
  const runtime = await openRuntime(config, log, countedSupervision(metrics));
  const api = await createApi(runtime.db, { log, metrics, ...settings });
  const app = await buildApp({
    db: runtime.db,
    logger: log,
    authenticate: api.authenticate,
    requestScope: api.requestScope,
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
    await api.stopWorkers();
    await runtime.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.VIGIL_WORKERS) {
    for (const worker of api.workers) worker.start();
  }
  log.info({ workers: config.VIGIL_WORKERS }, 'workers setting');
  // PORT 0 asks for any free port: print the one the system gave.
  process.stdout.write(runningLine(listeningPort(app.server)));
}

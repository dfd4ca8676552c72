import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../platform/config.ts';
import { anonymousAuthenticator } from '../platform/http/actor.ts';
import { buildApp } from '../platform/http/app.ts';
import { createLogger } from '../platform/logger.ts';
import { openRuntime } from '../platform/runtime.ts';
import { resolveSecretKey } from '../platform/secret-key.ts';
import { apiRoutes } from '../routes.ts';

const defaultWebDir = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

export async function serve(config: Config): Promise<void> {
  const log = createLogger(config.LOG_LEVEL);
  await resolveSecretKey(config.dataDir, config.VIGIL_SECRET_KEY);
  const runtime = await openRuntime(config, log);
  const app = await buildApp({
    db: runtime.db,
    logger: log,
    authenticate: anonymousAuthenticator,
    bodyLimit: config.VIGIL_BODY_LIMIT,
    webDir: path.resolve(config.VIGIL_WEB_DIR ?? defaultWebDir),
    routes: await apiRoutes(runtime.db),
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
    await runtime.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info({ workers: config.VIGIL_WORKERS }, 'workers setting');
  process.stdout.write(`Vigil is running at http://localhost:${config.PORT}\n`);
}

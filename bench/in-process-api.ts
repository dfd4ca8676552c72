import { pino } from 'pino';
import type { Database } from '../apps/server/src/platform/db.ts';
import { buildApp } from '../apps/server/src/platform/http/app.ts';
import { defaultIdentityTimes } from '../apps/server/src/modules/identity/identity.settings.ts';
import { createApi, type Api, type ApiOptions } from '../apps/server/src/routes.ts';

export interface InProcessApi {
  readonly baseUrl: string;
  /** The composed modules, for what a benchmark reads from them (e.g. the data API's resources). */
  readonly modules: Api;
  /** Stops listening, then stops whatever workers the modules started. */
  close(): Promise<void>;
}

/**
 * Vigil's API in this process on a loopback port, silent and without workers: what the query
 * benchmarks time, with nothing else competing. `options` overrides the module settings.
 */
export async function startInProcessApi(
  db: Database,
  options: Partial<Omit<ApiOptions, 'log'>> = {},
): Promise<InProcessApi> {
  const logger = pino({ level: 'silent' });
  const api = await createApi(db, {
    log: logger,
    identity: {
      ...defaultIdentityTimes,
      secretKey: 'bench-secret-key'.repeat(4),
      secureCookies: false,
    },
    edition: 'full',
    localProperties: [],
    ...options,
  });
  const app = await buildApp({
    db,
    logger,
    authenticate: api.authenticate,
    bodyLimit: 10485760,
    routes: api.routes,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    modules: api,
    close: async () => {
      await app.close();
      await api.stopWorkers();
    },
  };
}

import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Database } from '../../../platform/db.ts';
import { registerMetrics } from '../../../platform/http/metrics.ts';
import type { MetricsAccess } from '../../../platform/http/metrics-access.ts';
import { systemRoutes } from '../../system/system.module.ts';

/**
 * The agent's local endpoints only: /api/health and /api/metrics. No API docs, web app or
 * sessions, so the agent does not load (or hold in memory) what it never serves.
 */
export async function buildAgentHttp(
  db: Database,
  log: Logger,
  metrics: Registry,
  metricsAccess: MetricsAccess,
): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = log;
  const app = Fastify({
    loggerInstance,
    forceCloseConnections: 'idle',
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerMetrics(app, db.pool, metricsAccess, metrics);
  await app.register(systemRoutes(db.pool, 'health'), { prefix: '/api' });
  return app;
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { backendVersion } from '../../platform/version.ts';
import { checkHealth } from './system.service.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  version: z.string(),
});

const aboutSchema = z.object({
  Version: z.string(),
  backend: z.string(),
  edition: z.enum(['full', 'health']),
  /** `oidc-org`: hosted mode, sign-in at the organisation's provider (docs/hosted.md). */
  auth: z.enum(['self', 'oidc-org']),
});

export function systemRoutes(
  pool: pg.Pool,
  edition: 'full' | 'health',
  auth: 'self' | 'oidc-org' = 'self',
) {
  return async (app: FastifyInstance): Promise<void> => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          summary: 'Liveness: answers 200 when the database answers',
          tags: ['system'],
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        const report = await checkHealth(pool);
        return reply.code(report.status === 'ok' ? 200 : 503).send(report);
      },
    );
    app.withTypeProvider<ZodTypeProvider>().get(
      '/canary/about',
      {
        schema: {
          summary: 'Backend version and edition',
          tags: ['system'],
          response: { 200: aboutSchema },
        },
      },
      async () => ({ Version: backendVersion, backend: backendVersion, edition, auth }),
    );
  };
}

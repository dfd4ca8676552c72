import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { checkHealth } from './system.service.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  version: z.string(),
});

export function systemRoutes(pool: pg.Pool) {
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
  };
}

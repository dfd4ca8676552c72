import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service.ts';

/** /api/canary: the health dashboard's summary, a check's graph, and Run Now. */
export function healthRoutes(health: HealthService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/canary/api/summary',
      { schema: { tags: ['health'], summary: 'Checks with uptime and latency over a time range' } },
      async (request, reply) =>
        reply.type('application/json').send(await health.summary(request.actor, request.query)),
    );
    app.get(
      '/canary/api/graph',
      { schema: { tags: ['health'], summary: "A check's history in time buckets" } },
      async (request) => health.graph(request.actor, request.query),
    );
    app.post<{ Params: { id: string } }>(
      '/canary/run/check/:id',
      { schema: { tags: ['health'], summary: 'Run a check now' } },
      async (request) => health.runCheck(request.actor, request.params.id),
    );
  };
}

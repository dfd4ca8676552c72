import {
  canonicalFilterKeys,
  checkSummaryFilterSchema,
  checkSummaryResponseSchema,
} from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { HealthService } from './health.service.ts';

const summaryQuerySchema = z.object({ timeRange: z.string().optional() });
/** Mission Control's path, and canary-checker's own (whose base here is /api/canary too). */
const summaryPaths = ['/canary/api/summary', '/summary'];

/** /api/canary: the health dashboard's summary, a check's graph, and Run Now. */
export function healthRoutes(health: HealthService) {
  return async (app: FastifyInstance): Promise<void> => {
    // Answers are JSON text (see the service): the response schemas document, not serialise.
    for (const path of summaryPaths) {
      app.get(
        path,
        {
          schema: {
            tags: ['health'],
            summary: 'Checks with uptime and latency over a time range',
            querystring: summaryQuerySchema,
            response: { 200: checkSummaryResponseSchema },
          },
        },
        async (request, reply) =>
          reply.type('application/json').send(await health.summary(request.actor, request.query)),
      );
      app.post(
        path,
        {
          schema: {
            tags: ['health'],
            summary: 'The checks a filter keeps: ids, labels, status, time range, sort',
            body: checkSummaryFilterSchema,
            response: { 200: checkSummaryResponseSchema },
          },
          preValidation: async (request) => {
            request.body = canonicalFilterKeys(request.body);
          },
        },
        async (request, reply) =>
          reply
            .type('application/json')
            .send(await health.filteredSummary(request.actor, request.body)),
      );
    }
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

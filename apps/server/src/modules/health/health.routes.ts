import {
  apiErrorSchema,
  canonicalFilterKeys,
  checkGraphQuerySchema,
  checkGraphSchema,
  checkSummaryFilterSchema,
  checkSummaryQuerySchema,
  checkSummaryResponseSchema,
  runCheckParamsSchema,
  refusalResponses,
  runCheckResultSchema,
} from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service.ts';

/** Mission Control's path, and canary-checker's own (whose base here is /api/canary too). */
const summaryPaths = ['/canary/api/summary', '/summary'];

/** /api/canary: the health dashboard's summary, a check's graph, and Run Now. */
export function healthRoutes(health: HealthService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    // Summaries are JSON text (see the service): their response schemas document, not serialise,
    // so they are routed without the zod type provider that would type their replies.
    for (const path of summaryPaths) {
      fastify.get(
        path,
        {
          schema: {
            tags: ['health'],
            summary: 'Checks with uptime and latency over a time range',
            querystring: checkSummaryQuerySchema,
            response: { 200: checkSummaryResponseSchema, ...refusalResponses },
          },
        },
        async (request, reply) =>
          reply.type('application/json').send(await health.summary(request.actor, request.query)),
      );
      fastify.post(
        path,
        {
          schema: {
            tags: ['health'],
            summary: 'The checks a filter keeps: ids, labels, status, time range, sort',
            body: checkSummaryFilterSchema,
            response: { 200: checkSummaryResponseSchema, ...refusalResponses },
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
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/canary/api/graph',
      {
        schema: {
          tags: ['health'],
          summary: "A check's history in time buckets",
          querystring: checkGraphQuerySchema,
          response: { 200: checkGraphSchema, ...refusalResponses, 404: apiErrorSchema },
        },
      },
      async (request) => health.graph(request.actor, request.query),
    );
    app.post(
      '/canary/run/check/:id',
      {
        schema: {
          tags: ['health'],
          summary: 'Run a check now',
          params: runCheckParamsSchema,
          response: {
            200: runCheckResultSchema,
            ...refusalResponses,
            404: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request) => health.runCheck(request.actor, request.params),
    );
  };
}

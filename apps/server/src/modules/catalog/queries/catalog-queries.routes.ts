import {
  catalogChangesRequestSchema,
  catalogChangesResponseSchema,
  catalogSummaryRequestSchema,
  catalogSummaryResponseSchema,
  refusalResponses,
} from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { CatalogQueriesService } from './catalog-queries.service.ts';

/**
 * /api/catalog/summary and /api/catalog/changes. The schemas document the calls; the service
 * validates after authorising, so an anonymous caller gets 401 whatever the body.
 */
export function catalogQueriesRoutes(service: CatalogQueriesService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(
      '/catalog/summary',
      {
        schema: {
          tags: ['catalog'],
          summary:
            'Config items grouped by type, class or tags, with health, insights, changes and cost',
          body: catalogSummaryRequestSchema,
          response: { 200: catalogSummaryResponseSchema, ...refusalResponses },
        },
        validatorCompiler: () => (data: unknown) => ({ value: data }),
      },
      async (request) => service.summary(request.actor, request.body),
    );
    app.post(
      '/catalog/changes',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Changes of a config and its related configs, or of the whole catalog',
          body: catalogChangesRequestSchema,
          response: { 200: catalogChangesResponseSchema, ...refusalResponses },
        },
        validatorCompiler: () => (data: unknown) => ({ value: data }),
      },
      async (request) => service.changes(request.actor, request.body),
    );
  };
}

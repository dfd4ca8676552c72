import { refusalResponses, searchQuerySchema, searchResponseSchema } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SearchService } from './search.service.ts';

/** GET /api/search: the command palette's results across every area the caller may read. */
export function searchRoutes(service: SearchService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/search',
      {
        schema: {
          tags: ['search'],
          summary:
            'Checks, canaries, connections, people, agents, notifications and configs by name',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, ...refusalResponses },
        },
      },
      async (request) => ({ results: await service.search(request.actor, request.query) }),
    );
  };
}

import { propertyListSchema, refusalResponses } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorise } from '../../platform/http/authorise.ts';
import type { createPropertiesService } from './properties.service.ts';

/** GET /api/properties: the feature flags and other properties, local ones included. */
export function propertiesRoutes(service: ReturnType<typeof createPropertiesService>) {
  return async (fastify: FastifyInstance): Promise<void> => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/properties',
      {
        schema: {
          tags: ['settings'],
          summary: 'Properties and feature flags',
          response: { 200: propertyListSchema, ...refusalResponses },
        },
      },
      async (request) => {
        authorise(request.actor, 'properties', 'read');
        return service.list();
      },
    );
  };
}

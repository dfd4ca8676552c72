import type { FastifyInstance } from 'fastify';
import { authorise } from '../../platform/http/authorise.ts';
import type { createPropertiesService } from './properties.service.ts';

/** GET /api/properties: the feature flags and other properties, local ones included. */
export function propertiesRoutes(service: ReturnType<typeof createPropertiesService>) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/properties',
      { schema: { tags: ['settings'], summary: 'Properties and feature flags' } },
      async (request) => {
        authorise(request.actor, 'properties', 'read');
        return service.list();
      },
    );
  };
}

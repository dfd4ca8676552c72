import { jsonSchemaDocumentSchema } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import { scrapeConfigJsonSchema } from './scrape-config-schema.ts';

/** GET /api/schemas/scrape-config.schema.json: what editors and `vigil apply` validate against. */
export function scrapeConfigSchemaRoutes() {
  const schema = scrapeConfigJsonSchema();
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/schemas/scrape-config.schema.json',
      {
        schema: {
          tags: ['catalog'],
          summary: 'JSON schema of the ScrapeConfig resource',
          response: { 200: jsonSchemaDocumentSchema },
        },
      },
      async () => schema,
    );
  };
}

import { jsonSchemaDocumentSchema } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import { canaryJsonSchema } from './canary-schema.ts';

/** GET /api/schemas/canary.schema.json: what the YAML editor and `vigil apply` validate against. */
export function canarySchemaRoutes() {
  const schema = canaryJsonSchema();
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/schemas/canary.schema.json',
      {
        schema: {
          tags: ['health'],
          summary: 'JSON schema of the Canary resource',
          response: { 200: jsonSchemaDocumentSchema },
        },
      },
      async () => schema,
    );
  };
}

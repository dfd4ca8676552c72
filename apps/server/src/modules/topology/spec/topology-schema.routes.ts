import type { FastifyInstance } from 'fastify';
import { topologyJsonSchema } from './topology-schema.ts';

/** GET /api/schemas/topology.schema.json: what editors and `vigil apply` validate against. */
export function topologySchemaRoutes() {
  const schema = topologyJsonSchema();
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/schemas/topology.schema.json',
      { schema: { tags: ['topology'], summary: 'JSON schema of the Topology resource' } },
      async () => schema,
    );
  };
}

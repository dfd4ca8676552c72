import { apiErrorSchema, okAnswerSchema, refusalResponses } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ConnectionTestService } from './connection-test.service.ts';

/** /api/connection: testing a stored connection (its CRUD goes through the data API). */
export function connectionsRoutes(tests: ConnectionTestService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post<{ Params: { id: string } }>(
      '/connection/test/:id',
      {
        schema: {
          tags: ['connections'],
          summary: 'Connect to the target of a stored connection; answers {message: "ok"}',
          response: {
            200: okAnswerSchema,
            ...refusalResponses,
            404: apiErrorSchema,
            501: apiErrorSchema,
          },
        },
      },
      async (request) => tests.test(request.actor, request.params.id),
    );
  };
}

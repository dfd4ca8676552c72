import { logQueryRequestSchema, logQueryResponseSchema, refusalResponses } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { LogsService } from './logs.service.ts';

/**
 * POST /api/logs (spec 001 §7 "Logs calls"). The schema documents the call; the service
 * validates after authorising, so an anonymous caller gets 401 whatever the body.
 */
export function logsRoutes(service: LogsService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(
      '/logs',
      {
        schema: {
          tags: ['logs'],
          summary: "Log lines of a component's log selector, newest first",
          body: logQueryRequestSchema,
          response: { 200: logQueryResponseSchema, ...refusalResponses },
        },
        validatorCompiler: () => (data: unknown) => ({ value: data }),
      },
      async (request) => service.query(request.actor, request.body),
    );
  };
}

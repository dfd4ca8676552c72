import type { ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.ts';

/** The one place where errors become HTTP answers. 5xx details never reach the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.toBody());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first
        ? `${error.validationContext ?? 'request'}${first.instancePath}`
        : 'request';
      const body = new ApiError(400, 'bad_request', `${where} ${first?.message ?? 'is invalid'}`);
      return reply.code(400).send(body.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const body = new ApiError(status, error.code ?? 'bad_request', error.message);
      return reply.code(status).send(body.toBody());
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(new ApiError(500, 'internal', 'Internal server error').toBody());
  });
}

/**
 * Errors Fastify raises before routing, such as a malformed path encoding. Its reply type
 * there is route-generic, so the answer goes out on the raw response.
 */
export function sendFrameworkError(error: FastifyError, reply: { raw: ServerResponse }): void {
  const status = error.statusCode ?? 400;
  const body = new ApiError(status, 'bad_request', error.message).toBody();
  reply.raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  reply.raw.end(JSON.stringify(body));
}

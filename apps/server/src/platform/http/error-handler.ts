import type { ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db-unavailable.ts';
import { ApiError, DomainError, type DomainErrorCode } from '../errors.ts';

/** Seconds a client should wait before retrying an answer of 503 (the database is away). */
export const retryAfterSeconds = 2;

/** The HTTP status of each domain code: the only place a verb's refusal becomes a status. */
const domainStatus: Record<DomainErrorCode, number> = {
  bad_request: 400,
  connection_test_failed: 400,
  unauthenticated: 401,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  webhook_token_unreadable: 500,
  not_implemented: 501,
};

/** The status an error answers with, for the other HTTP adapters (the Kubernetes-style API). */
export function httpStatusOf(error: ApiError | DomainError): number {
  return error instanceof DomainError ? domainStatus[error.code] : error.status;
}

/**
 * The one place where errors become HTTP answers. 5xx details never reach the client. A lost
 * or refused database connection, anywhere, is 503 with Retry-After: the request can succeed
 * once the database is back.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(retryAfterSeconds));
    return payload;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError || error instanceof DomainError) {
      const status = httpStatusOf(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(error.toBody());
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message }, 'database unavailable');
      return reply.code(503).send(databaseUnavailable().toBody());
    }
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

function databaseUnavailable(): ApiError {
  return new ApiError(
    503,
    'database_unavailable',
    'The database is unavailable.',
    null,
    `Try again in ${retryAfterSeconds} seconds.`,
  );
}

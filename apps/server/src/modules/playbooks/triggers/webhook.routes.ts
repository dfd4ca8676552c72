import { apiErrorSchema } from '@vigil/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebhookCall } from './webhook.ts';

const bodyLimit = 1024 * 1024;

function callOf(request: FastifyRequest<{ Params: { path: string } }>): WebhookCall {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? (value[0] ?? '') : value;
  }
  const query: Record<string, string> = {};
  if (typeof request.query === 'object' && request.query !== null) {
    for (const [name, value] of Object.entries(request.query)) query[name] = String(value);
  }
  return {
    path: request.params.path,
    method: request.method,
    headers,
    query,
    body: typeof request.body === 'string' ? request.body : '',
  };
}

/** /api/playbook/webhook/{path}: Mission Control's webhook trigger, GET or POST. */
export function playbookWebhookRoutes(receive: (call: WebhookCall) => Promise<{ run_id: string }>) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit },
      (_r, body, done) => done(null, body),
    );
    for (const method of ['GET', 'POST'] as const) {
      app.route<{ Params: { path: string } }>({
        method,
        url: '/playbook/webhook/:path',
        bodyLimit,
        schema: {
          tags: ['playbooks'],
          summary: 'Start a run of the playbook listening on this webhook',
          response: { 401: apiErrorSchema, 404: apiErrorSchema },
        },
        handler: async (request, reply) => reply.code(201).send(await receive(callOf(request))),
      });
    }
  };
}

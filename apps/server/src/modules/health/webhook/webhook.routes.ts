import {
  apiErrorSchema,
  webhookAnswerSchema,
  webhookParamsSchema,
  webhookQuerySchema,
} from '@vigil/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebhookService } from './webhook.service.ts';

/** Never handed to expressions: a display or transform could show them to every reader. */
const secretHeaders = new Set(['webhook-token', 'authorization', 'cookie']);

/** A push larger than this is refused with 413 before it is read. */
const bodyLimit = 1024 * 1024;

/**
 * POST /api/webhook/{name} (canary-checker's `/webhook/:id`) and its Mission Control path
 * /api/canary/webhook/{name}. No session: the webhook's own `token` is the authorisation.
 */
export function webhookRoutes(webhooks: WebhookService) {
  return async (app: FastifyInstance): Promise<void> => {
    // Any body is taken as text: canary-checker records non-JSON bodies as `content`.
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    for (const path of ['/webhook/:name', '/canary/webhook/:name']) {
      app.post<{ Params: { name: string }; Querystring: { token?: string } }>(
        path,
        {
          bodyLimit,
          schema: {
            tags: ['health'],
            summary: 'Record a push to a webhook check',
            params: webhookParamsSchema,
            querystring: webhookQuerySchema,
            response: {
              200: webhookAnswerSchema,
              400: apiErrorSchema,
              401: apiErrorSchema,
              404: apiErrorSchema,
              413: apiErrorSchema,
            },
          },
        },
        async (request) => webhooks.receive(pushOf(request)),
      );
    }
  };
}

function pushOf(
  request: FastifyRequest<{ Params: { name: string }; Querystring: { token?: string } }>,
) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || secretHeaders.has(name)) continue;
    headers[canonicalName(name)] = Array.isArray(value) ? (value[0] ?? '') : value;
  }
  const headerToken = request.headers['webhook-token'];
  const queryToken = typeof request.query.token === 'string' ? request.query.token : '';
  const token = queryToken || (typeof headerToken === 'string' ? headerToken : undefined);
  const isJson =
    (request.headers['content-type'] ?? '').split(';')[0]?.trim() === 'application/json';
  const body: unknown = request.body;
  return {
    name: request.params.name,
    token,
    headers,
    json: isJson ? body : undefined,
    content: isJson ? undefined : typeof body === 'string' ? body : '',
  };
}

/** Go's http.Header keys (`Content-Type`), which canary-checker's `results.headers` shows. */
function canonicalName(name: string): string {
  return name.replace(
    /(^|-)([a-z])/g,
    (_match, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`,
  );
}

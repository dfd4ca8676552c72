import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonNestsTooDeep, tooDeepMessage } from '../platform/http/body-depth.ts';
import { pgrst } from './postgrest-errors.ts';
import type { createDataApiService } from './data-api.service.ts';
import type { DataApiResponse } from './response.ts';

type DataApiService = ReturnType<typeof createDataApiService>;

const methods = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'] as const;

/** /api/db/{resource} and /api/db/rpc/{function}: thin edges over the data-API service. */
export function dataApiRoutes(service: DataApiService) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') return done(null, undefined);
        if (jsonNestsTooDeep(text)) return done(pgrst.invalidBody(tooDeepMessage), undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(pgrst.invalidBody('Empty or invalid json'), undefined);
        }
      });
      const docs = {
        tags: ['data'],
        summary: 'PostgREST-compatible data API (see docs/data-api.md)',
      };
      // One wildcard route: the target is matched here, so no name is too long or too odd to
      // get a PostgREST-shaped answer.
      scope.route({
        method: [...methods],
        url: '/db/*',
        schema: docs,
        handler: (request, reply) => {
          const target = wildcard(request);
          return target.startsWith('rpc/')
            ? send(reply, service.rpc(toRequest(request, target.slice(4))))
            : send(reply, service.handle(toRequest(request, target)));
        },
      });
    });
  };
}

function wildcard(request: FastifyRequest): string {
  const params: Record<string, string> =
    typeof request.params === 'object' && request.params !== null
      ? Object.fromEntries(Object.entries(request.params).map(([k, v]) => [k, String(v)]))
      : {};
  return params['*'] ?? '';
}

function toRequest(request: FastifyRequest, target: string) {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  return {
    method: request.method,
    target,
    params: [...new URLSearchParams(query)],
    headers: request.headers,
    body: request.body,
    actor: request.actor,
  };
}

async function send(reply: FastifyReply, pending: Promise<DataApiResponse>): Promise<FastifyReply> {
  const response = await pending;
  reply.code(response.status).headers(response.headers);
  return response.body === null ? reply.send() : reply.send(response.body);
}

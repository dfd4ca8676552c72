import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { groupVersionDocument, openApiIndex, swaggerDocument } from './openapi.ts';
import { KubeError } from './status.ts';

const protobufV2 = 'application/com.github.proto-openapi.spec.v2';

/**
 * kubectl reads OpenAPI before `apply`: v3 tells it the server validates fields (so it does
 * not), and v2 must parse. Its v2 request asks for protobuf: an empty message is a valid,
 * empty document, so kubectl validates nothing client-side and leaves it to the server.
 */
export async function openApiRoutes(scope: FastifyInstance): Promise<void> {
  const docs = { schema: { hide: true } };
  scope.get('/openapi/v2', docs, async (request, reply) => {
    if ((request.headers.accept ?? '').includes(protobufV2)) {
      return reply.header('content-type', `${protobufV2}@v1.0+protobuf`).send(Buffer.alloc(0));
    }
    return swaggerDocument();
  });
  scope.get('/openapi/v3', docs, async (request) => {
    const path = request.url.split('?')[0] ?? '';
    return openApiIndex(path.slice(0, path.length - '/openapi/v3'.length));
  });
  scope.get('/openapi/v3/apis/:group/:version', docs, async (request) => {
    const { group, version } = z
      .object({ group: z.string(), version: z.string() })
      .parse(request.params);
    const document = groupVersionDocument(group, version);
    if (!document)
      throw new KubeError(404, 'NotFound', 'the server could not find the requested resource');
    return document;
  });
}

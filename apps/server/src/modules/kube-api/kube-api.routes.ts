import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import * as discovery from './discovery.ts';
import { findKind } from './kinds/registry.ts';
import { apiVersionOf, type KubeKind } from './kinds/kube-kind.ts';
import type { KubeApiService, KubeContext, PatchKind } from './kube-api.service.ts';
import { mediaType, useKubeHttp } from './kube-api.http.ts';
import { kubeApiPrefix } from './kube-api.paths.ts';
import type { KubeObject } from './kube-object.ts';
import { openApiRoutes } from './openapi.routes.ts';
import { KubeError } from './status.ts';
import { tableContentType, toTable, wantsTable } from './table.ts';

const resourceParams = z.object({
  group: z.string(),
  version: z.string(),
  plural: z.string(),
  namespace: z.string().optional(),
  name: z.string().optional(),
});

const listQuery = z.object({
  labelSelector: z.string().optional(),
  fieldSelector: z.string().optional(),
  watch: z.string().optional(),
  includeObject: z.enum(['None', 'Metadata', 'Object']).optional(),
  dryRun: z.union([z.string(), z.array(z.string())]).optional(),
});

const patchTypes: Record<string, PatchKind | undefined> = {
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'merge',
  'application/apply-patch+yaml': 'apply',
};

/** /api/kubernetes: discovery, OpenAPI and the kinds' resource paths, answered as kubectl expects. */
export function kubeApiRoutes(service: KubeApiService) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(
      async (scope) => {
        useKubeHttp(scope);
        scope.addHook('onRequest', async (request) => {
          if (request.actor.kind === 'anonymous') {
            throw new KubeError(401, 'Unauthorized', 'Unauthorized');
          }
        });
        discoveryRoutes(scope);
        await scope.register(openApiRoutes);
        resourceRoutes(scope, service);
      },
      { prefix: kubeApiPrefix },
    );
  };
}

function discoveryRoutes(scope: FastifyInstance): void {
  const docs = { schema: { hide: true } };
  scope.get('/api', docs, async () => discovery.coreVersions());
  scope.get('/api/v1', docs, async () => discovery.coreResources());
  scope.get('/apis', docs, async () => discovery.groupList());
  scope.get('/version', docs, async () => discovery.versionInfo());
  scope.get('/apis/:group', docs, async (request) => {
    const { group } = z.object({ group: z.string() }).parse(request.params);
    return discovery.group(group) ?? notFound();
  });
  scope.get('/apis/:group/:version', docs, async (request) => {
    const { group, version } = z
      .object({ group: z.string(), version: z.string() })
      .parse(request.params);
    return discovery.resourceList(group, version) ?? notFound();
  });
}

function resourceRoutes(scope: FastifyInstance, service: KubeApiService): void {
  const docs = { schema: { hide: true } };
  const collection = '/apis/:group/:version/namespaces/:namespace/:plural';
  const item = `${collection}/:name`;

  scope.get('/apis/:group/:version/:plural', docs, (request, reply) => list(request, reply));
  scope.get(collection, docs, (request, reply) => list(request, reply));

  scope.post(collection, docs, async (request, reply) => {
    const { kind, namespace } = named(request);
    refuseDryRun(request);
    const object = await service.create(ctx(request), kind, namespace, request.body);
    return send(reply.code(201), object);
  });

  scope.get(item, docs, async (request, reply) => {
    const { kind, namespace, name } = named(request);
    const object = await service.get(ctx(request), kind, namespace, name);
    if (!wantsTable(request.headers.accept)) return send(reply, object);
    return send(
      reply,
      toTable(kind, [object], object.metadata.resourceVersion, include(request)),
      tableContentType,
    );
  });

  scope.put(item, docs, async (request, reply) => {
    const { kind, namespace, name } = named(request);
    refuseDryRun(request);
    return send(reply, await service.replace(ctx(request), kind, namespace, name, request.body));
  });

  scope.patch(item, docs, async (request, reply) => {
    const { kind, namespace, name } = named(request);
    refuseDryRun(request);
    const type = patchTypes[mediaType(request.headers['content-type'])];
    if (type === undefined) {
      throw new KubeError(
        415,
        'UnsupportedMediaType',
        `the patch type ${request.headers['content-type'] ?? '(none)'} is not supported: use application/merge-patch+json or application/apply-patch+yaml`,
      );
    }
    const result = await service.patch(ctx(request), kind, { namespace, name }, type, request.body);
    return send(reply.code(result.created ? 201 : 200), result.object);
  });

  scope.delete(item, docs, async (request, reply) => {
    const { kind, namespace, name } = named(request);
    refuseDryRun(request);
    return send(reply, await service.remove(ctx(request), kind, namespace, name));
  });

  async function list(request: FastifyRequest, reply: FastifyReply) {
    const { kind, namespace } = target(request);
    const query = queryOf(request);
    if (query.watch === 'true' || query.watch === '1') {
      throw new KubeError(405, 'MethodNotAllowed', 'watch is not supported by this server');
    }
    const objects = await service.list(ctx(request), kind, { ...query, namespace });
    const version = listVersion(objects);
    if (wantsTable(request.headers.accept)) {
      return send(reply, toTable(kind, objects, version, include(request)), tableContentType);
    }
    return send(reply, {
      apiVersion: apiVersionOf(kind),
      kind: `${kind.kind}List`,
      metadata: { resourceVersion: version },
      items: objects,
    });
  }
}

function target(request: FastifyRequest): { kind: KubeKind; namespace: string | undefined } {
  const params = resourceParams.parse(request.params);
  const kind = findKind(params.group, params.version, params.plural);
  if (!kind) return notFound();
  return { kind, namespace: params.namespace };
}

function named(request: FastifyRequest) {
  const params = resourceParams.parse(request.params);
  const { kind } = target(request);
  return { kind, namespace: params.namespace ?? '', name: params.name ?? '' };
}

/** The list and write parameters; a bad one is refused as a Status naming it. */
function queryOf(request: FastifyRequest): z.infer<typeof listQuery> {
  const parsed = listQuery.safeParse(request.query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') ?? 'query';
  throw new KubeError(400, 'BadRequest', `${where}: ${issue?.message ?? 'is invalid'}`);
}

function ctx(request: FastifyRequest): KubeContext {
  return { actor: request.actor };
}

function include(request: FastifyRequest) {
  return queryOf(request).includeObject ?? 'Metadata';
}

function refuseDryRun(request: FastifyRequest): void {
  if (queryOf(request).dryRun !== undefined) {
    throw new KubeError(400, 'BadRequest', 'dry run is not supported by this server');
  }
}

/** A list's resourceVersion: the newest of its objects' versions (there is no watch to resume). */
function listVersion(objects: readonly KubeObject[]): string {
  return objects
    .map((object) => BigInt(object.metadata.resourceVersion))
    .reduce((newest, version) => (version > newest ? version : newest), 0n)
    .toString();
}

function send(reply: FastifyReply, body: unknown, type = 'application/json'): FastifyReply {
  return reply.header('content-type', type).send(JSON.stringify(body));
}

function notFound(): never {
  throw new KubeError(404, 'NotFound', 'the server could not find the requested resource');
}

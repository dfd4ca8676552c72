import { createHash } from 'node:crypto';
import { backendVersion } from '../../platform/version.ts';
import { groupVersions } from './kinds/registry.ts';
import type { KubeKind } from './kinds/kube-kind.ts';
import { isPlainObject } from './merge-patch.ts';

const objectMetaRef = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };

const objectMeta = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    generateName: { type: 'string' },
    namespace: { type: 'string' },
    uid: { type: 'string' },
    resourceVersion: { type: 'string' },
    creationTimestamp: { type: 'string', format: 'date-time' },
    labels: stringMap,
    annotations: stringMap,
  },
};

/** Kubernetes' name for a kind's schema: com.flanksource.canaries.v1.Canary. */
function schemaName(kind: KubeKind, suffix = ''): string {
  const reversed = kind.group.split('.').reverse().join('.');
  return `${reversed}.${kind.version}.${kind.kind}${suffix}`;
}

/** The spec part of the kind's JSON schema; metadata and status are the server's. */
function specSchema(kind: KubeKind): unknown {
  const properties = kind.schema().properties;
  const spec = isPlainObject(properties) ? properties.spec : undefined;
  return spec ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
}

function gvk(kind: KubeKind) {
  return { group: kind.group, version: kind.version, kind: kind.kind };
}

function operation(kind: KubeKind, action: string, extra: Record<string, unknown> = {}) {
  const ref = { $ref: `#/components/schemas/${schemaName(kind)}` };
  return {
    operationId: `${action}${kind.kind}`,
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk(kind),
    responses: { '200': { description: 'OK', content: { 'application/json': { schema: ref } } } },
    ...extra,
  };
}

/**
 * Write operations list `fieldValidation`, which tells kubectl that the server validates
 * fields, so it skips its own schema validation. PATCH offers merge and apply patches only,
 * as for custom resources, so client-side apply sends a JSON merge patch.
 */
function paths(kind: KubeKind) {
  const base = `/apis/${kind.group}/${kind.version}`;
  const collection = `${base}/namespaces/{namespace}/${kind.plural}`;
  const validation = [{ name: 'fieldValidation', in: 'query', schema: { type: 'string' } }];
  const body = (types: string[]) => ({
    requestBody: {
      content: Object.fromEntries(
        types.map((t) => [t, { schema: { $ref: `#/components/schemas/${schemaName(kind)}` } }]),
      ),
    },
  });
  return {
    [`${base}/${kind.plural}`]: { get: operation(kind, 'list') },
    [collection]: {
      get: operation(kind, 'list'),
      post: operation(kind, 'post', { parameters: validation, ...body(['application/json']) }),
    },
    [`${collection}/{name}`]: {
      get: operation(kind, 'get'),
      put: operation(kind, 'put', { parameters: validation, ...body(['application/json']) }),
      patch: operation(kind, 'patch', {
        parameters: validation,
        ...body(['application/merge-patch+json', 'application/apply-patch+yaml']),
      }),
      delete: operation(kind, 'delete'),
    },
  };
}

function schemas(kind: KubeKind) {
  return {
    [schemaName(kind)]: {
      type: 'object',
      description: `${kind.kind} (${kind.group}/${kind.version})`,
      properties: {
        apiVersion: { type: 'string' },
        kind: { type: 'string' },
        metadata: { $ref: `#/components/schemas/${objectMetaRef}` },
        spec: specSchema(kind),
        status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
      'x-kubernetes-group-version-kind': [gvk(kind)],
    },
    [schemaName(kind, 'List')]: {
      type: 'object',
      properties: {
        apiVersion: { type: 'string' },
        kind: { type: 'string' },
        items: { type: 'array', items: { $ref: `#/components/schemas/${schemaName(kind)}` } },
      },
      'x-kubernetes-group-version-kind': [{ ...gvk(kind), kind: `${kind.kind}List` }],
    },
  };
}

/** GET /openapi/v3/apis/{group}/{version}: the OpenAPI 3 document of one group/version. */
export function groupVersionDocument(group: string, version: string) {
  const found = groupVersions().find((gv) => gv.group === group && gv.version === version);
  if (!found) return undefined;
  const schemaEntries: Array<[string, unknown]> = [
    [objectMetaRef, objectMeta],
    ...found.kinds.flatMap((kind) => Object.entries(schemas(kind))),
  ];
  return {
    openapi: '3.0.0',
    info: { title: 'Vigil', version: backendVersion },
    paths: Object.fromEntries(found.kinds.flatMap((kind) => Object.entries(paths(kind)))),
    components: { schemas: Object.fromEntries(schemaEntries) },
  };
}

/** GET /openapi/v3: where each group/version's document is, relative to the server root. */
export function openApiIndex(prefix: string) {
  const entries = groupVersions().map(({ group, version }): [string, object] => {
    const document = JSON.stringify(groupVersionDocument(group, version));
    const hash = createHash('sha512').update(document).digest('hex').slice(0, 64).toUpperCase();
    return [
      `apis/${group}/${version}`,
      { serverRelativeURL: `${prefix}/openapi/v3/apis/${group}/${version}?hash=${hash}` },
    ];
  });
  return { paths: Object.fromEntries(entries) };
}

/** GET /openapi/v2 as JSON, for readers that ask for it; kubectl asks for protobuf. */
export function swaggerDocument() {
  return { swagger: '2.0', info: { title: 'Vigil', version: backendVersion }, paths: {} };
}

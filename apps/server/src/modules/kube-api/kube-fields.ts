import { apiVersionOf, type KubeKind } from './kinds/kube-kind.ts';
import {
  incomingObjectSchema,
  nameProblem,
  namespaceProblem,
  type IncomingObject,
  type KubeObject,
  type StoredFields,
} from './kube-object.ts';
import { isPlainObject } from './merge-patch.ts';
import { KubeError } from './status.ts';

/** Every field of a resource at the top level; anything else is a typo that would be lost. */
const topLevelFields = new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']);

export interface Expected {
  /** The namespace in the request path. */
  readonly namespace: string;
  /** The name in the request path, for replace, patch and apply. */
  readonly name?: string;
  /** Set on create: completes `metadata.generateName`, and new names must be valid. */
  readonly suffix?: () => string;
}

/** Parses an object a client sent and checks it against the request it came with. */
export function parseIncoming(kind: KubeKind, body: unknown): IncomingObject {
  const parsed = incomingObjectSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.map(String).join('.') ?? '';
    throw badRequest(`${at === '' ? 'object' : at}: ${issue?.message ?? 'is invalid'}`);
  }
  const object = parsed.data;
  const unknown = Object.keys(object).find((key) => !topLevelFields.has(key));
  if (unknown !== undefined) throw badRequest(`strict decoding error: unknown field "${unknown}"`);
  const expected = apiVersionOf(kind);
  if (object.apiVersion !== undefined && object.apiVersion !== expected) {
    throw badRequest(
      `the API version in the data (${object.apiVersion}) does not match the expected API version (${expected})`,
    );
  }
  if (object.kind !== undefined && object.kind !== kind.kind) {
    throw badRequest(
      `the kind in the data (${object.kind}) does not match the expected kind (${kind.kind})`,
    );
  }
  return object;
}

/** The fields a kind stores for an object, from what a client sent. */
export function storedFields(kind: KubeKind, body: unknown, expected: Expected): StoredFields {
  const object = parseIncoming(kind, body);
  const meta = object.metadata;
  if (
    meta.namespace !== undefined &&
    meta.namespace !== '' &&
    meta.namespace !== expected.namespace
  ) {
    throw badRequest(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
  }
  if (expected.name !== undefined && meta.name !== undefined && meta.name !== expected.name) {
    throw badRequest(
      `the name of the object (${meta.name}) does not match the name on the URL (${expected.name})`,
    );
  }
  const name = expected.name ?? meta.name ?? generated(meta.generateName, expected.suffix);
  if (name === undefined || name === '') {
    throw invalid(kind, '', 'metadata.name', 'Required value: name or generateName is required');
  }
  // Names made in the console before need not follow Kubernetes' rules; new ones do.
  if (expected.suffix) checkNewName(kind, name, expected.namespace);
  if (object.spec === undefined || object.spec === null) {
    throw invalid(kind, name, 'spec', 'Required value');
  }
  return {
    name,
    namespace: expected.namespace,
    labels: meta.labels ?? {},
    annotations: meta.annotations ?? {},
    spec: object.spec,
  };
}

/** The stored fields of an object the server answered with, to tell whether a write changes it. */
export function storedFieldsOf(object: KubeObject): StoredFields {
  return {
    name: object.metadata.name,
    namespace: object.metadata.namespace,
    labels: object.metadata.labels ?? {},
    annotations: object.metadata.annotations ?? {},
    spec: object.spec,
  };
}

/** The resourceVersion a replace was based on, when the client sent one. */
export function resourceVersionIn(body: unknown): string | undefined {
  if (!isPlainObject(body) || !isPlainObject(body.metadata)) return undefined;
  const version = body.metadata.resourceVersion;
  return typeof version === 'string' && version !== '' ? version : undefined;
}

/**
 * Server-side apply without field ownership: the applied labels and annotations are laid over
 * the live ones, and the applied spec replaces the live spec.
 */
export function applyOver(current: KubeObject, body: unknown): Record<string, unknown> {
  const applied = isPlainObject(body) ? body : {};
  const meta = isPlainObject(applied.metadata) ? applied.metadata : {};
  return {
    ...applied,
    metadata: {
      ...meta,
      labels: { ...current.metadata.labels, ...(isPlainObject(meta.labels) ? meta.labels : {}) },
      annotations: {
        ...current.metadata.annotations,
        ...(isPlainObject(meta.annotations) ? meta.annotations : {}),
      },
    },
    spec: 'spec' in applied ? applied.spec : current.spec,
  };
}

function checkNewName(kind: KubeKind, name: string, namespace: string): void {
  const problem = nameProblem(name);
  if (problem) throw invalid(kind, name, 'metadata.name', `Invalid value: "${name}": ${problem}`);
  const nsProblem = namespaceProblem(namespace);
  if (nsProblem) {
    throw invalid(kind, name, 'metadata.namespace', `Invalid value: "${namespace}": ${nsProblem}`);
  }
}

function generated(prefix: string | undefined, suffix: (() => string) | undefined) {
  return prefix && suffix ? `${prefix}${suffix()}` : undefined;
}

const badRequest = (message: string): KubeError => new KubeError(400, 'BadRequest', message);

/** Kubernetes' wording for a field it refuses: `Canary.canaries.flanksource.com "x" is invalid: …`. */
function invalid(kind: KubeKind, name: string, field: string, detail: string): KubeError {
  return new KubeError(
    400,
    'BadRequest',
    `${kind.kind}.${kind.group} "${name}" is invalid: ${field}: ${detail}`,
    { name, group: kind.group, kind: kind.plural },
  );
}

import { z } from 'zod';
import { sameJson } from '../modules/kube-api/merge-patch.ts';

/** A kind as the server's discovery describes it. */
export interface ServedKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  readonly singular: string;
}

/** One resource read from a file, resolved to a kind the server serves. */
export interface Manifest {
  readonly source: string;
  readonly kind: ServedKind;
  readonly namespace: string;
  readonly name: string;
  readonly object: Record<string, unknown>;
}

export type ApplyOutcome =
  | { readonly result: 'created' | 'configured' | 'unchanged' }
  | { readonly result: 'failed'; readonly reason: string; readonly message: string };

const statusSchema = z.object({
  kind: z.literal('Status'),
  reason: z.string().optional(),
  message: z.string().optional(),
});

const resourceListSchema = z.object({
  resources: z.array(
    z.object({
      name: z.string(),
      singularName: z.string(),
      kind: z.string(),
      namespaced: z.boolean(),
    }),
  ),
});

const liveSchema = z.looseObject({
  metadata: z.looseObject({
    resourceVersion: z.string(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: z.unknown(),
});

/** A replace that loses a race with another writer is tried again this many times. */
const attempts = 3;

interface Response {
  readonly status: number;
  readonly json: unknown;
  readonly text: string;
}

/**
 * Create-or-replace over a running Vigil's Kubernetes-style API: kinds are found through its
 * discovery, as kubectl does, and the file is the whole truth for labels, annotations and spec.
 */
export function createApplyClient(options: { server: string; token: string | undefined }) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };
  const discovered = new Map<string, Promise<Response>>();

  async function send(method: string, url: string, body?: unknown): Promise<Response> {
    try {
      const response = await fetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, json: parseJson(text), text };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new Error(
        `cannot reach ${options.server}: ${cause instanceof Error ? cause.message : String(cause)}`,
        { cause: error },
      );
    }
  }

  return {
    /** The kind the server serves for apiVersion and kind; a failure for anything else. */
    async resolve(apiVersion: string, kind: string): Promise<ServedKind | ApplyOutcome> {
      const path = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      let pending = discovered.get(path);
      if (!pending) {
        pending = send('GET', `${options.server}${path}`);
        discovered.set(path, pending);
      }
      const response = await pending;
      if (response.status !== 200 && response.status !== 404) return failure(response);
      const list = resourceListSchema.safeParse(response.json);
      const found = list.success
        ? list.data.resources.find((r) => r.kind === kind && r.namespaced && !r.name.includes('/'))
        : undefined;
      if (!found) return { result: 'failed', reason: 'NotFound', message: 'not served' };
      const [group = '', version = ''] = apiVersion.split('/');
      return { group, version, kind, plural: found.name, singular: found.singularName };
    },

    async apply(manifest: Manifest): Promise<ApplyOutcome> {
      const { kind, namespace, name, object } = manifest;
      const collection = `${options.server}/apis/${kind.group}/${kind.version}/namespaces/${encodeURIComponent(namespace)}/${kind.plural}`;
      const item = `${collection}/${encodeURIComponent(name)}`;
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const current = await send('GET', item);
        if (current.status === 404) {
          const created = await send('POST', `${collection}?fieldManager=vigil-apply`, object);
          return created.status === 201 ? { result: 'created' } : failure(created);
        }
        if (current.status !== 200) return failure(current);
        const live = liveSchema.parse(current.json);
        if (unchanged(object, live)) return { result: 'unchanged' };
        const metadata = { ...metadataOf(object), resourceVersion: live.metadata.resourceVersion };
        const replaced = await send('PUT', `${item}?fieldManager=vigil-apply`, {
          ...object,
          metadata,
        });
        if (replaced.status === 200) return { result: 'configured' };
        if (replaced.status !== 409) return failure(replaced);
      }
      return { result: 'failed', reason: 'Conflict', message: 'the object kept changing' };
    },
  };
}

export function isServedKind(value: ServedKind | ApplyOutcome): value is ServedKind {
  return 'plural' in value;
}

function unchanged(object: Record<string, unknown>, live: z.infer<typeof liveSchema>): boolean {
  const metadata = metadataOf(object);
  return (
    sameJson(metadata.labels ?? {}, live.metadata.labels ?? {}) &&
    sameJson(metadata.annotations ?? {}, live.metadata.annotations ?? {}) &&
    sameJson(object.spec, live.spec)
  );
}

function metadataOf(object: Record<string, unknown>): Record<string, unknown> {
  const metadata = object.metadata;
  return typeof metadata === 'object' && metadata !== null ? { ...metadata } : {};
}

function failure(response: Response): ApplyOutcome {
  const status = statusSchema.safeParse(response.json);
  const reason = status.success ? (status.data.reason ?? '') : '';
  const message = status.success ? (status.data.message ?? response.text) : response.text;
  return {
    result: 'failed',
    reason: reason || String(response.status),
    message:
      response.status === 401
        ? `${message} (pass --token or set VIGIL_TOKEN: the token of a kubeconfig downloaded from the console)`
        : message,
  };
}

function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

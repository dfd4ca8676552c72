import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { z } from 'zod';
import { CheckConfigError } from './env-var.ts';

/** The Kubernetes API of the cluster Vigil runs in, as its pod's service account sees it. */
export interface KubernetesApi {
  /** `https://host:port` of the API server. */
  readonly url: string;
  /** Read at every request: projected service account tokens are rotated by the kubelet. */
  readonly tokenFile: string;
  readonly ca: string | undefined;
  /** Where secrets and config maps are looked up: the pod's own namespace. */
  readonly namespace: string;
}

export type KeyKind = 'secret' | 'configmap';

/** Reads one key of a Secret or ConfigMap; throws CheckConfigError when it cannot. */
export type KubernetesKeyReader = (kind: KeyKind, name: string, key: string) => Promise<string>;

const serviceAccountMount = '/var/run/secrets/kubernetes.io/serviceaccount';

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The API when running in a pod (the variables and mount Kubernetes gives every pod), else undefined. */
export function inClusterApi(
  env: NodeJS.ProcessEnv,
  mount = serviceAccountMount,
): KubernetesApi | undefined {
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  const tokenFile = path.join(mount, 'token');
  if (!host || !port || !fs.existsSync(tokenFile)) return undefined;
  return {
    url: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    tokenFile,
    ca: readIfExists(path.join(mount, 'ca.crt')),
    namespace: readIfExists(path.join(mount, 'namespace'))?.trim() || 'default',
  };
}

const objectSchema = z.object({
  data: z.record(z.string(), z.string()).optional(),
  binaryData: z.record(z.string(), z.string()).optional(),
});
type KeyedObject = z.infer<typeof objectSchema>;

const statusSchema = z.object({ message: z.string() });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One call to the API server as the pod's service account; `body` is sent as JSON (a POST). */
export function callKubernetes(
  api: KubernetesApi,
  agent: https.Agent,
  apiPath: string,
  body?: unknown,
) {
  const token = fs.readFileSync(api.tokenFile, 'utf8').trim();
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = https.request(
      `${api.url}${apiPath}`,
      body === undefined
        ? { agent, headers }
        : { agent, method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: parseJson(text) });
        });
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * Secret and ConfigMap keys from the Kubernetes API. Each object is kept for `ttlMs`, so checks
 * that run every few seconds do not ask the API server every run.
 */
export function createKubernetesKeyReader(api: KubernetesApi, ttlMs = 30_000): KubernetesKeyReader {
  const agent = new https.Agent({ keepAlive: true, ...(api.ca ? { ca: api.ca } : {}) });
  const cache = new Map<string, { at: number; object: Promise<KeyedObject> }>();
  const fetchObject = async (kind: KeyKind, name: string): Promise<KeyedObject> => {
    const plural = kind === 'secret' ? 'secrets' : 'configmaps';
    const apiPath = `/api/v1/namespaces/${encodeURIComponent(api.namespace)}/${plural}/${encodeURIComponent(name)}`;
    const answer = await callKubernetes(api, agent, apiPath).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CheckConfigError(`${kind} ${name} cannot be read from Kubernetes: ${reason}`);
    });
    if (answer.status === 200) return objectSchema.parse(answer.body);
    if (answer.status === 404) {
      throw new CheckConfigError(`${kind} ${name} was not found in namespace ${api.namespace}`);
    }
    const status = statusSchema.safeParse(answer.body);
    throw new CheckConfigError(
      `${kind} ${name} cannot be read from Kubernetes (HTTP ${answer.status})` +
        (status.success ? `: ${status.data.message}` : ''),
    );
  };
  return async (kind, name, key) => {
    const id = `${kind}/${name}`;
    const now = Date.now();
    let entry = cache.get(id);
    if (!entry || now - entry.at > ttlMs) {
      const fresh = { at: now, object: fetchObject(kind, name) };
      cache.set(id, fresh);
      // A failed read is not kept: the next run asks again.
      fresh.object.catch(() => {
        if (cache.get(id) === fresh) cache.delete(id);
      });
      entry = fresh;
    }
    const object = await entry.object;
    const text = object.data?.[key];
    const binary = object.binaryData?.[key];
    const value =
      text !== undefined
        ? kind === 'secret'
          ? Buffer.from(text, 'base64').toString('utf8')
          : text
        : binary !== undefined
          ? Buffer.from(binary, 'base64').toString('utf8')
          : undefined;
    if (value === undefined) throw new CheckConfigError(`${kind} ${name}/${key} was not found`);
    // The same bytes as the mounted file, which the file reader also reads without this newline.
    return value.replace(/\r?\n$/, '');
  };
}

/** The reader of the cluster Vigil runs in, or undefined outside a cluster. */
export function inClusterKeyReader(env: NodeJS.ProcessEnv): KubernetesKeyReader | undefined {
  const api = inClusterApi(env);
  return api ? createKubernetesKeyReader(api) : undefined;
}

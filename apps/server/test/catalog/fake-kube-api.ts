import http from 'node:http';
import {
  isRecord,
  matches,
  mergePatch,
  parseBody,
  podLogText,
  status,
} from './fake-kube-helpers.ts';
import { fakePods, type FakePodRunner } from './fake-kube-pods.ts';
import { listenOnLoopback } from '../loopback.ts';

/**
 * A Kubernetes API server for the catalog's scraper and the custom resource sync: list with
 * `limit`/`continue`, watch (newline-delimited JSON, chunked) from a resourceVersion with the
 * events since replayed (410 Gone once compacted), the status subresource (PUT and merge
 * PATCH), over in-memory objects, behind a bearer token, recording requests.
 * Given `logs` (by `namespace/pod`), it also serves pod logs with `sinceSeconds`/`tailLines`.
 * Given `pods`, it creates, runs, reads and deletes pods (fake-kube-pods.ts).
 * The health fake (test/health/fixtures) serves recorded lists without pagination or watch.
 */
export interface FakeKubeCluster {
  readonly url: string;
  readonly token: string;
  /** Paths with their query strings, in the order they were asked. */
  readonly requests: string[];
  /** The same requests with their method and parsed JSON body. */
  readonly calls: FakeKubeCall[];
  kubeconfig(): string;
  /** Adds, changes or removes an object and tells every watch of its collection. */
  emit(type: 'ADDED' | 'MODIFIED' | 'DELETED', plural: string, object: KubeFixture): void;
  /** Open watch streams per plural. */
  watchers(plural: string): number;
  /** The stored object of a plural by namespace and name. */
  find(plural: string, namespace: string, name: string): KubeFixture | undefined;
  /** Ends every open watch of the plural, as an API server does at its timeout. */
  dropWatches(plural: string): void;
  /** Forgets the events so far: a watch from an older resourceVersion gets 410 Gone. */
  compact(): void;
  close(): Promise<void>;
}

export interface FakeKubeCall {
  readonly method: string;
  readonly path: string;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

export interface KubeFixture {
  metadata: {
    uid: string;
    name: string;
    namespace?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface FakeKubeOptions {
  /** Log text per `namespace/pod`, one line each, with a leading RFC 3339 time. */
  readonly logs?: Readonly<Record<string, string>>;
  /** Pods created with POST run as this says (see fake-kube-pods.ts). */
  readonly pods?: FakePodRunner;
}

const podLog = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/;
const collection = /^\/(?:api\/v1|apis\/[^/]+\/[^/]+)(?:\/namespaces\/([^/]+))?\/([a-z]+)$/;
const statusPath = /^\/apis\/[^/]+\/[^/]+\/namespaces\/([^/]+)\/([a-z]+)\/([^/]+)\/status$/;

interface Logged {
  readonly version: number;
  readonly plural: string;
  readonly namespace: string | undefined;
  readonly line: string;
}

export async function startFakeKubeCluster(
  objects: Record<string, KubeFixture[]>,
  options: FakeKubeOptions = {},
): Promise<FakeKubeCluster> {
  const token = 'vigil-kube-token';
  const requests: string[] = [];
  const store = new Map<string, Map<string, KubeFixture>>();
  for (const [plural, list] of Object.entries(objects)) {
    store.set(plural, new Map(list.map((o) => [o.metadata.uid, o])));
  }
  let version = 1000;
  let compactedAt = version;
  const log: Logged[] = [];
  const calls: FakeKubeCall[] = [];
  const servePods = options.pods ? fakePods(options.pods) : undefined;
  const streams = new Map<string, Set<{ namespace?: string; response: http.ServerResponse }>>();

  function change(type: 'ADDED' | 'MODIFIED' | 'DELETED', plural: string, object: KubeFixture) {
    version += 1;
    const stamped = {
      ...object,
      metadata: { ...object.metadata, resourceVersion: String(version) },
    };
    const set = store.get(plural) ?? new Map<string, KubeFixture>();
    if (type === 'DELETED') set.delete(object.metadata.uid);
    else set.set(object.metadata.uid, stamped);
    store.set(plural, set);
    const line = `${JSON.stringify({ type, object: stamped })}\n`;
    log.push({ version, plural, namespace: object.metadata.namespace, line });
    for (const stream of streams.get(plural) ?? []) {
      if (stream.namespace === undefined || stream.namespace === object.metadata.namespace) {
        stream.response.write(line);
      }
    }
    return stamped;
  }

  function findObject(plural: string, namespace: string, name: string) {
    return [...(store.get(plural)?.values() ?? [])].find(
      (o) => o.metadata.namespace === namespace && o.metadata.name === name,
    );
  }

  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => serve(request, response, text));
  });

  function serve(request: http.IncomingMessage, response: http.ServerResponse, text: string) {
    const url = new URL(request.url ?? '/', 'http://kube');
    requests.push(url.pathname + url.search);
    calls.push({
      method: request.method ?? 'GET',
      path: url.pathname + url.search,
      contentType: request.headers['content-type'],
      body: text === '' ? undefined : parseBody(text),
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${token}`) {
      return send(401, status(401, 'Unauthorized'));
    }
    const body = text === '' ? undefined : parseBody(text);
    if (servePods?.(request.method ?? 'GET', url.pathname, body, response)) return undefined;
    const statusRoute = statusPath.exec(url.pathname);
    if (statusRoute && (request.method === 'PATCH' || request.method === 'PUT')) {
      const [, ns = '', plural = '', name = ''] = statusRoute;
      const current = findObject(plural, ns, name);
      if (!current) return send(404, status(404, `${plural} "${name}" not found`));
      const body = parseBody(text);
      const given = isRecord(body) && 'status' in body ? body.status : undefined;
      const next = request.method === 'PUT' ? given : mergePatch(current.status ?? {}, given ?? {});
      return send(200, change('MODIFIED', plural, { ...current, status: next }));
    }
    const podLogRoute = podLog.exec(url.pathname);
    if (podLogRoute) {
      const logText = options.logs?.[`${podLogRoute[1]}/${podLogRoute[2]}`];
      if (logText === undefined)
        return send(404, status(404, `pods "${podLogRoute[2]}" not found`));
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end(podLogText(logText, url.searchParams));
    }
    const route = collection.exec(url.pathname);
    if (!route) return send(404, status(404, 'the server could not find the requested resource'));
    const namespace = route[1];
    const plural = route[2] ?? '';
    if (url.searchParams.get('watch') === 'true') {
      response.writeHead(200, {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      });
      response.flushHeaders();
      const from = Number(url.searchParams.get('resourceVersion') ?? String(version));
      if (from < compactedAt) {
        const gone = { ...status(410, `too old resource version: ${from} (${compactedAt})`) };
        response.end(
          `${JSON.stringify({ type: 'ERROR', object: { ...gone, reason: 'Expired' } })}\n`,
        );
        return undefined;
      }
      for (const past of log) {
        if (past.version <= from || past.plural !== plural) continue;
        if (namespace === undefined || past.namespace === namespace) response.write(past.line);
      }
      const stream = { namespace, response };
      const set = streams.get(plural) ?? new Set();
      set.add(stream);
      streams.set(plural, set);
      response.on('close', () => set.delete(stream));
      return undefined;
    }
    const all = [...(store.get(plural)?.values() ?? [])].filter(
      (o) =>
        (namespace === undefined || o.metadata.namespace === namespace) &&
        matches(o, url.searchParams.get('fieldSelector'), url.searchParams.get('labelSelector')),
    );
    const limit = Number(url.searchParams.get('limit') ?? '0');
    const start = Number(url.searchParams.get('continue') ?? '0');
    const end = limit > 0 ? Math.min(all.length, start + limit) : all.length;
    send(200, {
      kind: 'List',
      apiVersion: 'v1',
      metadata: {
        resourceVersion: String(version),
        continue: end < all.length ? String(end) : undefined,
      },
      items: all.slice(start, end),
    });
    return undefined;
  }
  const { port, close } = await listenOnLoopback(server);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    token,
    requests,
    kubeconfig: () =>
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters:',
        '- name: fake',
        `  cluster: {server: "${url}", insecure-skip-tls-verify: true}`,
        'users:',
        '- name: fake',
        `  user: {token: ${token}}`,
        'contexts:',
        '- name: fake',
        '  context: {cluster: fake, user: fake}',
        'current-context: fake',
        '',
      ].join('\n'),
    emit(type, plural, object) {
      change(type, plural, object);
    },
    watchers: (plural) => streams.get(plural)?.size ?? 0,
    calls,
    find: findObject,
    dropWatches(plural) {
      const open = streams.get(plural) ?? new Set();
      for (const stream of open) stream.response.end();
      open.clear();
    },
    compact() {
      compactedAt = version;
      log.length = 0;
    },
    close,
  };
}

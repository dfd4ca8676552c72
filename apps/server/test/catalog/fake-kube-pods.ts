import type http from 'node:http';
import { isRecord, status } from './fake-kube-helpers.ts';

/** How a pod created through the fake ends: its phase and its first container's log. */
export interface FakePodRun {
  readonly phase: 'Succeeded' | 'Failed';
  readonly log: string;
}
export type FakePodRunner = (pod: Record<string, unknown>) => FakePodRun;

interface Created {
  pod: Record<string, unknown>;
  reads: number;
}

const podsPath = /^\/api\/v1\/namespaces\/([^/]+)\/pods(?:\/([^/]+))?(\/log)?$/;

/**
 * Pods created with POST run as `runner` says: the first read shows Pending, the next Running,
 * then the runner's phase; their log is the runner's; DELETE removes them.
 */
export function fakePods(runner: FakePodRunner) {
  const created = new Map<string, Created>();
  return function servePods(
    method: string,
    path: string,
    body: unknown,
    response: http.ServerResponse,
  ): boolean {
    const route = podsPath.exec(path);
    if (!route) return false;
    const [, namespace = '', name, log] = route;
    const send = (code: number, answer: unknown) => {
      response.writeHead(code, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
      return true;
    };
    if (method === 'POST' && name === undefined) {
      const metadata = isRecord(body) && isRecord(body.metadata) ? body.metadata : {};
      const podName = typeof metadata.name === 'string' ? metadata.name : '';
      const key = `${namespace}/${podName}`;
      if (created.has(key)) return send(409, status(409, `pods "${podName}" already exists`));
      const pod = { ...(isRecord(body) ? body : {}), status: { phase: 'Pending' } };
      created.set(key, { pod, reads: 0 });
      return send(201, pod);
    }
    const found = name === undefined ? undefined : created.get(`${namespace}/${name}`);
    if (!found) return false;
    if (method === 'DELETE') {
      created.delete(`${namespace}/${name ?? ''}`);
      return send(200, found.pod);
    }
    if (method !== 'GET') return false;
    const run = runner(found.pod);
    if (log) {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(run.log);
      return true;
    }
    found.reads += 1;
    const phase = found.reads === 1 ? 'Pending' : found.reads === 2 ? 'Running' : run.phase;
    return send(200, { ...found.pod, status: { phase } });
  };
}

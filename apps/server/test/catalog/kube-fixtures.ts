import type { KubeFixture } from './fake-kube-api.ts';

const ready = (status: 'True' | 'False') => [{ type: 'Ready', status }];

export function namespace(name: string): KubeFixture {
  return {
    metadata: { uid: `ns-${name}`, name, creationTimestamp: '2026-01-01T00:00:00Z' },
    status: { phase: 'Active' },
  };
}

export function node(name: string, isReady = true): KubeFixture {
  return {
    metadata: { uid: `node-${name}`, name },
    status: { conditions: ready(isReady ? 'True' : 'False') },
  };
}

export function deployment(
  ns: string,
  name: string,
  replicas: number,
  available: number,
): KubeFixture {
  return {
    metadata: { uid: `deploy-${ns}-${name}`, name, namespace: ns, generation: 1 },
    spec: { replicas, selector: { matchLabels: { app: name } } },
    status: {
      observedGeneration: 1,
      replicas,
      readyReplicas: available,
      availableReplicas: available,
      updatedReplicas: replicas,
    },
  };
}

export function pod(
  ns: string,
  name: string,
  opts: { owner?: string; node?: string; app?: string; ready?: boolean } = {},
): KubeFixture {
  const isReady = opts.ready ?? true;
  return {
    metadata: {
      uid: `pod-${ns}-${name}`,
      name,
      namespace: ns,
      labels: opts.app ? { app: opts.app } : {},
      ...(opts.owner
        ? {
            ownerReferences: [
              {
                apiVersion: 'apps/v1',
                kind: 'ReplicaSet',
                name: opts.owner,
                uid: `rs-${ns}-${opts.owner}`,
                controller: true,
              },
            ],
          }
        : {}),
    },
    spec: { nodeName: opts.node ?? 'node-1', containers: [{ name: 'app', image: 'nginx' }] },
    status: {
      phase: 'Running',
      conditions: ready(isReady ? 'True' : 'False'),
      containerStatuses: [
        isReady
          ? { name: 'app', ready: true, state: { running: {} } }
          : { name: 'app', ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } } },
      ],
    },
  };
}

export function service(ns: string, name: string, app: string): KubeFixture {
  return {
    metadata: { uid: `svc-${ns}-${name}`, name, namespace: ns },
    spec: { selector: { app } },
  };
}

export function event(
  ns: string,
  uid: string,
  target: KubeFixture,
  kind: string,
  reason: string,
  type: 'Normal' | 'Warning',
): KubeFixture {
  return {
    metadata: {
      uid,
      name: `${target.metadata.name}.${uid}`,
      namespace: ns,
      creationTimestamp: '2026-11-27T10:00:00Z',
    },
    involvedObject: { kind, name: target.metadata.name, namespace: ns, uid: target.metadata.uid },
    reason,
    message: `${reason} happened`,
    type,
    source: { component: 'kubelet' },
  };
}

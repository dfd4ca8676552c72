import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeKubeApi, type FakeKubeApi } from '../fixtures/kube-api-server.ts';
import { connection, runCheck } from './check-context.ts';

let api: FakeKubeApi;
let kubeconfigFile = '';

beforeAll(async () => {
  api = await startFakeKubeApi();
  kubeconfigFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-kube-')), 'config');
  fs.writeFileSync(kubeconfigFile, api.kubeconfig());
});

afterAll(async () => {
  await api.close();
  fs.rmSync(path.dirname(kubeconfigFile), { recursive: true, force: true });
});

const named = z.array(z.object({ metadata: z.object({ name: z.string() }) }));

function names(results: unknown): string[] {
  return named.parse(results).map((r) => r.metadata.name);
}

describe('kubernetes check', () => {
  it('lists pods by label in a namespace and exposes the objects as results', async () => {
    const outcome = await runCheck('kubernetes', {
      kind: 'Pod',
      kubeconfig: { value: api.kubeconfig() },
      namespaceSelector: { name: 'monitoring' },
      resource: { labelSelector: 'app=prometheus' },
      ready: true,
      healthy: true,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(names(outcome.data.results)).toEqual(['prometheus-0']);
    expect(outcome.data.results).toEqual([
      expect.objectContaining({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: expect.objectContaining({ creationTimestamp: '2025-05-14T09:12:31Z' }),
        healthStatus: { status: 'Running', health: 'healthy', ready: true, message: '' },
      }),
    ]);
    expect(api.requests).toContain(
      '/api/v1/namespaces/monitoring/pods?labelSelector=app%3Dprometheus',
    );
  });

  it('fails when ready is required and a pod is not ready, naming it', async () => {
    const outcome = await runCheck('kubernetes', {
      kind: 'Pod',
      kubeconfig: kubeconfigFile,
      namespaceSelector: { name: 'default' },
      resource: { labelSelector: 'app=web' },
      ready: true,
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe(
      'Pod/default/web-7d9f8c6b5-9mzrt is not ready (status: CrashLoopBackOff): container web',
    );
    expect(names(outcome.data.results)).toHaveLength(2);
  });

  it('rates deployments by available replicas, across namespaces picked by label', async () => {
    const outcome = await runCheck('kubernetes', {
      kind: 'Deployment',
      kubeconfig: { value: api.kubeconfig() },
      namespaceSelector: { labelSelector: 'env=prod' },
      healthy: true,
    });
    expect(names(outcome.data.results)).toEqual(['web', 'grafana']);
    expect(outcome.error).toBe(
      'Deployment/default/web is not healthy (health: warning, status: 1/2 ready): 1 of 2 not ready',
    );
    expect(api.requests).toContain('/api/v1/namespaces?labelSelector=env%3Dprod');
    expect(api.requests).toContain('/apis/apps/v1/namespaces/monitoring/deployments');
  });

  it('passes over every namespace, ignores names by glob, and finds kinds past a broken API group', async () => {
    const outcome = await runCheck('kubernetes', {
      kind: 'Deployment',
      kubeconfig: { value: api.kubeconfig() },
      ignore: ['web*'],
      ready: true,
      healthy: true,
    });
    expect(outcome.pass).toBe(true);
    expect(names(outcome.data.results)).toEqual(['coredns', 'grafana']);
    expect(api.requests).toContain('/apis/metrics.k8s.io/v1beta1');
    expect(api.requests).toContain('/apis/apps/v1/deployments');
  });

  it('reads cluster-scoped kinds, a kubeconfig from a connection, and field selectors', async () => {
    const saved = connection({ type: 'kubernetes', certificate: api.kubeconfig() });
    const outcome = await runCheck(
      'kubernetes',
      {
        kind: 'Node',
        connection: 'connection://default/cluster',
        resource: { fieldSelector: 'metadata.name=kind-control-plane' },
        ready: true,
      },
      { connections: { 'connection://default/cluster': saved } },
    );
    expect(outcome.pass).toBe(true);
    expect(names(outcome.data.results)).toEqual(['kind-control-plane']);
  });

  it('fails with "no resources found" unless a test expression decides', async () => {
    const none = {
      kind: 'Pod',
      kubeconfig: { value: api.kubeconfig() },
      resource: { name: 'ghost' },
    };
    const outcome = await runCheck('kubernetes', none);
    expect(outcome.error).toBe('no resources found');
    const tested = await runCheck('kubernetes', { ...none, test: { expr: 'size(results) == 0' } });
    expect(tested.pass).toBe(true);
  });

  it('counts completed pods as ready and healthy', async () => {
    const outcome = await runCheck('kubernetes', {
      kind: 'Pod',
      kubeconfig: { value: api.kubeconfig() },
      resource: { fieldSelector: 'status.phase=Succeeded' },
      ready: true,
      healthy: true,
    });
    expect(outcome.pass).toBe(true);
    expect(names(outcome.data.results)).toEqual(['report-28791340-q7k2d']);
  });

  it('fails with the API server message for a bad token or an unreachable server', async () => {
    const denied = await runCheck('kubernetes', {
      kind: 'Pod',
      kubeconfig: { value: api.kubeconfig('nope') },
    });
    expect(denied.pass).toBe(false);
    expect(denied.error).toMatch(/401/);
    const badSelector = await runCheck('kubernetes', {
      kind: 'Pod',
      kubeconfig: { value: api.kubeconfig() },
      resource: { fieldSelector: 'spec.nodeName=x' },
    });
    expect(badSelector.error).toBe(
      'API server answered 400: field label not supported: spec.nodeName=x',
    );
  });

  it('lists the kind in the apiVersion asked for, as canary-checker does', async () => {
    api.requests.length = 0;
    const outcome = await runCheck('kubernetes', {
      kind: 'Deployment',
      apiVersion: 'apps/v1',
      kubeconfig: { value: api.kubeconfig() },
      namespaceSelector: { name: 'monitoring' },
    });
    expect(outcome.error).toBeUndefined();
    expect(api.requests).toContain('/apis/apps/v1/namespaces/monitoring/deployments');
    expect(api.requests).not.toContain('/apis');
    await expect(
      runCheck('kubernetes', {
        kind: 'Deployment',
        apiVersion: 'widgets.example.com/v1',
        kubeconfig: { value: api.kubeconfig() },
      }),
    ).rejects.toThrow('the cluster serves no kind Deployment in widgets.example.com/v1');
  });

  it('treats an unknown kind or an unreadable kubeconfig as misconfiguration', async () => {
    await expect(
      runCheck('kubernetes', { kind: 'Widget', kubeconfig: { value: api.kubeconfig() } }),
    ).rejects.toThrow('the cluster serves no kind Widget');
    await expect(
      runCheck('kubernetes', { kind: 'Pod', kubeconfig: { value: 'clusters: [' } }),
    ).rejects.toThrow(/kubeconfig/);
  });

  it('gives up when the time limit passes on a server that never answers', async () => {
    const silent = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const kubeconfig = api.kubeconfig().replace(api.url, `http://127.0.0.1:${port}`);
    const started = Date.now();
    const outcome = await runCheck('kubernetes', { kind: 'Pod', kubeconfig }, { timeoutMs: 500 });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/abort/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => silent.close(resolve));
  });
});

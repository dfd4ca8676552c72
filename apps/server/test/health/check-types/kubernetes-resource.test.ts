import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTypes } from '../../../src/modules/health/check-types/registry.ts';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { startFakeKubeApi, type FakeKubeApi } from '../fixtures/kube-api-server.ts';
import { runCheck } from './check-context.ts';

let api: FakeKubeApi;

beforeAll(async () => {
  api = await startFakeKubeApi();
});

afterAll(async () => {
  await api.close();
});

const podPath = '/api/v1/namespaces/default/pods/probe';
const configPath = '/api/v1/namespaces/checks/configmaps/settings';

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'probe' },
  spec: { containers: [{ name: 'main', image: 'busybox' }] },
};
const configMap = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'settings', namespace: 'checks' },
  data: { mode: 'on' },
};

/** Marks the created pod ready, as the kubelet would, once the check has created it. */
function readyWhenCreated(): NodeJS.Timeout {
  const timer = setInterval(() => {
    const created = api.store.objects.get(podPath);
    if (!created) return;
    api.store.objects.set(podPath, {
      ...created,
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    });
    clearInterval(timer);
  }, 20);
  return timer;
}

describe('kubernetesResource check', () => {
  it('runs the nested checks once the resources are ready, failing as canary-checker words it', async () => {
    const target = http.createServer((request, response) => {
      response.writeHead(request.url === '/ok' ? 200 : 500);
      response.end('hi');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const address = target.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const nested = (path: string) =>
      runCheck('kubernetesResource', {
        kubeconfig: { value: api.kubeconfig() },
        resources: [configMap],
        checks: [{ http: [{ name: 'svc', url: `${base}${path}`, responseCodes: [200] }] }],
        retries: { maxRetries: 1, interval: '10ms' },
      });
    const ok = await nested('/ok');
    expect(ok.error).toBeUndefined();
    expect(ok.pass).toBe(true);
    expect(ok.data.display).toEqual({ svc: expect.any(String) });
    const bad = await nested('/down');
    expect(bad.pass).toBe(false);
    expect(bad.error).toMatch(/^check \(name:svc\) failed with error: /);
    expect(api.store.objects.has(configPath)).toBe(false);
    await new Promise((resolve) => target.close(resolve));
  });

  it('creates the resources in the canary namespace, waits until ready and deletes them', async () => {
    api.store.writes.length = 0;
    const timer = readyWhenCreated();
    const outcome = await runCheck('kubernetesResource', {
      kubeconfig: { value: api.kubeconfig() },
      resources: [pod],
      staticResources: [configMap],
      waitFor: { interval: '50ms', timeout: '5s' },
    });
    clearInterval(timer);
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.data.health).toEqual(
      expect.objectContaining({
        'default/Pod/probe': expect.objectContaining({ health: 'healthy', ready: true }),
      }),
    );
    expect(api.store.writes).toEqual([
      'POST /api/v1/namespaces/checks/configmaps',
      'POST /api/v1/namespaces/default/pods',
      `DELETE ${podPath}`,
    ]);
    // The static resource is kept; the other one is gone.
    expect(api.store.objects.has(configPath)).toBe(true);
    expect(api.store.objects.has(podPath)).toBe(false);
  });

  it('fails naming the resource that never became ready, and still deletes it', async () => {
    const outcome = await runCheck('kubernetesResource', {
      kubeconfig: { value: api.kubeconfig() },
      resources: [pod],
      waitFor: { interval: '50ms', timeout: '300ms' },
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('error in evaluating wait for: default/Pod/probe: Unknown');
    expect(api.store.objects.has(podPath)).toBe(false);
  });

  it('waits for waitFor.expr over the resources and fails when it is not a boolean', async () => {
    const holds = await runCheck('kubernetesResource', {
      kubeconfig: { value: api.kubeconfig() },
      resources: [{ ...configMap, metadata: { name: 'flags' } }],
      clearResources: true,
      waitFor: { expr: "resources.all(r, r.data.mode == 'on')", interval: '50ms' },
    });
    expect(holds.error).toBeUndefined();
    expect(holds.pass).toBe(true);
    const notBool = await runCheck('kubernetesResource', {
      kubeconfig: { value: api.kubeconfig() },
      resources: [{ ...configMap, metadata: { name: 'flags' } }],
      waitFor: { expr: 'resources.size()', interval: '50ms' },
    });
    expect(notBool.pass).toBe(false);
    expect(notBool.error).toBe(
      `error in evaluating wait for: wait for expression ("resources.size()") didn't evaluate to a boolean`,
    );
    expect(api.store.objects.has('/api/v1/namespaces/default/configmaps/flags')).toBe(false);
  });

  it('reports an API refusal of a resource by kind, namespace and name', async () => {
    const outcome = await runCheck('kubernetesResource', {
      kubeconfig: { value: api.kubeconfig('wrong-token') },
      resources: [configMap],
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(
      /^failed to apply resource \(ConfigMap\/checks\/settings\): .*401/,
    );
  });

  it('refuses nested checks, bad durations and resources without a name, naming the field', () => {
    const at = (check: Record<string, unknown>) =>
      parseCanarySpec({ kubernetesResource: [{ name: 'k', resources: [pod], ...check }] });
    expect(at({ checks: [{ docker: [] }] })).toEqual({
      ok: false,
      field: 'spec.kubernetesResource[0].checks[0].docker',
      message: 'docker is not a check type',
    });
    expect(at({ checks: [{ http: [{ name: 'h' }] }] })).toMatchObject({
      ok: false,
      field: 'spec.kubernetesResource[0].checks[0].http[0].url',
    });
    expect(at({ waitFor: { timeout: 'soon' } })).toMatchObject({
      ok: false,
      field: 'spec.kubernetesResource[0].waitFor.timeout',
    });
    expect(at({ resources: [{ apiVersion: 'v1', kind: 'Pod', metadata: {} }] })).toMatchObject({
      ok: false,
      field: 'spec.kubernetesResource[0].resources[0].metadata.name',
    });
    expect(checkTypes.has('kubernetesResource')).toBe(true);
  });

  it("drops a nested check's timeout, as canary-checker's decoder does", () => {
    const nested = { name: 'h', url: 'http://127.0.0.1:1/health', timeout: 5000 };
    const spec = {
      kubernetesResource: [{ name: 'k', resources: [pod], checks: [{ http: [nested] }] }],
    };
    expect(parseCanarySpec(spec)).toMatchObject({ ok: true });
    expect(parseCanarySpec({ http: [nested] })).toMatchObject({
      ok: false,
      field: 'spec.http[0].timeout',
    });
  });
});

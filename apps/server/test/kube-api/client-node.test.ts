import {
  ApiException,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBrowser } from '../identity/browser.ts';
import { registerAdmin } from '../identity/flow-helpers.ts';
import { at, canary, httpSpec, useKubeApp } from './helpers.ts';

const kube = useKubeApp();
const group = 'canaries.flanksource.com';
const version = 'v1';
const plural = 'canaries';

let config: KubeConfig;

beforeAll(async () => {
  const browser = newBrowser(kube.app().baseUrl);
  await registerAdmin(browser);
  const response = await browser.get('/api/kubeconfig');
  config = new KubeConfig();
  config.loadFromString(String(response.data));
});

async function refusal(call: Promise<unknown>): Promise<{ code: number; body: unknown }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiException) {
      const body: unknown = typeof error.body === 'string' ? JSON.parse(error.body) : error.body;
      return { code: error.code, body };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('@kubernetes/client-node against Vigil', () => {
  it('creates, lists, gets, patches and deletes canaries with CustomObjectsApi', async () => {
    const api = config.makeApiClient(CustomObjectsApi);
    const created: unknown = await api.createNamespacedCustomObject({
      group,
      version,
      plural,
      namespace: 'prod',
      body: canary('from-node', httpSpec()),
    });
    expect(at(created, 'metadata', 'name')).toBe('from-node');

    const listed: unknown = await api.listClusterCustomObject({ group, version, plural });
    expect(at(listed, 'kind')).toBe('CanaryList');
    expect(at(listed, 'items', 0, 'metadata', 'name')).toBe('from-node');

    const fetched: unknown = await api.getNamespacedCustomObject({
      group,
      version,
      plural,
      namespace: 'prod',
      name: 'from-node',
    });
    expect(at(fetched, 'spec', 'http', 0, 'url')).toBe('https://example.com');

    const patched: unknown = await api.patchNamespacedCustomObject(
      {
        group,
        version,
        plural,
        namespace: 'prod',
        name: 'from-node',
        body: { metadata: { labels: { via: 'node' } } },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    expect(at(patched, 'metadata', 'labels')).toEqual({ via: 'node' });

    await api.deleteNamespacedCustomObject({
      group,
      version,
      plural,
      namespace: 'prod',
      name: 'from-node',
    });
    const gone = await refusal(
      api.getNamespacedCustomObject({
        group,
        version,
        plural,
        namespace: 'prod',
        name: 'from-node',
      }),
    );
    expect(gone.code).toBe(404);
    expect(at(gone.body, 'reason')).toBe('NotFound');
  });

  it('gets the server message when a spec is refused', async () => {
    const api = config.makeApiClient(CustomObjectsApi);
    const refused = await refusal(
      api.createNamespacedCustomObject({
        group,
        version,
        plural,
        namespace: 'prod',
        body: canary('broken', { http: [{ name: 'no url' }] }),
      }),
    );
    expect(refused.code).toBe(400);
    expect(at(refused.body, 'kind')).toBe('Status');
    expect(String(at(refused.body, 'message'))).toMatch(/^spec\.http\[0\]\.url/);
  });

  it('reads through the generic object API, which resolves the kind by discovery', async () => {
    const objects = KubernetesObjectApi.makeApiClient(config);
    await objects.create({
      ...canary('generic', httpSpec()),
      metadata: { name: 'generic', namespace: 'ops' },
    });
    const read = await objects.read({
      apiVersion: `${group}/${version}`,
      kind: 'Canary',
      metadata: { name: 'generic', namespace: 'ops' },
    });
    expect(read.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
  });
});

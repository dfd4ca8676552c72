import { describe, expect, it } from 'vitest';
import { at, kubePath, useKubeApp } from '../kube-api/helpers.ts';

const kube = useKubeApp();
const topologiesPath = (name?: string) =>
  `${kubePath}/apis/canaries.flanksource.com/v1/namespaces/prod/topologies${name ? `/${name}` : ''}`;

const manifest = (title: string, resourceVersion?: string) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Topology',
  metadata: { name: 'shop', namespace: 'prod', ...(resourceVersion ? { resourceVersion } : {}) },
  spec: { schedule: '@every 10m', components: [{ name: title, type: 'Service' }] },
});

/** A Topology the Kubernetes-style API created is source-managed by it, and it may change it. */
describe('Topology through the Kubernetes-style API', () => {
  it('creates, replaces and deletes the object it manages', async () => {
    const editor = await kube.person(['editor']);
    const created = await kube.request(topologiesPath(), {
      method: 'POST',
      token: editor.token,
      body: manifest('api'),
    });
    expect(created.status, created.text).toBe(201);
    const version = String(at(created.json, 'metadata', 'resourceVersion'));
    const replaced = await kube.request(topologiesPath('shop'), {
      method: 'PUT',
      token: editor.token,
      body: manifest('web', version),
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(at(replaced.json, 'spec', 'components', 0, 'name')).toBe('web');
    const deleted = await kube.request(topologiesPath('shop'), {
      method: 'DELETE',
      token: editor.token,
    });
    expect(deleted.status, deleted.text).toBe(200);
    const gone = await kube.request(topologiesPath('shop'), { token: editor.token });
    expect(gone.status).toBe(404);
  });
});

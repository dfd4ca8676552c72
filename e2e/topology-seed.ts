import { request, type APIRequestContext } from '@playwright/test';
import { authStatePath, expect } from './fixtures.ts';

/** Fixed ids so that reruns upsert the same rows. */
export const topologyIds = {
  cluster: '0193c000-0000-7000-8000-000000000011',
  nodeA: '0193c000-0000-7000-8000-000000000012',
  nodeB: '0193c000-0000-7000-8000-000000000013',
  database: '0193c000-0000-7000-8000-000000000014',
  team: '0193c000-0000-7000-8000-000000000021',
  config: '0193c000-0000-7000-8000-000000000031',
} as const;

export const topologyNames = {
  cluster: 'e2e-topo-cluster',
  nodeA: 'e2e-topo-node-a',
  nodeB: 'e2e-topo-node-b',
  database: 'e2e-topo-orders-db',
  team: 'e2e-topo-platform',
  config: 'e2e-topo-kubeconfig',
};

async function upsert(api: APIRequestContext, table: string, rows: unknown[]): Promise<void> {
  const answer = await api.post(`/api/db/${table}`, {
    data: rows,
    headers: { Prefer: 'resolution=merge-duplicates,return=minimal' },
  });
  expect(answer.status(), `${table}: ${await answer.text()}`).toBeLessThan(300);
}

/** A cluster with two nodes (one unhealthy), a database, a team and a linked config. */
export async function seedTopology(baseURL: string): Promise<void> {
  const api = await request.newContext({
    baseURL,
    storageState: authStatePath('admin'),
    extraHTTPHeaders: { Origin: baseURL },
  });
  const ids = topologyIds;
  // Own health only: the server rolls statuses up from it and from the children.
  const component = (
    id: string,
    name: string,
    type: string,
    health: string | null,
    extra: Record<string, unknown> = {},
  ) => ({
    id,
    name,
    type,
    health,
    parent_id: null,
    path: null,
    labels: { env: 'e2e' },
    properties: [],
    ...extra,
  });
  const node = (id: string, name: string, health: string, cpu: number, reason?: string) =>
    component(id, name, 'KubernetesNode', health, {
      health_reason: reason ?? null,
      parent_id: ids.cluster,
      path: ids.cluster,
      is_leaf: true,
      properties: [
        { name: 'cpu', value: cpu, max: 4000, unit: 'millicores', headline: true },
        { name: 'region', text: 'eu-west-1' },
        { name: 'zone', text: 'eu-west-1a' },
      ],
    });
  await upsert(api, 'components', [
    component(ids.cluster, topologyNames.cluster, 'KubernetesCluster', null, {
      external_id: 'e2e/cluster',
      properties: [
        { name: 'version', text: '1.31.2' },
        { name: 'cost', type: 'currency', value: 1520 },
      ],
    }),
    component(ids.database, topologyNames.database, 'Database', 'healthy', {
      properties: [{ name: 'connections', value: 42, headline: true }],
    }),
  ]);
  await upsert(api, 'components', [
    node(ids.nodeA, topologyNames.nodeA, 'healthy', 1200),
    node(ids.nodeB, topologyNames.nodeB, 'unhealthy', 3600, 'kubelet stopped posting status'),
  ]);
  await upsert(api, 'teams', [{ id: ids.team, name: topologyNames.team }]);
  await upsert(api, 'team_components', [
    { team_id: ids.team, component_id: ids.cluster, role: 'owner', selector_id: 'manual' },
  ]);
  await upsert(api, 'config_items', [
    {
      id: ids.config,
      name: topologyNames.config,
      type: 'Kubernetes::Cluster',
      config_class: 'Cluster',
      health: 'healthy',
      config: { kind: 'Cluster' },
    },
  ]);
  await upsert(api, 'config_component_relationships', [
    { component_id: ids.cluster, config_id: ids.config, selector_id: 'manual' },
  ]);
  await api.dispose();
}

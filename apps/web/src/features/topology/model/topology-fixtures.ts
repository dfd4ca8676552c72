import type { TopologyComponent, TopologyResponse } from '@vigil/domain';

/** A realistic answer of GET /api/topology for page tests: a cluster with nodes and a database. */
export const ids = {
  cluster: '0193b000-0000-7000-8000-000000000001',
  nodeA: '0193b000-0000-7000-8000-000000000002',
  nodeB: '0193b000-0000-7000-8000-000000000003',
  database: '0193b000-0000-7000-8000-000000000004',
  billing: '0193b000-0000-7000-8000-000000000005',
  config: '0193b000-0000-7000-8000-0000000000c1',
  team: '0193b000-0000-7000-8000-0000000000e1',
} as const;

const node = (id: string, name: string, status: string, cpu: number): TopologyComponent => ({
  id,
  name,
  type: 'KubernetesNode',
  status,
  parent_id: ids.cluster,
  path: ids.cluster,
  external_id: `node/${name}`,
  properties: [
    { name: 'cpu', value: cpu, max: 4000, unit: 'millicores', headline: true },
    { name: 'memory', value: 6_000_000_000, max: 16_000_000_000, unit: 'bytes', headline: true },
    { name: 'region', text: 'eu-west-1' },
    { name: 'zone', text: 'eu-west-1a' },
    { name: 'os', text: 'linux' },
    { name: 'arch', text: 'amd64' },
  ],
  updated_at: '2026-11-27T10:00:00Z',
});

export const cluster: TopologyComponent = {
  id: ids.cluster,
  name: 'prod-cluster',
  type: 'KubernetesCluster',
  status: 'warning',
  status_reason: '1 of 2 nodes unhealthy',
  external_id: 'cluster/prod',
  labels: { env: 'prod' },
  team_names: ['platform', 'sre', 'payments', 'data', 'security', 'network', 'billing'],
  properties: [
    { name: 'version', text: '1.31.2' },
    { name: 'part-of', text: 'platform' },
    { name: 'vpc', text: 'vpc-01' },
    { name: 'subnet', text: 'subnet-a' },
    { name: 'url', type: 'url', text: 'https://k8s.example.com' },
    { name: 'cost', type: 'currency', value: 1520 },
    { name: 'owner', text: 'platform-team' },
    { name: 'tier', text: 'gold' },
    { name: 'runtime', text: 'containerd' },
    { name: 'secret', type: 'hidden', text: 'never shown' },
  ],
  summary: {
    checks: { healthy: 3, unhealthy: 1 },
    incidents: { availability: { high: 1 } },
    insights: { security: { critical: 2, low: 1, medium: 1 } },
  },
  updated_at: '2026-11-27T09:00:00Z',
  components: [
    node(ids.nodeA, 'node-a', 'healthy', 1200),
    node(ids.nodeB, 'node-b', 'unhealthy', 3600),
  ],
};

export const database: TopologyComponent = {
  id: ids.database,
  name: 'orders-db',
  type: 'Database',
  status: 'healthy',
  properties: [{ name: 'connections', value: 42, headline: true }],
  updated_at: '2026-11-27T11:00:00Z',
};

export const billing: TopologyComponent = {
  id: ids.billing,
  name: 'billing-api',
  type: 'Service',
  status: 'unhealthy',
  status_reason: 'HTTP 503 from /health',
  updated_at: '2026-11-26T11:00:00Z',
};

export const rootResponse: TopologyResponse = {
  components: [database, cluster, billing],
  healthStatuses: ['healthy', 'unhealthy', 'warning'],
  teams: ['platform', 'sre'],
  types: ['Database', 'KubernetesCluster', 'Service'],
  tags: { env: ['prod', 'staging'] },
};

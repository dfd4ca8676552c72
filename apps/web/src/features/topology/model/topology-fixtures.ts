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

type Status = TopologyComponent['status'];

/** A component as the server answers it: every field present, most of them empty. */
export function makeComponent(
  fields: Partial<TopologyComponent> & { id: string; name: string },
): TopologyComponent {
  return {
    topology_id: null,
    agent_id: '00000000-0000-0000-0000-000000000000',
    parent_id: null,
    external_id: null,
    title: null,
    text: null,
    type: null,
    icon: null,
    namespace: null,
    status: 'unknown',
    status_reason: null,
    description: null,
    labels: {},
    path: null,
    is_leaf: false,
    hidden: false,
    properties: [],
    cost_per_minute: null,
    cost_total_1d: null,
    cost_total_7d: null,
    cost_total_30d: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
    deleted_at: null,
    teams: [],
    summary: {
      checks: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 },
      incidents: {},
      insights: {},
    },
    ...fields,
  };
}

const node = (id: string, name: string, status: Status, cpu: number): TopologyComponent =>
  makeComponent({
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

export const cluster: TopologyComponent = makeComponent({
  id: ids.cluster,
  name: 'prod-cluster',
  type: 'KubernetesCluster',
  status: 'warning',
  status_reason: '1 of 2 nodes unhealthy',
  external_id: 'cluster/prod',
  labels: { env: 'prod' },
  teams: ['platform', 'sre', 'payments', 'data', 'security', 'network', 'billing'],
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
    checks: { healthy: 3, unhealthy: 1, warning: 0, unknown: 0 },
    incidents: { availability: { high: 1 } },
    // The server has merged 'low' into 'medium' already.
    insights: { security: { critical: 2, medium: 2 } },
  },
  updated_at: '2026-11-27T09:00:00Z',
  components: [
    node(ids.nodeA, 'node-a', 'healthy', 1200),
    node(ids.nodeB, 'node-b', 'unhealthy', 3600),
  ],
});

export const database: TopologyComponent = makeComponent({
  id: ids.database,
  name: 'orders-db',
  type: 'Database',
  status: 'healthy',
  properties: [{ name: 'connections', value: 42, headline: true }],
  updated_at: '2026-11-27T11:00:00Z',
});

export const billing: TopologyComponent = makeComponent({
  id: ids.billing,
  name: 'billing-api',
  type: 'Service',
  status: 'unhealthy',
  status_reason: 'HTTP 503 from /health',
  updated_at: '2026-11-26T11:00:00Z',
});

export const rootResponse: TopologyResponse = {
  components: [database, cluster, billing],
  healthStatuses: ['healthy', 'unhealthy', 'warning'],
  teams: ['platform', 'sre'],
  types: ['Database', 'KubernetesCluster', 'Service'],
  tags: { env: ['prod', 'staging'] },
};

/** GET /api/topology's answer around the given components. */
export function topologyAnswer(components: TopologyComponent[]): TopologyResponse {
  return { components, healthStatuses: [], teams: [], types: [], tags: {} };
}

import type { ScrapedItem } from '../../apps/server/src/modules/catalog/scrapers/scrape-result.ts';

/**
 * Synthetic catalog for the ingest benchmark: 15 types in a realistic hierarchy (cluster →
 * namespaces → deployments → replica sets → pods, nodes, services…; AWS accounts → VPCs →
 * subnets → instances…), each document about 2 KB of nested metadata, spec and status.
 */
const types: ReadonlyArray<{ type: string; share: number; parent?: string }> = [
  { type: 'Kubernetes::Cluster', share: 0 },
  { type: 'Kubernetes::Namespace', share: 0.005, parent: 'Kubernetes::Cluster' },
  { type: 'Kubernetes::Node', share: 0.01, parent: 'Kubernetes::Cluster' },
  { type: 'Kubernetes::Deployment', share: 0.08, parent: 'Kubernetes::Namespace' },
  { type: 'Kubernetes::ReplicaSet', share: 0.12, parent: 'Kubernetes::Deployment' },
  { type: 'Kubernetes::Pod', share: 0.3, parent: 'Kubernetes::ReplicaSet' },
  { type: 'Kubernetes::Service', share: 0.08, parent: 'Kubernetes::Namespace' },
  { type: 'Kubernetes::ConfigMap', share: 0.1, parent: 'Kubernetes::Namespace' },
  { type: 'Kubernetes::Secret', share: 0.08, parent: 'Kubernetes::Namespace' },
  { type: 'AWS::Account', share: 0 },
  { type: 'AWS::EC2::VPC', share: 0.005, parent: 'AWS::Account' },
  { type: 'AWS::EC2::Subnet', share: 0.02, parent: 'AWS::EC2::VPC' },
  { type: 'AWS::EC2::Instance', share: 0.08, parent: 'AWS::EC2::Subnet' },
  { type: 'AWS::IAM::Role', share: 0.06, parent: 'AWS::Account' },
  { type: 'AWS::S3::Bucket', share: 0.06, parent: 'AWS::Account' },
];

function document(type: string, name: string, index: number, version: number): unknown {
  const labels: Record<string, string> = {};
  for (let i = 0; i < 6; i++) labels[`app.kubernetes.io/label-${i}`] = `${name}-value-${i % 3}`;
  return {
    apiVersion: type.startsWith('AWS') ? 'aws/v1' : 'apps/v1',
    kind: type.split('::').at(-1),
    metadata: {
      name,
      namespace: `ns-${index % 50}`,
      uid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      labels,
      annotations: {
        'deployment.kubernetes.io/revision': String(version),
        'meta.helm.sh/release-name': `release-${index % 200}`,
        description: `Synthetic ${type} number ${index} used by the ingest benchmark`,
      },
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
    spec: {
      replicas: 1 + (index % 5),
      selector: { matchLabels: { app: name } },
      template: {
        spec: {
          containers: [0, 1].map((c) => ({
            name: `${name}-c${c}`,
            image: `registry.example.com/team-${index % 20}/service-${c}:1.${version}.0`,
            ports: [{ containerPort: 8080 + c, protocol: 'TCP' }],
            env: [0, 1, 2, 3].map((e) => ({ name: `ENV_${e}`, value: `value-${index}-${e}` })),
            resources: {
              limits: { cpu: '500m', memory: '512Mi' },
              requests: { cpu: '100m', memory: '128Mi' },
            },
          })),
        },
      },
    },
    status: {
      phase: 'Running',
      conditions: ['Ready', 'Initialized', 'ContainersReady'].map((condition) => ({
        type: condition,
        status: 'True',
        lastTransitionTime: '2026-01-01T00:00:00Z',
      })),
    },
  };
}

export interface Catalog {
  readonly items: ScrapedItem[];
  /** Replaces `fraction` of the documents with a new version; answers how many. */
  change(fraction: number, version: number): number;
}

/** Every `step`-th item (by position, from the first) carries document version `version`. */
export interface Versioning {
  readonly step: number;
  readonly version: number;
}

/**
 * The catalog's items one at a time, parents before children, as a scraper reading its
 * source would yield them: nothing is held but the parents' counts. `versioning` gives some
 * items a new version of their document (syntheticCatalog's change()).
 */
export function* syntheticItems(
  count: number,
  versioning?: Versioning,
): Generator<ScrapedItem, void> {
  const counts = new Map<string, number>();
  let position = 0;
  const make = (type: string, index: number, parentType?: string): ScrapedItem => {
    const name = `${type.split('::').at(-1)?.toLowerCase()}-${index}`;
    const parents = parentType ? (counts.get(parentType) ?? 0) : 0;
    const version = versioning && position % versioning.step === 0 ? versioning.version : 1;
    position++;
    counts.set(type, (counts.get(type) ?? 0) + 1);
    return {
      externalId: `${type}/${index}`,
      type,
      configClass: type.split('::').at(-1) ?? type,
      name,
      namespace: `ns-${index % 50}`,
      status: 'Running',
      health: 'healthy',
      ready: true,
      labels: { team: `team-${index % 20}`, env: index % 3 === 0 ? 'prod' : 'staging' },
      tags: { cluster: 'bench', account: '123456789012' },
      config: document(type, name, index, version),
      parent:
        parentType && parents > 0
          ? { type: parentType, externalId: `${parentType}/${index % parents}` }
          : undefined,
    };
  };
  yield make('Kubernetes::Cluster', 0);
  yield make('AWS::Account', 0);
  for (const entry of types) {
    const n = Math.round(entry.share * (count - 2));
    for (let i = 0; i < n && position < count; i++) yield make(entry.type, i, entry.parent);
  }
  for (let i = 0; position < count; i++) {
    yield make('Kubernetes::Pod', 1_000_000 + i, 'Kubernetes::ReplicaSet');
  }
}

/** The same items held in an array, as a scraper that reads its whole source first has them. */
export function syntheticCatalog(count: number): Catalog {
  const items = [...syntheticItems(count)];
  return {
    items,
    change(fraction, version) {
      const step = Math.round(1 / fraction);
      let changed = 0;
      const next = syntheticItems(count, { step, version });
      for (let i = 0; i < items.length; i++) {
        const item = next.next().value;
        if (i % step !== 0 || !item) continue;
        items[i] = item;
        changed++;
      }
      return changed;
    },
  };
}

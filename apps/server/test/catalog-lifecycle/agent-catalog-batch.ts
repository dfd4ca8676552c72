import { randomUUID } from 'node:crypto';

/** The agent id of this installation's own rows. */
export const localAgent = '00000000-0000-0000-0000-000000000000';

/** A cluster with a namespace and a pod, sent children first to show the server orders them. */
export function catalogBatch() {
  const ids = {
    scraper: randomUUID(),
    cluster: randomUUID(),
    namespace: randomUUID(),
    pod: randomUUID(),
    change: randomUUID(),
    analysis: randomUUID(),
  };
  const item = (id: string, type: string, name: string, parent?: string) => ({
    id,
    scraper_id: ids.scraper,
    ...(parent ? { parent_id: parent } : {}),
    type,
    name,
    config_class: type.split('::')[1],
    external_id: [`ext-${name}`],
    health: 'healthy',
    config: { metadata: { name } },
    tags: { cluster: 'prod' },
    agent_id: localAgent,
  });
  const body = {
    config_scrapers: [{ id: ids.scraper, name: 'k8s', spec: { kubernetes: [{}] } }],
    config_items: [
      item(ids.pod, 'Kubernetes::Pod', 'web-1', ids.namespace),
      item(ids.namespace, 'Kubernetes::Namespace', 'shop', ids.cluster),
      item(ids.cluster, 'Kubernetes::Cluster', 'prod'),
    ],
    config_changes: [
      {
        id: ids.change,
        config_id: ids.pod,
        external_change_id: 'event-1',
        change_type: 'Pulled',
        severity: 'info',
        summary: 'image pulled',
        count: 2,
      },
    ],
    config_analysis: [
      {
        id: ids.analysis,
        config_id: ids.pod,
        analyzer: 'privileged',
        analysis_type: 'security',
        severity: 'high',
        message: 'runs privileged',
        last_observed: '2026-06-01T12:00:00Z',
      },
    ],
    config_relationships: [
      { config_id: ids.cluster, related_id: ids.pod, relation: 'ClusterPod', selector_id: 'k8s' },
    ],
  };
  return { ids, body };
}

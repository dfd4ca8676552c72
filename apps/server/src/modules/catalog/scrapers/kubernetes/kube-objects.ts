import { z } from 'zod';
import type {
  ConfigRef,
  ScrapedChange,
  ScrapedItem,
  ScrapedRelationship,
  Severity,
} from '../scrape-result.ts';
import { objectHealth } from './kube-health-rules.ts';
import type { KubernetesEntry } from './kubernetes-entry.ts';

const reference = z.object({
  kind: z.string(),
  name: z.string(),
  uid: z.string(),
  controller: z.boolean().optional(),
});

/** What the scraper reads of an object; the object is stored as the server sent it. */
export const kubeObject = z
  .object({
    kind: z.string().optional(),
    metadata: z
      .object({
        uid: z.string(),
        name: z.string(),
        namespace: z.string().optional(),
        labels: z.record(z.string(), z.string()).optional(),
        creationTimestamp: z.string().optional(),
        resourceVersion: z.string().optional(),
        ownerReferences: z.array(reference).optional(),
      })
      .loose(),
    spec: z
      .object({
        nodeName: z.string().optional(),
        selector: z.unknown().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type KubeObject = z.infer<typeof kubeObject>;

/** The alias every item carries, as config-db writes it: `Kubernetes/<Kind>/<namespace>/<name>`. */
export function aliasOf(kind: string, namespace: string | undefined, name: string): string {
  return `Kubernetes/${kind}/${namespace ?? ''}/${name}`;
}

export function refByName(kind: string, namespace: string | undefined, name: string): ConfigRef {
  return { type: `Kubernetes::${kind}`, externalId: aliasOf(kind, namespace, name) };
}

/** One object as an item keyed by its uid, health from its status, parent from its owner or namespace. */
export function itemOf(kind: string, object: KubeObject, clusterName?: string): ScrapedItem {
  const { metadata } = object;
  const health = objectHealth(kind, object);
  const owner =
    metadata.ownerReferences?.find((ref) => ref.controller === true) ??
    metadata.ownerReferences?.[0];
  const parent = owner
    ? { type: `Kubernetes::${owner.kind}`, externalId: owner.uid }
    : metadata.namespace !== undefined && kind !== 'Namespace'
      ? refByName('Namespace', undefined, metadata.namespace)
      : undefined;
  const tags: Record<string, string> = {};
  if (clusterName) tags.cluster = clusterName;
  if (metadata.namespace) tags.namespace = metadata.namespace;
  return {
    externalId: metadata.uid,
    aliases: [aliasOf(kind, metadata.namespace, metadata.name)],
    type: `Kubernetes::${kind}`,
    configClass: kind,
    name: metadata.name,
    namespace: metadata.namespace,
    status: health.status,
    health: health.health,
    ready: health.ready,
    description: health.message === '' ? undefined : health.message,
    config: { kind, ...object },
    labels: metadata.labels,
    tags,
    parent,
    createdAt: metadata.creationTimestamp ? new Date(metadata.creationTimestamp) : undefined,
  };
}

/** Pods → their node, services → their Endpoints of the same name. */
export function ownRelationships(kind: string, object: KubeObject): ScrapedRelationship[] {
  const { metadata } = object;
  const self = { type: `Kubernetes::${kind}`, externalId: metadata.uid };
  if (kind === 'Pod' && object.spec?.nodeName) {
    return [
      {
        config: refByName('Node', undefined, object.spec.nodeName),
        related: self,
        relation: 'NodePod',
      },
    ];
  }
  if (kind === 'Service') {
    return [
      {
        config: self,
        related: refByName('Endpoints', metadata.namespace, metadata.name),
        relation: 'ServiceEndpoints',
      },
    ];
  }
  return [];
}

const labelMap = z.record(z.string(), z.string());

/** Services → the pods their selector matches, over the objects of one list. */
export function servicePods(
  services: readonly KubeObject[],
  pods: readonly KubeObject[],
): ScrapedRelationship[] {
  const byNamespace = new Map<string, KubeObject[]>();
  for (const pod of pods) {
    const ns = pod.metadata.namespace ?? '';
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), pod]);
  }
  const out: ScrapedRelationship[] = [];
  for (const service of services) {
    const selector = labelMap.safeParse(service.spec?.selector);
    if (!selector.success || Object.keys(selector.data).length === 0) continue;
    const wanted = Object.entries(selector.data);
    for (const pod of byNamespace.get(service.metadata.namespace ?? '') ?? []) {
      const labels = pod.metadata.labels ?? {};
      if (!wanted.every(([key, value]) => labels[key] === value)) continue;
      out.push({
        config: { type: 'Kubernetes::Service', externalId: service.metadata.uid },
        related: { type: 'Kubernetes::Pod', externalId: pod.metadata.uid },
        relation: 'ServicePod',
      });
    }
  }
  return out;
}

/** `*` globs and `!` negations, as config-db's collections.MatchItems. */
export function matchesAny(value: string, patterns: readonly string[] | undefined): boolean {
  if (!patterns || patterns.length === 0) return false;
  return patterns.some((pattern) => {
    const negate = pattern.startsWith('!');
    const body = negate ? pattern.slice(1) : pattern;
    const regex = new RegExp(`^${body.split('*').map(escapeRegex).join('.*')}$`, 'i');
    return negate ? !regex.test(value) : regex.test(value);
  });
}

function escapeRegex(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** `exclusions`: by name, namespace, kind or labels. */
export function isExcluded(entry: KubernetesEntry, kind: string, object: KubeObject): boolean {
  const ex = entry.exclusions;
  if (!ex) return false;
  const { metadata } = object;
  if (matchesAny(kind, ex.kind) || matchesAny(metadata.name, ex.name)) return true;
  if (metadata.namespace !== undefined && matchesAny(metadata.namespace, ex.namespace)) return true;
  const labels = metadata.labels ?? {};
  return Object.entries(ex.labels ?? {}).some(([key, value]) => labels[key] === value);
}

const kubeEvent = z
  .object({
    metadata: z.object({ uid: z.string(), creationTimestamp: z.string().optional() }).loose(),
    involvedObject: z.object({
      kind: z.string(),
      name: z.string(),
      namespace: z.string().optional(),
      uid: z.string().optional(),
    }),
    reason: z.string().optional(),
    message: z.string().optional(),
    type: z.string().optional(),
    lastTimestamp: z.string().nullable().optional(),
    source: z.record(z.string(), z.string()).optional(),
  })
  .loose();

/** A Kubernetes event as a change of its involvedObject; undefined when excluded or unreadable. */
export function changeOfEvent(entry: KubernetesEntry, raw: unknown): ScrapedChange | undefined {
  const parsed = kubeEvent.safeParse(raw);
  if (!parsed.success) return undefined;
  const event = parsed.data;
  const { involvedObject: target } = event;
  const ex = entry.event?.exclusions;
  const reason = event.reason ?? '';
  if (matchesAny(target.name, ex?.name) || matchesAny(reason, ex?.reason)) return undefined;
  if (target.namespace && matchesAny(target.namespace, ex?.namespace)) return undefined;
  const keywords = entry.event?.severityKeywords;
  let severity: Severity = event.type === 'Warning' ? 'warning' : 'info';
  if (matchesAny(reason, keywords?.error)) severity = 'high';
  else if (matchesAny(reason, keywords?.warn)) severity = 'warning';
  const at = event.lastTimestamp ?? event.metadata.creationTimestamp;
  const uid =
    target.uid && target.uid !== ''
      ? target.uid
      : aliasOf(target.kind, target.namespace, target.name);
  return {
    config: { type: `Kubernetes::${target.kind}`, externalId: uid },
    externalChangeId: event.metadata.uid,
    changeType: reason === '' ? 'Event' : reason,
    severity,
    source: event.source?.component ?? 'kubernetes',
    summary: event.message,
    details: raw,
    createdAt: at ? new Date(at) : undefined,
  };
}

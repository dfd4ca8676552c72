import { z } from 'zod';
import { emptyScrapeResult, type ScrapeResult } from '../scrape-result.ts';
import { collectionPath, defaultKinds, routeOf, type KindRoute } from './kube-kinds.ts';
import type { KubeHttp } from './kube-http.ts';
import {
  changeOfEvent,
  isExcluded,
  itemOf,
  kubeObject,
  ownRelationships,
  servicePods,
  type KubeObject,
} from './kube-objects.ts';
import type { KubernetesEntry } from './kubernetes-entry.ts';

const page = z.object({
  metadata: z
    .object({ continue: z.string().optional(), resourceVersion: z.string().optional() })
    .loose(),
  items: z.array(z.unknown()),
});

/** Objects per page: the API server's own default for kubectl. */
export const pageSize = 500;

export interface ListedKind {
  readonly route: KindRoute;
  readonly objects: unknown[];
  /** Where a watch of this kind starts. */
  readonly resourceVersion: string | undefined;
}

export function routesOf(entry: KubernetesEntry): KindRoute[] {
  const routes = entry.watch?.map((w) => routeOf(w.apiVersion, w.kind)) ?? [...defaultKinds];
  // Namespaces are listed whenever anything namespaced is, so that they can be parents.
  if (!routes.some((r) => r.kind === 'Namespace')) routes.unshift(routeOf('v1', 'Namespace'));
  return routes;
}

/** Lists one kind page by page (`limit` / `continue`), as the API server serves large lists. */
export async function listKind(
  http: KubeHttp,
  entry: KubernetesEntry,
  route: KindRoute,
  signal: AbortSignal,
): Promise<ListedKind> {
  const objects: unknown[] = [];
  let next: string | undefined;
  let resourceVersion: string | undefined;
  do {
    const body = page.parse(
      await http.getJson(
        collectionPath(route, entry.namespace),
        {
          limit: String(pageSize),
          continue: next,
          labelSelector: entry.selector,
          fieldSelector: route.kind === 'Event' ? undefined : entry.fieldSelector,
        },
        signal,
      ),
    );
    objects.push(...body.items);
    next = body.metadata.continue === '' ? undefined : body.metadata.continue;
    resourceVersion = body.metadata.resourceVersion;
  } while (next !== undefined);
  return { route, objects, resourceVersion };
}

/** A whole list turned into items, event changes and relationships. */
export function resultOfLists(entry: KubernetesEntry, lists: readonly ListedKind[]): ScrapeResult {
  const result = emptyScrapeResult();
  const services: KubeObject[] = [];
  const pods: KubeObject[] = [];
  for (const { route, objects } of lists) {
    for (const raw of objects) {
      if (route.kind === 'Event') {
        const change = changeOfEvent(entry, raw);
        if (change) result.changes.push(change);
        continue;
      }
      const parsed = kubeObject.safeParse(raw);
      if (!parsed.success) {
        result.errors.push(`kubernetes: a ${route.kind} without metadata.uid/name was skipped`);
        continue;
      }
      if (isExcluded(entry, route.kind, parsed.data)) continue;
      result.items.push(itemOf(route.kind, parsed.data, entry.clusterName));
      result.relationships.push(...ownRelationships(route.kind, parsed.data));
      if (route.kind === 'Service') services.push(parsed.data);
      if (route.kind === 'Pod') pods.push(parsed.data);
    }
  }
  result.relationships.push(...servicePods(services, pods));
  return result;
}

import { z } from 'zod';
import { emptyScrapeResult, type ScrapeResult, type ScrapedItem } from '../scrape-result.ts';
import { collectionPath, type KindRoute } from './kube-kinds.ts';
import type { KubeHttp } from './kube-http.ts';
import { listKind, resultOfLists, routesOf } from './kube-list.ts';
import { changeOfEvent, isExcluded, itemOf, kubeObject, ownRelationships } from './kube-objects.ts';
import type { KubernetesEntry } from './kubernetes-entry.ts';

const watchEvent = z.object({ type: z.string(), object: z.unknown() });

export interface KubernetesWatchOptions {
  readonly http: KubeHttp;
  readonly entry: KubernetesEntry;
  /** Receives the list, then each batch of watched changes; awaited before the next batch. */
  readonly sink: (result: ScrapeResult) => Promise<void>;
  /** How often watched changes are flushed to the sink; 250 ms when unset. */
  readonly flushMs?: number;
  readonly onError?: (error: unknown) => void;
}

/**
 * List then watch: each kind is listed page by page, handed to the sink, then watched from the
 * list's resourceVersion. Watched objects are batched so that a burst is one ingest, not many.
 */
export class KubernetesWatch {
  private readonly controller = new AbortController();
  private pending = emptyScrapeResult();
  /** The latest state per uid in the pending batch: a burst on one object is one item. */
  private pendingItems = new Map<string, ScrapedItem>();
  /** Relationship keys last sent per uid: unchanged ones are not sent again. */
  private readonly sentRelations = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly watches: Array<Promise<void>> = [];

  constructor(private readonly options: KubernetesWatchOptions) {}

  async start(): Promise<void> {
    const { http, entry, sink } = this.options;
    const lists = [];
    for (const route of routesOf(entry))
      lists.push(await listKind(http, entry, route, this.controller.signal));
    await sink(resultOfLists(entry, lists));
    for (const list of lists) {
      for (const raw of list.objects) {
        const parsed = kubeObject.safeParse(raw);
        if (!parsed.success) continue;
        const relations = ownRelationships(list.route.kind, parsed.data);
        const key = relations
          .map((r) => `${r.config.externalId}>${r.related.externalId}`)
          .join(',');
        this.sentRelations.set(parsed.data.metadata.uid, key);
      }
    }
    for (const list of lists) this.watches.push(this.watchKind(list.route, list.resourceVersion));
    this.timer = setInterval(() => this.flush(), this.options.flushMs ?? 250);
  }

  async stop(): Promise<void> {
    this.controller.abort();
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled(this.watches);
    this.flush();
    await this.flushing;
  }

  private async watchKind(route: KindRoute, from: string | undefined): Promise<void> {
    const { http, entry } = this.options;
    let resourceVersion = from;
    while (!this.controller.signal.aborted) {
      try {
        await http.watch(
          collectionPath(route, entry.namespace),
          { resourceVersion, allowWatchBookmarks: 'true', labelSelector: entry.selector },
          this.controller.signal,
          (raw) => {
            resourceVersion = this.accept(route, raw) ?? resourceVersion;
          },
        );
      } catch (error) {
        if (this.controller.signal.aborted) return;
        this.options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /** Adds one watch event to the pending batch; answers the resourceVersion it carried. */
  private accept(route: KindRoute, raw: unknown): string | undefined {
    const event = watchEvent.safeParse(raw);
    if (!event.success) return undefined;
    const object = kubeObject.safeParse(event.data.object);
    if (!object.success) return undefined;
    const { entry } = this.options;
    const version = object.data.metadata.resourceVersion;
    if (event.data.type === 'BOOKMARK' || event.data.type === 'ERROR') return version;
    if (route.kind === 'Event') {
      const change = changeOfEvent(entry, event.data.object);
      if (change) this.pending.changes.push(change);
      return version;
    }
    if (isExcluded(entry, route.kind, object.data)) return version;
    const item = itemOf(route.kind, object.data, entry.clusterName);
    if (event.data.type === 'DELETED') {
      item.deletedAt = new Date();
      item.deleteReason = 'deleted in Kubernetes';
    }
    this.pendingItems.set(item.externalId, item);
    const relations = ownRelationships(route.kind, object.data);
    const key = relations.map((r) => `${r.config.externalId}>${r.related.externalId}`).join(',');
    if (event.data.type === 'DELETED') this.sentRelations.delete(item.externalId);
    else if (this.sentRelations.get(item.externalId) !== key) {
      this.sentRelations.set(item.externalId, key);
      this.pending.relationships.push(...relations);
    }
    return version;
  }

  private flush(): void {
    if (this.pendingItems.size === 0 && this.pending.changes.length === 0) return;
    const batch = { ...this.pending, items: [...this.pendingItems.values()] };
    this.pending = emptyScrapeResult();
    this.pendingItems = new Map();
    this.flushing = this.flushing.then(() =>
      this.options.sink(batch).catch((error: unknown) => this.options.onError?.(error)),
    );
  }
}

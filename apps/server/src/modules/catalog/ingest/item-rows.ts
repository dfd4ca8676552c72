import type { ScrapedItem } from '../scrapers/scrape-result.ts';
import { canonicalJson, hashParts } from './canonical.ts';

/** A scraped item ready for change detection: its keys, normalised document and hash. */
export interface PreparedItem {
  readonly item: ScrapedItem;
  /** externalId first, then aliases, without repeats. */
  readonly externalIds: readonly string[];
  /** The normalised document, as canonical JSON text. */
  readonly configJson: string;
  /** Hash of the normalised document and every scraped field stored on the row. */
  readonly hash: string;
}

/** `type \0 externalId`: the key an item is found by, once per external id. */
export function itemKey(type: string, externalId: string): string {
  return `${type}\u0000${externalId}`;
}

export function prepareItem(item: ScrapedItem): PreparedItem {
  const externalIds = [...new Set([item.externalId, ...(item.aliases ?? [])])];
  const configJson = canonicalJson(item.config);
  const fields = canonicalJson({
    externalIds,
    configClass: item.configClass,
    name: item.name,
    namespace: item.namespace,
    status: item.status,
    health: item.health ?? 'unknown',
    ready: item.ready ?? false,
    description: item.description,
    labels: item.labels,
    tags: item.tags,
    properties: item.properties,
    parent: item.parent,
    deletedAt: item.deletedAt,
    deleteReason: item.deleteReason,
    cost: [item.costPerMinute, item.costTotal1d, item.costTotal7d, item.costTotal30d],
  });
  return { item, externalIds, configJson, hash: hashParts([configJson, fields]) };
}

export interface RowPlacement {
  readonly id: string;
  readonly scraperId: string;
  readonly agentId: string;
  readonly parentId: string | null;
  readonly path: string | null;
  readonly now: Date;
}

/**
 * One config_items row as JSON text for jsonb_to_recordset. The document is spliced in as
 * the canonical text already made for the hash, instead of being stringified a second time.
 */
export function itemRowJson(prepared: PreparedItem, placement: RowPlacement): string {
  const { item } = prepared;
  const row = {
    id: placement.id,
    scraper_id: placement.scraperId,
    agent_id: placement.agentId,
    name: item.name,
    namespace: item.namespace ?? null,
    type: item.type,
    config_class: item.configClass,
    external_id: prepared.externalIds,
    status: item.status ?? null,
    health: item.health ?? 'unknown',
    ready: item.ready ?? false,
    description: item.description ?? null,
    labels: item.labels ?? {},
    tags: item.tags ?? {},
    properties: item.properties ?? null,
    parent_id: placement.parentId,
    path: placement.path,
    cost_per_minute: item.costPerMinute ?? null,
    cost_total_1d: item.costTotal1d ?? null,
    cost_total_7d: item.costTotal7d ?? null,
    cost_total_30d: item.costTotal30d ?? null,
    created_at: (item.createdAt ?? placement.now).toISOString(),
    deleted_at: item.deletedAt?.toISOString() ?? null,
    delete_reason: item.deletedAt ? (item.deleteReason ?? 'deleted at the source') : null,
    config_hash: prepared.hash,
  };
  const text = JSON.stringify(row);
  return `${text.slice(0, -1)},"config":${prepared.configJson}}`;
}

export function rowsJson(rows: readonly string[]): string {
  return `[${rows.join(',')}]`;
}

/** Items in an order where every hard parent given in the same result comes before its children. */
export function parentsFirst(items: readonly ScrapedItem[]): ScrapedItem[] {
  const byKey = new Map<string, ScrapedItem>();
  for (const item of items) {
    for (const id of [item.externalId, ...(item.aliases ?? [])])
      byKey.set(itemKey(item.type, id), item);
  }
  const depths = new Map<ScrapedItem, number>();
  const depthOf = (item: ScrapedItem, seen: Set<ScrapedItem>): number => {
    const known = depths.get(item);
    if (known !== undefined) return known;
    const parent = item.parent
      ? byKey.get(itemKey(item.parent.type, item.parent.externalId))
      : undefined;
    // A parent cycle is cut where it closes: the item then counts as a root.
    const depth = parent && !seen.has(parent) ? depthOf(parent, seen.add(item)) + 1 : 0;
    depths.set(item, depth);
    return depth;
  };
  const withDepth = items.map((item, index) => ({ item, index, depth: depthOf(item, new Set()) }));
  withDepth.sort((a, b) => a.depth - b.depth || a.index - b.index);
  return withDepth.map((entry) => entry.item);
}

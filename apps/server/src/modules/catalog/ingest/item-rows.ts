import type { ScrapedItem } from '../scrapers/scrape-result.ts';
import { canonicalJson, hashParts } from './canonical.ts';
import { copyLine, jsonText, textArrayLiteral } from './copy-text.ts';

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

/** The config_items columns an ingest writes, in COPY order (see itemCopyLine). */
export const itemColumns = [
  'id',
  'scraper_id',
  'agent_id',
  'name',
  'namespace',
  'type',
  'config_class',
  'external_id',
  'status',
  'health',
  'ready',
  'description',
  'config',
  'labels',
  'tags',
  'properties',
  'parent_id',
  'path',
  'cost_per_minute',
  'cost_total_1d',
  'cost_total_7d',
  'cost_total_30d',
  'created_at',
  'deleted_at',
  'delete_reason',
  'config_hash',
] as const;

/**
 * One config_items row as a COPY line, in itemColumns order. The document is the canonical
 * text already made for the hash, instead of being stringified a second time.
 */
export function itemCopyLine(prepared: PreparedItem, placement: RowPlacement): string {
  const { item } = prepared;
  return copyLine([
    placement.id,
    placement.scraperId,
    placement.agentId,
    item.name,
    item.namespace,
    item.type,
    item.configClass,
    textArrayLiteral(prepared.externalIds),
    item.status,
    item.health ?? 'unknown',
    item.ready ?? false,
    item.description,
    // A missing document is SQL null, as jsonb_to_recordset stored it before.
    prepared.configJson === 'null' ? null : prepared.configJson,
    jsonText(item.labels ?? {}),
    jsonText(item.tags ?? {}),
    jsonText(item.properties),
    placement.parentId,
    placement.path,
    item.costPerMinute,
    item.costTotal1d,
    item.costTotal7d,
    item.costTotal30d,
    (item.createdAt ?? placement.now).toISOString(),
    item.deletedAt?.toISOString(),
    item.deletedAt ? (item.deleteReason ?? 'deleted at the source') : null,
    prepared.hash,
  ]);
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

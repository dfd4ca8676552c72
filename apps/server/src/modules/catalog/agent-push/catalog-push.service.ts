import type { Queryable } from '../../../platform/db.ts';
import { DomainError, badRequest } from '../../../platform/errors.ts';
import {
  findChanges,
  findItems,
  findScrapers,
  upsertAnalysis,
  upsertChanges,
  upsertItems,
  upsertRelationships,
  upsertScrapers,
  type CatalogPusher,
  type OwnedRow,
  type PlacedItem,
} from './catalog-push.repository.ts';
import type { CatalogPush, CatalogPushAnswer, PushedItem } from './catalog-push.schema.ts';

const foreignRows = (ids: readonly string[]): DomainError =>
  new DomainError(
    'forbidden',
    'The batch names catalog rows that belong to another agent or to this installation.',
    ids.slice(0, 20).join(', '),
    'An agent pushes only scrapers, config items and changes it created; nothing was written.',
  );

/** The last row of each key wins: one statement must not touch a row twice. */
function lastByKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

/**
 * Writes the catalog part of an agent's push inside the push's transaction, in foreign-key
 * order: scrapers, items (parents before children), then changes, analysis and
 * relationships. Rows naming what the server does not have are answered as missing.
 */
export async function writeCatalogPush(
  db: Queryable,
  agent: CatalogPusher,
  push: CatalogPush,
): Promise<CatalogPushAnswer> {
  const scrapers = lastByKey(push.config_scrapers ?? [], (s) => s.id);
  const items = lastByKey(push.config_items ?? [], (i) => i.id);
  const changes = lastByKey(push.config_changes ?? [], (c) => c.id);
  const analysis = lastByKey(push.config_analysis ?? [], (a) => `${a.config_id}/${a.analyzer}`);
  const relationships = lastByKey(
    push.config_relationships ?? [],
    (r) => `${r.config_id}/${r.related_id}/${r.selector_id}`,
  );

  const storedScrapers = await findScrapers(db, [
    ...new Set([
      ...scrapers.map((s) => s.id),
      ...items.flatMap((i) => (i.scraper_id ? [i.scraper_id] : [])),
    ]),
  ]);
  const storedItems = await findItems(db, [
    ...new Set([
      ...items.flatMap((i) => (i.parent_id ? [i.id, i.parent_id] : [i.id])),
      ...changes.map((c) => c.config_id),
      ...analysis.map((a) => a.config_id),
      ...relationships.flatMap((r) => [r.config_id, r.related_id]),
    ]),
  ]);
  const storedChanges = await findChanges(
    db,
    changes.map((c) => c.id),
  );
  refuseForeign(agent.agentId, [storedScrapers, storedItems, storedChanges]);

  await upsertScrapers(db, agent, scrapers);
  const knownScrapers = new Set([...storedScrapers.keys(), ...scrapers.map((s) => s.id)]);
  const { placed, missing } = placeItems(
    push.config_items ?? [],
    items.filter((i) => !i.scraper_id || knownScrapers.has(i.scraper_id)),
    storedItems,
  );
  await upsertItems(db, agent, placed);

  const known = new Set([...storedItems.keys(), ...placed.map((p) => p.row.id)]);
  const knownChanges = changes.filter((c) => known.has(c.config_id));
  const knownAnalysis = analysis.filter((a) => known.has(a.config_id));
  const knownRelationships = relationships.filter(
    (r) => known.has(r.config_id) && known.has(r.related_id),
  );
  await upsertChanges(
    db,
    lastByKey(knownChanges, (c) =>
      c.external_change_id ? `${c.config_id}/${c.external_change_id}` : c.id,
    ),
  );
  await upsertAnalysis(db, knownAnalysis);
  await upsertRelationships(db, knownRelationships);

  return {
    accepted: {
      config_scrapers: scrapers.length,
      config_items: placed.length,
      config_changes: knownChanges.length,
      config_analysis: knownAnalysis.length,
      config_relationships: knownRelationships.length,
    },
    missing: {
      config_items: [
        ...items.filter((i) => i.scraper_id && !knownScrapers.has(i.scraper_id)).map((i) => i.id),
        ...missing,
      ],
      config_changes: changes.filter((c) => !known.has(c.config_id)).map((c) => c.id),
      config_analysis: analysis
        .filter((a) => !known.has(a.config_id))
        .map((a) => ({ config_id: a.config_id, analyzer: a.analyzer })),
      config_relationships: relationships
        .filter((r) => !known.has(r.config_id) || !known.has(r.related_id))
        .map((r) => ({ config_id: r.config_id, related_id: r.related_id })),
    },
  };
}

/** Any named row stored under another agent (or the local one) refuses the whole batch. */
function refuseForeign(agentId: string, stores: ReadonlyArray<ReadonlyMap<string, OwnedRow>>) {
  const foreign = stores
    .flatMap((store) => [...store.values()])
    .filter((row) => row.agent_id !== agentId)
    .map((row) => row.id);
  if (foreign.length > 0) throw foreignRows(foreign);
}

/**
 * Orders items parents first and computes their paths. An item whose parent is neither
 * stored nor placeable is missing (and so are its children); a parent cycle is refused.
 */
function placeItems(
  all: readonly PushedItem[],
  candidates: readonly PushedItem[],
  stored: ReadonlyMap<string, OwnedRow>,
): { placed: PlacedItem[]; missing: string[] } {
  const pathOf = new Map<string, string | null>();
  for (const [id, row] of stored) pathOf.set(id, row.path);
  const inBatch = new Set(candidates.map((i) => i.id));
  const placedIds = new Set<string>();
  const placed: PlacedItem[] = [];
  let waiting = [...candidates];
  for (;;) {
    const next: PushedItem[] = [];
    for (const item of waiting) {
      const parent = item.parent_id;
      // A parent in the batch goes first, even when an older copy is stored.
      const ready = !parent || (inBatch.has(parent) ? placedIds.has(parent) : pathOf.has(parent));
      if (!ready) {
        next.push(item);
        continue;
      }
      const parentPath = parent ? pathOf.get(parent) : undefined;
      const path = parent ? (parentPath ? `${parentPath}.${parent}` : parent) : null;
      pathOf.set(item.id, path);
      placedIds.add(item.id);
      placed.push({ row: item, path });
    }
    const progressed = next.length < waiting.length;
    waiting = next;
    if (!progressed || waiting.length === 0) break;
  }
  const cyclic = waiting.find((item) => isCycle(item, candidates));
  if (cyclic) {
    const index = all.findIndex((i) => i.id === cyclic.id);
    throw badRequest(`config_items.${index}.parent_id: the parents of this item form a cycle`);
  }
  return { placed, missing: waiting.map((i) => i.id) };
}

function isCycle(start: PushedItem, items: readonly PushedItem[]): boolean {
  const byId = new Map(items.map((i) => [i.id, i]));
  const seen = new Set<string>();
  let current: PushedItem | undefined = start;
  while (current?.parent_id) {
    if (seen.has(current.id)) return true;
    seen.add(current.id);
    current = byId.get(current.parent_id);
  }
  return false;
}

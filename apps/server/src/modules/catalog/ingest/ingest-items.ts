import type { NewEvent } from '../../events/index.ts';
import type { ConfigHealth, ConfigRef, ScrapedItem } from '../scrapers/scrape-result.ts';
import { normalise } from './canonical.ts';
import { diffConfigs } from './config-diff.ts';
import { fingerprintChange } from './fingerprint.ts';
import { aliasSelector, countFor, type IngestRun, type KnownItem } from './ingest-run.ts';
import { itemEvent, type ItemTransition } from './item-events.ts';
import { itemCopyLine, itemKey, prepareItem, type PreparedItem } from './item-rows.ts';
import {
  findItems,
  loadAgentItems,
  linkAliases,
  loadConfigs,
  touchLastScraped,
  writeItems,
  type StoredItem,
} from './items.repository.ts';
import { storeChanges, type ChangeRow } from './changes.repository.ts';
import { itemBatches, type ScrapedItems } from './item-batches.ts';

/** Items per batch: one lookup, one transaction, a handful of multi-row statements. */
export const itemBatchSize = 1000;

type Plan =
  | { kind: 'new'; prepared: PreparedItem; id: string; parent: KnownItem | undefined }
  | { kind: 'unchanged'; prepared: PreparedItem; stored: StoredItem }
  | { kind: 'changed'; prepared: PreparedItem; stored: StoredItem; parent: KnownItem | undefined };

export async function ingestItems(
  run: IngestRun,
  items: ScrapedItems,
  newId: () => string,
  batchSize: number,
): Promise<void> {
  const stored = new Map<string, StoredItem>();
  const loadedTypes = new Set<string>();
  // A streamed item is hashed as it arrives; one that is unchanged then keeps no document,
  // so that the documents of a rescrape die young instead of waiting a batch in memory.
  const preparedOf = new WeakMap<ScrapedItem, PreparedItem>();
  const arrive = async (item: ScrapedItem) => {
    await loadStored(run, [item], stored, loadedTypes);
    const prepared = prepareItem(item);
    if (!unchanged(prepared, stored)) {
      preparedOf.set(item, prepared);
      return item;
    }
    const kept: ScrapedItem = { ...item, config: null };
    preparedOf.set(kept, { ...prepared, item: kept, configJson: 'null' });
    return kept;
  };
  const batches = itemBatches(items, batchSize, arrive);
  const prepareNext = async () => {
    const next = await batches.next();
    if (next.done) return undefined;
    await loadStored(run, next.value, stored, loadedTypes);
    return next.value.map((item) => preparedOf.get(item) ?? prepareItem(item));
  };
  let prepared = await prepareNext();
  while (prepared) {
    const writing = ingestBatch(run, prepared, stored, newId);
    // Read and hash the next batch while this one waits on the database; planning stays in order.
    [prepared] = await Promise.all([prepareNext(), writing]);
  }
}

/** The stored item this one is (by any of its external ids), if any. */
function storedMatch(p: PreparedItem, stored: ReadonlyMap<string, StoredItem>) {
  for (const id of p.externalIds) {
    const row = stored.get(itemKey(p.item.type, id));
    if (row) return row;
  }
  return undefined;
}

/** Stored with the same hash and deletion state: only last_scraped_time moves. */
function unchanged(p: PreparedItem, stored: ReadonlyMap<string, StoredItem>): boolean {
  const match = storedMatch(p, stored);
  return match !== undefined && isUnchanged(p, match);
}

function isUnchanged(p: PreparedItem, match: StoredItem): boolean {
  return match.config_hash === p.hash && match.deleted === (p.item.deletedAt !== undefined);
}

/**
 * The agent's stored items of types not seen before in this ingest, read once per type into
 * `stored`. A batch being written never has items of those types, so it reads nothing added.
 */
async function loadStored(
  run: IngestRun,
  batch: readonly ScrapedItem[],
  stored: Map<string, StoredItem>,
  loadedTypes: Set<string>,
) {
  const types = [...new Set(batch.map((item) => item.type))].filter((t) => !loadedTypes.has(t));
  if (types.length === 0) return;
  for (const type of types) loadedTypes.add(type);
  indexStored(stored, await loadAgentItems(run.db.pool, run.agentId, types));
}

async function ingestBatch(
  run: IngestRun,
  prepared: readonly PreparedItem[],
  stored: ReadonlyMap<string, StoredItem>,
  newId: () => string,
) {
  await resolveParents(run, prepared);
  const plans: Plan[] = [];
  for (const p of prepared) {
    const keys = p.externalIds.map((id) => itemKey(p.item.type, id));
    // The same item twice in one result: the first one counts.
    if (keys.some((key) => run.known.has(key))) continue;
    const parent = p.item.parent
      ? run.known.get(itemKey(p.item.parent.type, p.item.parent.externalId))
      : undefined;
    const match = storedMatch(p, stored);
    const plan: Plan = !match
      ? { kind: 'new', prepared: p, id: newId(), parent }
      : isUnchanged(p, match)
        ? { kind: 'unchanged', prepared: p, stored: match }
        : { kind: 'changed', prepared: p, stored: match, parent };
    const known: KnownItem =
      plan.kind === 'new'
        ? { id: plan.id, type: p.item.type, path: pathUnder(parent) }
        : plan.kind === 'unchanged'
          ? { id: plan.stored.id, type: p.item.type, path: plan.stored.path }
          : { id: plan.stored.id, type: p.item.type, path: pathUnder(parent) };
    for (const key of keys) run.known.set(key, known);
    plans.push(plan);
  }
  await writeBatch(run, plans);
}

/** Stored rows by itemKey; a live row wins over a soft-deleted one with the same key. */
function indexStored(byKey: Map<string, StoredItem>, rows: readonly StoredItem[]) {
  for (const row of rows) {
    for (const id of row.external_id ?? []) {
      const key = itemKey(row.type, id);
      const current = byKey.get(key);
      if (!current || (current.deleted && !row.deleted)) byKey.set(key, row);
    }
  }
}

/** Parents neither in this result nor seen yet are looked up in the database. */
async function resolveParents(run: IngestRun, prepared: readonly PreparedItem[]) {
  const inResult = new Set(
    prepared.flatMap((p) => p.externalIds.map((id) => itemKey(p.item.type, id))),
  );
  const wanted: ConfigRef[] = [];
  for (const { item } of prepared) {
    const key = item.parent && itemKey(item.parent.type, item.parent.externalId);
    if (item.parent && key && !run.known.has(key) && !inResult.has(key)) wanted.push(item.parent);
  }
  if (wanted.length === 0) return;
  const rows = await findItems(
    run.db.pool,
    run.agentId,
    [...new Set(wanted.map((ref) => ref.type))],
    [...new Set(wanted.map((ref) => ref.externalId))],
  );
  for (const row of rows) {
    if (row.deleted) continue;
    for (const id of row.external_id ?? []) {
      run.known.set(itemKey(row.type, id), { id: row.id, type: row.type, path: row.path });
    }
  }
}

function pathUnder(parent: KnownItem | undefined): string | null {
  if (!parent) return null;
  return parent.path ? `${parent.path}.${parent.id}` : parent.id;
}

async function writeBatch(run: IngestRun, plans: readonly Plan[]) {
  const changed = plans.filter((plan) => plan.kind === 'changed');
  const before = await loadConfigs(
    run.db.pool,
    changed.map((plan) => plan.stored.id),
  );
  const lines: string[] = [];
  const changes: Array<ChangeRow & { config_id: string }> = [];
  const events: NewEvent[] = [];
  const typeById = new Map<string, string>();
  const aliased: string[] = [];
  for (const plan of plans) {
    const { item } = plan.prepared;
    const health: ConfigHealth = item.health ?? 'unknown';
    const placement = { scraperId: run.scraperId, agentId: run.agentId, now: run.now };
    if (plan.kind === 'unchanged') {
      countFor(run, item.type, 'unchanged');
      continue;
    }
    const id = plan.kind === 'new' ? plan.id : plan.stored.id;
    typeById.set(id, item.type);
    if (plan.prepared.externalIds.length > 1) aliased.push(id);
    lines.push(
      itemCopyLine(plan.prepared, {
        ...placement,
        id,
        parentId: plan.parent?.id ?? null,
        path: pathUnder(plan.parent),
      }),
    );
    // A soft-deleted item that comes back counts as created again.
    const revived = plan.kind === 'changed' && plan.stored.deleted && !item.deletedAt;
    const transition: ItemTransition = {
      id,
      type: item.type,
      name: item.name,
      created: plan.kind === 'new' || revived,
      deleted: plan.kind === 'changed' && item.deletedAt !== undefined && !plan.stored.deleted,
      configChanged: false,
      health,
    };
    if (plan.kind === 'new') {
      countFor(run, item.type, item.deletedAt ? 'deleted' : 'added');
      const event = itemEvent(transition);
      if (event) events.push(event);
      continue;
    }
    countFor(run, item.type, transition.deleted ? 'deleted' : revived ? 'added' : 'updated');
    const diff = documentChange(before.get(id), plan.prepared, run.now);
    if (diff) changes.push({ ...diff, config_id: id });
    const healthBefore = plan.stored.health ?? 'unknown';
    if (healthBefore !== health)
      changes.push({ ...healthChange(healthBefore, health, run.now), config_id: id });
    const event = itemEvent({ ...transition, configChanged: diff !== undefined, healthBefore });
    if (event) events.push(event);
  }
  const allIds = plans.map((plan) => (plan.kind === 'new' ? plan.id : plan.stored.id));
  await run.db.transaction(async (client) => {
    await writeItems(client, lines);
    for (const configId of await storeChanges(client, changes)) {
      countFor(run, typeById.get(configId) ?? 'unknown', 'changes');
    }
    await touchLastScraped(client, allIds, run.now);
    await linkAliases(client, aliased, aliasSelector(run.scraperId));
    if (run.enqueue && events.length > 0) await run.enqueue(client, events);
  });
}

/** A `diff` change when the normalised document differs; undefined when only fields moved. */
function documentChange(stored: unknown, prepared: PreparedItem, now: Date): ChangeRow | undefined {
  const before = normalise(stored ?? null);
  if (JSON.stringify(before) === prepared.configJson) return undefined;
  const after: unknown = JSON.parse(prepared.configJson);
  const result = diffConfigs(before, after);
  const at = now.toISOString();
  return {
    external_change_id: null,
    change_type: 'diff',
    severity: 'info',
    source: 'diff',
    summary: result.summary,
    details: { paths: result.paths },
    patches: result.patch ?? null,
    diff: result.diff,
    fingerprint: fingerprintChange({ changeType: 'diff', patches: result.patch }),
    count: 1,
    first_observed: at,
    created_at: at,
    external_created_by: null,
  };
}

const healthSeverity: Record<ConfigHealth, string> = {
  healthy: 'info',
  unknown: 'info',
  warning: 'medium',
  unhealthy: 'high',
};

function healthChange(from: ConfigHealth, to: ConfigHealth, now: Date): ChangeRow {
  const at = now.toISOString();
  return {
    external_change_id: null,
    change_type: 'HealthChanged',
    severity: healthSeverity[to],
    source: 'health',
    summary: `health changed from ${from} to ${to}`,
    details: { from, to },
    patches: null,
    diff: null,
    fingerprint: null,
    count: 1,
    first_observed: at,
    created_at: at,
    external_created_by: null,
  };
}

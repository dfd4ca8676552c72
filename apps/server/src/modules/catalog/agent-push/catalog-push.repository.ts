import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import type {
  PushedAnalysis,
  PushedChange,
  PushedItem,
  PushedRelationship,
  PushedScraper,
} from './catalog-push.schema.ts';

/** Who writes a catalog push: rows are stamped with the agent, scrapers with its identity. */
export interface CatalogPusher {
  readonly agentId: string;
  readonly personId: string;
}

const ownerRow = z.object({
  id: z.string(),
  agent_id: z.string(),
  path: z.string().nullable(),
});
export type OwnedRow = z.infer<typeof ownerRow>;

export async function findItems(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, OwnedRow>> {
  if (ids.length === 0) return new Map();
  const found = await db.query(
    'select id, agent_id, path from config_items where id = any($1::uuid[])',
    [ids],
  );
  return new Map(found.rows.map((raw) => ownerRow.parse(raw)).map((row) => [row.id, row]));
}

export async function findScrapers(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, OwnedRow>> {
  if (ids.length === 0) return new Map();
  const found = await db.query(
    'select id, agent_id, null::text as path from config_scrapers where id = any($1::uuid[])',
    [ids],
  );
  return new Map(found.rows.map((raw) => ownerRow.parse(raw)).map((row) => [row.id, row]));
}

/** Changes already stored under these ids, with the agent of their config item. */
export async function findChanges(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, OwnedRow>> {
  if (ids.length === 0) return new Map();
  const found = await db.query(
    `select c.id, i.agent_id, null::text as path
     from config_changes c join config_items i on i.id = c.config_id
     where c.id = any($1::uuid[])`,
    [ids],
  );
  return new Map(found.rows.map((raw) => ownerRow.parse(raw)).map((row) => [row.id, row]));
}

export async function upsertScrapers(
  db: Queryable,
  agent: CatalogPusher,
  rows: readonly PushedScraper[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into config_scrapers (id, name, namespace, description, labels, spec, source,
       agent_id, created_by, next_runtime, created_at, deleted_at)
     select r.id, r.name, r.namespace, r.description, r.labels, r.spec, r.source, $2, $3, null,
            coalesce(r.created_at, now()), r.deleted_at
     from jsonb_to_recordset($1::jsonb) as r(id uuid, name text, namespace text,
       description text, labels jsonb, spec jsonb, source text, created_at timestamptz,
       deleted_at timestamptz)
     on conflict (id) do update set name = excluded.name, namespace = excluded.namespace,
       description = excluded.description, labels = excluded.labels, spec = excluded.spec,
       source = excluded.source, deleted_at = excluded.deleted_at
     where config_scrapers.agent_id = excluded.agent_id`,
    [JSON.stringify(rows), agent.agentId, agent.personId],
  );
}

/** An item as written: its path (ancestor ids joined by '.') computed from its parent. */
export interface PlacedItem {
  readonly row: PushedItem;
  readonly path: string | null;
}

/** Upserts items in the order given (parents first), and records when they were scraped. */
export async function upsertItems(
  db: Queryable,
  agent: CatalogPusher,
  items: readonly PlacedItem[],
): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map(({ row, path }) => ({
    ...row,
    path,
    // jsonb null and a missing document are both stored as SQL null.
    config: row.config === undefined ? null : row.config,
  }));
  await db.query(
    `insert into config_items (id, scraper_id, agent_id, parent_id, path, name, namespace, type,
       config_class, external_id, status, health, ready, description, config, labels, tags,
       properties, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d, source,
       last_scraped_time, created_at, deleted_at, delete_reason)
     select r.id, r.scraper_id, $2, r.parent_id, r.path, r.name, r.namespace, r.type,
            r.config_class, r.external_id, r.status, coalesce(r.health, 'unknown'), r.ready,
            r.description, r.config, r.labels, r.tags, r.properties, r.cost_per_minute,
            r.cost_total_1d, r.cost_total_7d, r.cost_total_30d, r.source,
            coalesce(r.last_scraped_time, now()), coalesce(r.created_at, now()), r.deleted_at,
            r.delete_reason
     from rows from (jsonb_to_recordset($1::jsonb) as (id uuid, scraper_id uuid,
       parent_id uuid, path text, name text, namespace text, type text, config_class text,
       external_id text[], status text, health text, ready boolean, description text,
       config jsonb, labels jsonb, tags jsonb, properties jsonb, cost_per_minute numeric,
       cost_total_1d numeric, cost_total_7d numeric, cost_total_30d numeric, source text,
       last_scraped_time timestamptz, created_at timestamptz, deleted_at timestamptz,
       delete_reason text)) with ordinality as r(id, scraper_id, parent_id, path, name,
       namespace, type, config_class, external_id, status, health, ready, description, config,
       labels, tags, properties, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d,
       source, last_scraped_time, created_at, deleted_at, delete_reason, n)
     order by r.n
     on conflict (id) do update set scraper_id = excluded.scraper_id,
       parent_id = excluded.parent_id, path = excluded.path, name = excluded.name,
       namespace = excluded.namespace, type = excluded.type,
       config_class = excluded.config_class, external_id = excluded.external_id,
       status = excluded.status, health = excluded.health, ready = excluded.ready,
       description = excluded.description, config = excluded.config,
       labels = excluded.labels, tags = excluded.tags, properties = excluded.properties,
       cost_per_minute = excluded.cost_per_minute, cost_total_1d = excluded.cost_total_1d,
       cost_total_7d = excluded.cost_total_7d, cost_total_30d = excluded.cost_total_30d,
       source = excluded.source, last_scraped_time = excluded.last_scraped_time,
       deleted_at = excluded.deleted_at, delete_reason = excluded.delete_reason
     where config_items.agent_id = excluded.agent_id
       and (config_items.name, config_items.type, config_items.config, config_items.labels,
            config_items.tags, config_items.status, config_items.health,
            config_items.deleted_at, config_items.parent_id, config_items.properties,
            config_items.cost_total_30d, config_items.external_id, config_items.description)
         is distinct from
           (excluded.name, excluded.type, excluded.config, excluded.labels, excluded.tags,
            excluded.status, excluded.health, excluded.deleted_at, excluded.parent_id,
            excluded.properties, excluded.cost_total_30d, excluded.external_id,
            excluded.description)`,
    [JSON.stringify(rows), agent.agentId],
  );
  await db.query(
    `insert into config_items_last_scraped_time (config_id, last_scraped_time)
     select r.id, coalesce(r.last_scraped_time, now())
     from jsonb_to_recordset($1::jsonb) as r(id uuid, last_scraped_time timestamptz,
       deleted_at timestamptz)
     where r.deleted_at is null
     order by r.id
     on conflict (config_id) do update
       set last_scraped_time = greatest(config_items_last_scraped_time.last_scraped_time,
                                        excluded.last_scraped_time)`,
    [
      JSON.stringify(
        rows.map((r) => ({
          id: r.id,
          last_scraped_time: r.last_scraped_time,
          deleted_at: r.deleted_at,
        })),
      ),
    ],
  );
}

/**
 * Changes by id: a repeat keeps the row and its highest count. A change whose
 * external_change_id is already stored for the item under another id is a duplicate, skipped.
 */
export async function upsertChanges(db: Queryable, rows: readonly PushedChange[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into config_changes (id, config_id, external_change_id, change_type, severity,
       source, summary, details, patches, diff, fingerprint, count, first_observed,
       external_created_by, created_at)
     select r.id, r.config_id, r.external_change_id, r.change_type, r.severity, r.source,
            r.summary, r.details, r.patches, r.diff, r.fingerprint, r.count,
            coalesce(r.first_observed, r.created_at, now()), r.external_created_by,
            coalesce(r.created_at, now())
     from jsonb_to_recordset($1::jsonb) as r(id uuid, config_id uuid, external_change_id text,
       change_type text, severity text, source text, summary text, details jsonb,
       patches jsonb, diff text, fingerprint text, count integer, first_observed timestamptz,
       external_created_by text, created_at timestamptz)
     where not exists (select 1 from config_changes c
                       where c.config_id = r.config_id and c.id <> r.id
                         and c.external_change_id = r.external_change_id)
     on conflict (id) do update set count = greatest(config_changes.count, excluded.count),
       severity = excluded.severity, summary = excluded.summary, details = excluded.details
     where config_changes.config_id = excluded.config_id`,
    [JSON.stringify(rows)],
  );
}

/** Analysis keyed by config and analyzer; the first and last sightings widen. */
export async function upsertAnalysis(
  db: Queryable,
  rows: readonly PushedAnalysis[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into config_analysis as a (id, config_id, scraper_id, analyzer, analysis_type,
       severity, status, message, summary, analysis, source, first_observed, last_observed)
     select r.id, r.config_id, i.scraper_id, r.analyzer, r.analysis_type, r.severity,
            r.status, r.message, r.summary, r.analysis, r.source,
            coalesce(r.first_observed, now()), coalesce(r.last_observed, now())
     from jsonb_to_recordset($1::jsonb) as r(id uuid, config_id uuid, analyzer text,
       analysis_type text, severity text, status text, message text, summary text,
       analysis jsonb, source text, first_observed timestamptz, last_observed timestamptz)
     join config_items i on i.id = r.config_id
     order by r.config_id, r.analyzer
     on conflict (config_id, analyzer) do update set analysis_type = excluded.analysis_type,
       severity = excluded.severity, status = excluded.status, message = excluded.message,
       summary = excluded.summary, analysis = excluded.analysis, source = excluded.source,
       first_observed = least(a.first_observed, excluded.first_observed),
       last_observed = greatest(a.last_observed, excluded.last_observed)
     where (a.analysis_type, a.severity, a.status, a.message, a.summary, a.analysis, a.source,
            a.first_observed, a.last_observed)
       is distinct from
           (excluded.analysis_type, excluded.severity, excluded.status, excluded.message,
            excluded.summary, excluded.analysis, excluded.source,
            least(a.first_observed, excluded.first_observed),
            greatest(a.last_observed, excluded.last_observed))`,
    [JSON.stringify(rows)],
  );
}

export async function upsertRelationships(
  db: Queryable,
  rows: readonly PushedRelationship[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into config_relationships (config_id, related_id, relation, selector_id, deleted_at)
     select r.config_id, r.related_id, r.relation, r.selector_id, r.deleted_at
     from jsonb_to_recordset($1::jsonb) as r(config_id uuid, related_id uuid, relation text,
       selector_id text, deleted_at timestamptz)
     order by r.config_id, r.related_id, r.selector_id
     on conflict (config_id, related_id, selector_id) do update
       set relation = excluded.relation, deleted_at = excluded.deleted_at
     where (config_relationships.relation, config_relationships.deleted_at)
       is distinct from (excluded.relation, excluded.deleted_at)`,
    [JSON.stringify(rows)],
  );
}

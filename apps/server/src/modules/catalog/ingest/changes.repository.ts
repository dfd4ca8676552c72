import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** A change ready to store: repeats within this ingest already collapsed into `count`. */
export interface ChangeRow {
  readonly external_change_id: string | null;
  readonly change_type: string;
  readonly severity: string | null;
  readonly source: string | null;
  readonly summary: string | null;
  readonly details: unknown;
  readonly patches: unknown;
  readonly diff: string | null;
  readonly fingerprint: string | null;
  readonly count: number;
  readonly first_observed: string;
  readonly created_at: string;
  readonly external_created_by: string | null;
}

const changeColumns = `n int, external_change_id text, change_type text, severity text,
  source text, summary text, details jsonb, patches jsonb, diff text, fingerprint text,
  count int, first_observed timestamptz, created_at timestamptz, external_created_by text`;

/**
 * Stores changes of existing items. A change whose external id the item already has is
 * dropped; one whose fingerprint the item recorded within the hour before it bumps that row's
 * count (first_observed kept); the rest are inserted. Answers the config ids of inserted rows.
 */
export async function storeChanges(
  client: Queryable,
  rows: ReadonlyArray<ChangeRow & { readonly config_id: string }>,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const result = await client.query(
    `with input as (
       select * from jsonb_to_recordset($1::jsonb) as r(config_id uuid, ${changeColumns})
     ),
     known as (
       select i.n from input i
        where i.external_change_id is not null
          and exists (select 1 from config_changes c
                       where c.config_id = i.config_id and c.external_change_id = i.external_change_id)
     ),
     repeated as (
       update config_changes c
          set count = c.count + i.count, created_at = greatest(c.created_at, i.created_at)
         from input i
        where i.fingerprint is not null and c.config_id = i.config_id
          and c.fingerprint = i.fingerprint
          and c.created_at >= i.first_observed - interval '1 hour'
          and i.n not in (select n from known)
       returning i.n
     )
     insert into config_changes (config_id, external_change_id, change_type, severity, source,
       summary, details, patches, diff, fingerprint, count, first_observed, created_at,
       external_created_by)
     select i.config_id, i.external_change_id, i.change_type, i.severity, i.source, i.summary,
            i.details, i.patches, i.diff, i.fingerprint, i.count, i.first_observed, i.created_at,
            i.external_created_by
       from input i
      where i.n not in (select n from known) and i.n not in (select n from repeated)
     on conflict (config_id, external_change_id) where external_change_id is not null do nothing
     returning config_id`,
    [JSON.stringify(rows.map((row, n) => ({ ...row, n })))],
  );
  return z
    .array(z.object({ config_id: z.string() }))
    .parse(result.rows)
    .map((r) => r.config_id);
}

export interface OrphanTarget {
  readonly agent_id: string;
  readonly scraper_id: string;
  readonly config_type: string;
  readonly external_id: string;
}

/** Keeps changes of items not stored yet, with the same dedupe rules as storeChanges. */
export async function storeOrphans(
  client: Queryable,
  rows: ReadonlyArray<ChangeRow & OrphanTarget>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await client.query(
    `with input as (
       select * from jsonb_to_recordset($1::jsonb) as r(agent_id uuid, scraper_id uuid,
         config_type text, external_id text, ${changeColumns})
     ),
     known as (
       select i.n from input i
        where i.external_change_id is not null
          and exists (select 1 from config_change_orphans o
                       where o.agent_id = i.agent_id and o.config_type = i.config_type
                         and o.external_id = i.external_id
                         and o.external_change_id = i.external_change_id)
     ),
     repeated as (
       update config_change_orphans o
          set count = o.count + i.count, created_at = greatest(o.created_at, i.created_at)
         from input i
        where i.fingerprint is not null and o.agent_id = i.agent_id
          and o.config_type = i.config_type and o.external_id = i.external_id
          and o.fingerprint = i.fingerprint
          and o.created_at >= i.first_observed - interval '1 hour'
          and i.n not in (select n from known)
       returning i.n
     )
     insert into config_change_orphans (agent_id, scraper_id, config_type, external_id,
       external_change_id, change_type, severity, source, summary, details, patches, diff,
       fingerprint, count, first_observed, created_at, external_created_by)
     select i.agent_id, i.scraper_id, i.config_type, i.external_id, i.external_change_id,
            i.change_type, i.severity, i.source, i.summary, i.details, i.patches, i.diff,
            i.fingerprint, i.count, i.first_observed, i.created_at, i.external_created_by
       from input i
      where i.n not in (select n from known) and i.n not in (select n from repeated)
     on conflict (agent_id, config_type, external_id, external_change_id)
       where external_change_id is not null do nothing`,
    [JSON.stringify(rows.map((row, n) => ({ ...row, n })))],
  );
  return result.rowCount ?? 0;
}

/**
 * Moves the agent's orphans whose item now exists (live, same type, external id among its
 * ids) into config_changes, and drops orphans older than `expireBefore`. Answers the moved
 * rows' item types.
 */
export async function attachOrphans(
  client: Queryable,
  agentId: string,
  expireBefore: Date,
): Promise<string[]> {
  await client.query('delete from config_change_orphans where agent_id = $1 and created_at < $2', [
    agentId,
    expireBefore,
  ]);
  const result = await client.query(
    `with moved as (
       delete from config_change_orphans o
        using config_items ci
        where o.agent_id = $1 and ci.agent_id = o.agent_id and ci.type = o.config_type
          and ci.external_id @> array[o.external_id] and ci.deleted_at is null
       returning ci.id as config_id, ci.type, o.external_change_id, o.change_type, o.severity,
                 o.source, o.summary, o.details, o.patches, o.diff, o.fingerprint, o.count,
                 o.first_observed, o.created_at, o.external_created_by
     ),
     inserted as (
       insert into config_changes (config_id, external_change_id, change_type, severity, source,
         summary, details, patches, diff, fingerprint, count, first_observed, created_at,
         external_created_by)
       select config_id, external_change_id, change_type, severity, source, summary, details,
              patches, diff, fingerprint, count, first_observed, created_at, external_created_by
         from moved
       on conflict (config_id, external_change_id) where external_change_id is not null do nothing
       returning config_id
     )
     select ci.type from inserted i join config_items ci on ci.id = i.config_id`,
    [agentId],
  );
  return z
    .array(z.object({ type: z.string() }))
    .parse(result.rows)
    .map((r) => r.type);
}

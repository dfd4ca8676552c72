import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/**
 * SQL of catalog retention. Every statement touches at most `batch` rows, so that callers run
 * one short transaction per batch and never hold locks over a whole estate.
 */

const scraperRow = z.object({
  id: z.string(),
  name: z.string(),
  agent_id: z.string(),
  retention: z.unknown(),
});
export type RetentionScraper = z.infer<typeof scraperRow>;

/** Live scrapers with their `spec.retention` (raw: the service validates it). */
export async function listScrapers(db: Queryable): Promise<RetentionScraper[]> {
  const found = await db.query(
    `select id, name, agent_id, spec -> 'spec' -> 'retention' as retention
     from config_scrapers where deleted_at is null order by id`,
  );
  return found.rows.map((row) => scraperRow.parse(row));
}

const runRow = z.object({ status: z.string(), time_start: z.date() });
export type ScrapeRun = z.infer<typeof runRow>;

/**
 * The scraper's newest finished scrape in job history (resource_type config_scraper), leaving
 * out the runs of the catalog's own maintenance jobs, which share that resource.
 */
export async function lastScrapeRun(
  db: Queryable,
  scraperId: string,
  maintenanceJobs: readonly string[],
): Promise<ScrapeRun | undefined> {
  const found = await db.query(
    `select status, time_start from job_history
     where resource_type = 'config_scraper' and resource_id = $1
       and status not in ('RUNNING', 'STALE') and not (name = any($2::text[]))
     order by time_start desc, id desc limit 1`,
    [scraperId, maintenanceJobs],
  );
  return found.rows[0] === undefined ? undefined : runRow.parse(found.rows[0]);
}

/** Deletes one batch of the scraper's changes of a type created before the cutoff. */
export async function deleteChangesOlderThan(
  db: Queryable,
  scraperId: string,
  changeType: string,
  cutoff: Date,
  batch: number,
): Promise<number> {
  const deleted = await db.query(
    `delete from config_changes where id in (
       select cc.id from config_changes cc
       join config_items ci on ci.id = cc.config_id
       where ci.scraper_id = $1 and cc.change_type = $2 and cc.created_at < $3
       limit $4)`,
    [scraperId, changeType, cutoff, batch],
  );
  return deleted.rowCount ?? 0;
}

/** One page of the scraper's item ids after `afterId`, in id order (keyset paging). */
export async function scraperItemPage(
  db: Queryable,
  scraperId: string,
  afterId: string,
  size: number,
): Promise<string[]> {
  const found = await db.query(
    `select id from config_items where scraper_id = $1 and id > $2 order by id limit $3`,
    [scraperId, afterId, size],
  );
  return found.rows.map((row) => z.object({ id: z.string() }).parse(row).id);
}

/**
 * Deletes one batch of changes of a type beyond the newest `keep` of each of these items.
 * Per item through the (change_type, config_id, created_at) index, so that a batch costs the
 * surplus it deletes rather than a ranking of every change of the scraper.
 */
export async function deleteChangesBeyondCount(
  db: Queryable,
  configIds: readonly string[],
  changeType: string,
  keep: number,
  batch: number,
): Promise<number> {
  const deleted = await db.query(
    `delete from config_changes where id in (
       select surplus.id from unnest($1::uuid[]) as item(id)
       cross join lateral (
         select cc.id from config_changes cc
         where cc.change_type = $2 and cc.config_id = item.id
         order by cc.created_at desc, cc.id desc
         offset $3) surplus
       limit $4)`,
    [configIds, changeType, keep, batch],
  );
  return deleted.rowCount ?? 0;
}

export type AgeColumn = 'created_at' | 'updated_at';

/** Soft-deletes one batch of the scraper's live items of a type whose column is before the cutoff. */
export async function softDeleteByAge(
  db: Queryable,
  scraperId: string,
  type: string,
  column: AgeColumn,
  cutoff: Date,
  now: Date,
  reason: string,
  batch: number,
): Promise<number> {
  // The column name comes from the AgeColumn union, never from input.
  const updated = await db.query(
    `update config_items set deleted_at = $5, delete_reason = $6 where id in (
       select id from config_items
       where scraper_id = $1 and type = $2 and deleted_at is null and ${column} < $3
       limit $4 for update skip locked)`,
    [scraperId, type, cutoff, batch, now, reason],
  );
  return updated.rowCount ?? 0;
}

/**
 * Soft-deletes one batch of the scraper's live items that no scrape has seen since the cutoff
 * (config_items_last_scraped_time; items never recorded there count from their creation).
 */
export async function softDeleteStale(
  db: Queryable,
  scraperId: string,
  cutoff: Date,
  now: Date,
  reason: string,
  batch: number,
): Promise<number> {
  const updated = await db.query(
    `update config_items set deleted_at = $3, delete_reason = $4 where id in (
       select ci.id from config_items ci
       left join config_items_last_scraped_time l on l.config_id = ci.id
       where ci.scraper_id = $1 and ci.deleted_at is null
         and coalesce(l.last_scraped_time, ci.last_scraped_time, ci.created_at) < $2
       limit $5 for update of ci skip locked)`,
    [scraperId, cutoff, now, reason, batch],
  );
  return updated.rowCount ?? 0;
}

/** Items that evidence, playbook runs or components point at are kept however old. */
const unreferenced = `
  not exists (select 1 from evidences e where e.config_id = ci.id)
  and not exists (select 1 from playbook_runs r where r.config_id = ci.id)
  and not exists (select 1 from config_component_relationships c
                  where c.config_id = ci.id and c.deleted_at is null)`;

/**
 * Purges one batch of the scraper's items soft-deleted before their cutoff: the type's own
 * (`types[].deletedAge`) when the spec names one, else the default.
 */
export async function purgeScraperItems(
  db: Queryable,
  scraperId: string,
  typeCutoffs: ReadonlyMap<string, Date>,
  defaultCutoff: Date,
  batch: number,
): Promise<number> {
  const deleted = await db.query(
    `delete from config_items where id in (
       select ci.id from config_items ci
       left join unnest($2::text[], $3::timestamptz[]) as o(type, cutoff) on o.type = ci.type
       where ci.scraper_id = $1 and ci.deleted_at is not null
         and ci.deleted_at < coalesce(o.cutoff, $4) and ${unreferenced}
       limit $5 for update of ci skip locked)`,
    [scraperId, [...typeCutoffs.keys()], [...typeCutoffs.values()], defaultCutoff, batch],
  );
  return deleted.rowCount ?? 0;
}

/** Purges one batch of soft-deleted items no live scraper owns (pushed, manual, orphaned). */
export async function purgeUnownedItems(
  db: Queryable,
  cutoff: Date,
  batch: number,
): Promise<number> {
  const deleted = await db.query(
    `delete from config_items where id in (
       select ci.id from config_items ci
       where ci.deleted_at is not null and ci.deleted_at < $1
         and not exists (select 1 from config_scrapers s
                         where s.id = ci.scraper_id and s.deleted_at is null)
         and ${unreferenced}
       limit $2 for update of ci skip locked)`,
    [cutoff, batch],
  );
  return deleted.rowCount ?? 0;
}

export interface RetentionRecord {
  readonly name: string;
  /** The scraper the run was for; none for the purge of unowned items. */
  readonly scraper?: RetentionScraper;
  readonly status: 'SUCCESS' | 'WARNING' | 'FAILED';
  readonly start: Date;
  readonly end: Date;
  readonly summary: Readonly<Record<string, number>>;
  readonly errors: readonly string[];
  readonly skipped: readonly string[];
  /** success_count; the sum of the summary's counts unless given. */
  readonly successCount?: number;
}

/** One job history row per run (per scraper for scraper retention), with its counts. */
export async function recordRetentionRun(db: Queryable, run: RetentionRecord): Promise<void> {
  const details = {
    summary: run.summary,
    ...(run.errors.length > 0 ? { errors: run.errors } : {}),
    ...(run.skipped.length > 0 ? { skipped: run.skipped } : {}),
  };
  const total = run.successCount ?? Object.values(run.summary).reduce((sum, n) => sum + n, 0);
  await db.query(
    `insert into job_history (name, agent_id, resource_type, resource_id, resource_name, status,
       details, hostname, duration_millis, success_count, error_count, time_start, time_end)
     values ($1, coalesce($2::uuid, '00000000-0000-0000-0000-000000000000'), $3, $4, $5, $6,
       $7, $8, $9, $10, $11, $12, $13)`,
    [
      run.name,
      run.scraper?.agent_id ?? null,
      run.scraper ? 'config_scraper' : 'catalog',
      run.scraper?.id ?? null,
      run.scraper?.name ?? null,
      run.status,
      details,
      process.env.HOSTNAME ?? null,
      Math.max(0, run.end.getTime() - run.start.getTime()),
      total,
      run.errors.length,
      run.start,
      run.end,
    ],
  );
}

/** Takes the session lock that lets one replica at a time run a catalog maintenance job. */
export async function tryLock(db: Queryable, key: number): Promise<boolean> {
  const locked = await db.query(`select pg_try_advisory_lock($1) as ok`, [key]);
  return z.object({ ok: z.boolean() }).parse(locked.rows[0]).ok;
}

export async function unlock(db: Queryable, key: number): Promise<void> {
  await db.query(`select pg_advisory_unlock($1)`, [key]);
}

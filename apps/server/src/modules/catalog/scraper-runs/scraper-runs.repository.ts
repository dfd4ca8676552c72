import type pg from 'pg';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const scraperRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  agent_id: z.string(),
  spec: z.unknown(),
  schedule: z.string().nullable(),
  connection_pairing_approved: z.boolean(),
});
export type ScraperRow = z.infer<typeof scraperRow>;

export async function findScraper(db: Queryable, id: string): Promise<ScraperRow | undefined> {
  const found = await db.query(
    `select id, name, namespace, agent_id, spec, schedule, connection_pairing_approved
       from config_scrapers where id = $1 and deleted_at is null`,
    [id],
  );
  return found.rows[0] === undefined ? undefined : scraperRow.parse(found.rows[0]);
}

/**
 * Claims the scrapers due now (this agent's, live) by moving their next_runtime on: one
 * replica wins each slot, so a slot is run once.
 */
export async function claimDueScrapers(
  db: Queryable,
  agentId: string,
  now: Date,
  limit: number,
  nextOf: (row: { id: string; schedule: string | null }) => Date,
): Promise<string[]> {
  const due = await db.query(
    `select id, schedule from config_scrapers
      where deleted_at is null and agent_id = $1 and next_runtime <= $2
      order by next_runtime limit $3`,
    [agentId, now, limit],
  );
  const rows = z
    .array(z.object({ id: z.string(), schedule: z.string().nullable() }))
    .parse(due.rows);
  const claimed: string[] = [];
  for (const row of rows) {
    const won = await db.query(
      `update config_scrapers set next_runtime = $3
        where id = $1 and next_runtime <= $2 and deleted_at is null`,
      [row.id, now, nextOf(row)],
    );
    if (won.rowCount === 1) claimed.push(row.id);
  }
  return claimed;
}

/** A session lock per scraper, held on `client` for the whole run: runs never overlap. */
export async function tryLockScraper(client: pg.PoolClient, id: string): Promise<boolean> {
  const locked = await client.query(
    `select pg_try_advisory_lock(hashtext('config_scraper'), hashtext($1)) as ok`,
    [id],
  );
  return z.object({ ok: z.boolean() }).parse(locked.rows[0]).ok;
}

export async function unlockScraper(client: pg.PoolClient, id: string): Promise<void> {
  await client.query(`select pg_advisory_unlock(hashtext('config_scraper'), hashtext($1))`, [id]);
}

export async function startJob(db: Queryable, scraper: ScraperRow, start: Date): Promise<string> {
  const inserted = await db.query(
    `insert into job_history (name, agent_id, resource_type, resource_id, resource_name, status,
       hostname, time_start)
     values ('ConfigScraper', $1, 'config_scraper', $2, $3, 'RUNNING', $4, $5) returning id`,
    [scraper.agent_id, scraper.id, scraper.name, process.env.HOSTNAME ?? null, start],
  );
  return z.object({ id: z.string() }).parse(inserted.rows[0]).id;
}

export interface FinishedScrape {
  readonly status: 'SUCCESS' | 'FAILED';
  readonly start: Date;
  readonly end: Date;
  readonly details: { scrape_summary?: unknown; errors?: readonly string[] };
  readonly successCount: number;
  readonly errorCount: number;
}

export async function finishJob(
  db: Queryable,
  jobId: string,
  scraperId: string,
  run: FinishedScrape,
): Promise<void> {
  await db.query(
    `update job_history set status = $2, details = $3, duration_millis = $4, success_count = $5,
       error_count = $6, time_end = $7 where id = $1`,
    [
      jobId,
      run.status,
      run.details,
      run.end.getTime() - run.start.getTime(),
      run.successCount,
      run.errorCount,
      run.end,
    ],
  );
  await db.query(`update config_scrapers set last_runtime = $2 where id = $1`, [
    scraperId,
    run.start,
  ]);
}

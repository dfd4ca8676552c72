import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { scheduledRuns } from '../../../platform/scheduled-runs.repository.ts';

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

const runs = scheduledRuns({
  table: 'config_scrapers',
  resourceType: 'config_scraper',
  jobName: 'ConfigScraper',
});

/** Claims the scrapers due now (this agent's, live): one replica wins each slot. */
export const claimDueScrapers = runs.claimDue;
/** A session lock per scraper, held on its client for the whole run. */
export const tryLockScraper = runs.tryLock;
export const unlockScraper = runs.unlock;
export const startJob = runs.startJob;
export const finishJob = runs.finishJob;
export type { FinishedRun as FinishedScrape } from '../../../platform/scheduled-runs.repository.ts';

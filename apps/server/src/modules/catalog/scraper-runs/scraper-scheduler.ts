import { localAgentId } from '@vigil/domain';
import type { Worker } from '../../../platform/module.ts';
import { createScheduledRunsWorker } from '../../../platform/scheduled-runs-worker.ts';
import { firstSlot, nextSlot, parseSchedule } from '../../health/index.ts';
import { scheduleOf } from '../scrape-spec/scrape-config.ts';
import { runScraper, type ScraperRunDeps } from './scraper-run.service.ts';
import { claimDueScrapers } from './scraper-runs.repository.ts';

export interface SchedulerOptions {
  readonly tickMs?: number;
  /** Scrapes run at once by this process. */
  readonly concurrency?: number;
}

/** Runs each scraper on its `spec.schedule`; a slot is claimed by one replica only. */
export function createScraperScheduler(
  deps: ScraperRunDeps,
  options: SchedulerOptions = {},
): Worker {
  const nextOf = (row: { schedule: string | null }) => {
    const schedule = parseSchedule(scheduleOf(row.schedule ?? undefined));
    const now = Date.now();
    return new Date(
      schedule.kind === 'every' ? nextSlot(schedule, now, now) : firstSlot(schedule, now),
    );
  };
  return createScheduledRunsWorker({
    name: 'catalog-scrapers',
    noun: 'scraper',
    log: deps.log,
    tickMs: options.tickMs ?? 5000,
    concurrency: options.concurrency ?? 4,
    claim: (room) => claimDueScrapers(deps.db.pool, localAgentId, new Date(), room, nextOf),
    run: (id) => runScraper(deps, id),
  });
}

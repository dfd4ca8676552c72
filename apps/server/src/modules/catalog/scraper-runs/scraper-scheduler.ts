import { localAgentId } from '@vigil/domain';
import type { Worker } from '../../../platform/module.ts';
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
  const tickMs = options.tickMs ?? 5000;
  const concurrency = options.concurrency ?? 4;
  const running = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;

  const nextOf = (row: { schedule: string | null }) => {
    const schedule = parseSchedule(scheduleOf(row.schedule ?? undefined));
    const now = Date.now();
    return new Date(
      schedule.kind === 'every' ? nextSlot(schedule, now, now) : firstSlot(schedule, now),
    );
  };

  async function tick(): Promise<void> {
    if (ticking) return;
    ticking = true;
    try {
      const room = concurrency - running.size;
      if (room <= 0) return;
      const ids = await claimDueScrapers(deps.db.pool, localAgentId, new Date(), room, nextOf);
      for (const id of ids) {
        if (running.has(id)) continue;
        running.add(id);
        void runScraper(deps, id)
          .catch((error: unknown) =>
            deps.log.error({ err: error, scraper: id }, 'scrape run failed'),
          )
          .finally(() => running.delete(id));
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'scraper scheduler tick failed');
    } finally {
      ticking = false;
    }
  }

  return {
    name: 'catalog-scrapers',
    start() {
      timer ??= setInterval(() => void tick(), tickMs);
      void tick();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import {
  defaultInsightLifecycleSettings,
  runInsightLifecycle,
  type InsightLifecycleSettings,
} from '../insights/insights.service.ts';
import { tryLock, unlock } from './retention.repository.ts';
import {
  defaultRetentionSettings,
  runCatalogRetention,
  type RetentionSettings,
} from './retention.service.ts';

export interface CatalogLifecycleSettings {
  readonly retention: RetentionSettings;
  readonly insights: InsightLifecycleSettings;
  /** Delay of the first run after start, so that a starting replica is not slowed. */
  readonly firstRunMs: number;
  readonly everyMs: number;
}

export const defaultCatalogLifecycleSettings: CatalogLifecycleSettings = {
  retention: defaultRetentionSettings,
  insights: defaultInsightLifecycleSettings,
  firstRunMs: 90_000,
  everyMs: 3_600_000,
};

/** An arbitrary, fixed key ('vcat'): one replica at a time runs catalog retention. */
const lifecycleLockKey = 0x76_63_61_74;

/**
 * Runs retention for every scraper and the insight lifecycle under a session advisory lock.
 * Answers false when another replica holds it.
 */
export async function runCatalogLifecycle(
  db: Database,
  settings: CatalogLifecycleSettings,
  now: number,
): Promise<boolean> {
  const lockHolder = await db.pool.connect();
  const ignore = (): void => undefined;
  lockHolder.on('error', ignore);
  try {
    if (!(await tryLock(lockHolder, lifecycleLockKey))) return false;
    try {
      await runCatalogRetention(db, now, settings.retention);
      await runInsightLifecycle(db, now, settings.insights);
      return true;
    } finally {
      await unlock(lockHolder, lifecycleLockKey);
    }
  } finally {
    lockHolder.removeListener('error', ignore);
    lockHolder.release();
  }
}

/** The hourly worker; failures are logged (and in job history) and retried next hour. */
export function createCatalogLifecycleWorker(
  db: Database,
  log: Logger,
  settings: CatalogLifecycleSettings = defaultCatalogLifecycleSettings,
) {
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | undefined;
  const tick = (): void => {
    if (running) return;
    running = runCatalogLifecycle(db, settings, Date.now())
      .then(
        (ran) => void (ran && log.info('catalog retention and insight lifecycle done')),
        (error: unknown) => log.warn({ err: error }, 'catalog retention failed; retrying later'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  return {
    name: 'catalog retention',
    start(): void {
      if (timers.length > 0) return;
      timers = [setTimeout(tick, settings.firstRunMs), setInterval(tick, settings.everyMs)];
      for (const timer of timers) timer.unref();
    },
    async stop(): Promise<void> {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      await running;
    },
  };
}

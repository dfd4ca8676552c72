import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { markStale, runRetention, type JobHistorySettings } from './job-history.service.ts';

export interface JobHistoryWorkerTimes {
  /** Delay of the first run after start, so that a starting replica is not slowed. */
  readonly firstRunMs: number;
  readonly staleEveryMs: number;
  readonly retentionEveryMs: number;
}

export const defaultWorkerTimes: JobHistoryWorkerTimes = {
  firstRunMs: 60_000,
  staleEveryMs: 5 * 60_000,
  retentionEveryMs: 3_600_000,
};

export interface JobHistoryWorker {
  start(): void;
  stop(): void;
}

/**
 * Marks stale runs every few minutes and trims job history hourly. Failures are logged and
 * retried at the next tick; no state is kept between ticks, so any replica may run them.
 */
export function createJobHistoryWorker(
  db: Database,
  settings: JobHistorySettings,
  log: Logger,
  times: JobHistoryWorkerTimes = defaultWorkerTimes,
): JobHistoryWorker {
  let timers: NodeJS.Timeout[] = [];
  const stale = () =>
    void markStale(db, settings, Date.now()).then(
      (marked) => marked > 0 && log.info({ marked }, 'job history: runs marked stale'),
      (error: unknown) => log.warn({ err: error }, 'job history: stale marking failed'),
    );
  const retention = () =>
    void runRetention(db, settings, Date.now()).then(
      (outcome) => outcome && log.info({ retention: outcome }, 'job history trimmed'),
      (error: unknown) => log.warn({ err: error }, 'job history retention failed'),
    );
  return {
    start() {
      if (timers.length > 0) return;
      timers = [
        // Retention marks stale runs too.
        setTimeout(retention, times.firstRunMs),
        setInterval(stale, times.staleEveryMs),
        setInterval(retention, times.retentionEveryMs),
      ];
      for (const timer of timers) timer.unref();
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
    },
  };
}

import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import {
  runMaintenance,
  scheduleMaintenance,
  type MaintenanceJob,
} from '../../../platform/maintenance.ts';
import { ensurePartitions, trimRawStatuses, trimRollups } from './retention.repository.ts';

/**
 * How long health history is kept; the summary and graph read whichever tier still covers a
 * window. Canary runs in job history are trimmed with every other job's, by the jobs worker.
 */
export interface HistoryRetention {
  readonly rawMs: number;
  readonly hourlyMs: number;
  readonly dailyMs: number;
}

const day = 86_400_000;

export const defaultRetention: HistoryRetention = {
  rawMs: 30 * day,
  hourlyMs: 90 * day,
  dailyMs: 5 * 365 * day,
};

export interface RetentionOutcome {
  readonly partitionsCreated: number;
  readonly raw: number;
  readonly hourly: number;
  readonly daily: number;
}

function retentionJob(retention: HistoryRetention): MaintenanceJob<RetentionOutcome> {
  return {
    name: 'HealthRetention',
    resourceType: 'health',
    lockKey: 0x76_69_67_68,
    count: () => 1,
    run: async (client, now) => ({
      partitionsCreated: await ensurePartitions(client, 3),
      raw: await trimRawStatuses(client, new Date(now - retention.rawMs)),
      hourly: await trimRollups(client, 'check_statuses_1h', new Date(now - retention.hourlyMs)),
      daily: await trimRollups(client, 'check_statuses_1d', new Date(now - retention.dailyMs)),
    }),
  };
}

/**
 * Creates the coming months' partitions and trims each tier past its retention, on one
 * replica at a time, recorded in job history. Answers undefined when another replica runs it.
 */
export function runRetention(
  db: Database,
  retention: HistoryRetention,
  now: number,
): Promise<RetentionOutcome | undefined> {
  return runMaintenance(db, retentionJob(retention), now);
}

/** Runs retention a minute after start, then hourly (the next run retries a failure). */
export function scheduleRetention(db: Database, retention: HistoryRetention, log: Logger) {
  return scheduleMaintenance(db, retentionJob(retention), log);
}

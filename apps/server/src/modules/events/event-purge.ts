import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import {
  runMaintenance,
  scheduleMaintenance,
  type MaintenanceJob,
} from '../../platform/maintenance.ts';
import { purgeEvents } from './event-queue.repository.ts';

function purgeJob(retentionMs: number): MaintenanceJob<{ purged: number }> {
  return {
    name: 'EventQueuePurge',
    resourceType: 'event_queue',
    lockKey: 0x76_65_71_70,
    count: (outcome) => outcome.purged,
    run: async (client, now) => ({
      purged: await purgeEvents(client, new Date(now - retentionMs)),
    }),
  };
}

/**
 * Deletes events older than `retentionMs`, failed or never handled, on one replica at a time,
 * recorded in job history. Answers undefined when another replica runs it.
 */
export async function runEventPurge(
  db: Database,
  retentionMs: number,
  now: number,
): Promise<number | undefined> {
  return (await runMaintenance(db, purgeJob(retentionMs), now))?.purged;
}

/** Purges a minute after start, then hourly; a failure is logged and the next run retries. */
export function scheduleEventPurge(db: Database, retentionMs: number, log: Logger): () => void {
  return scheduleMaintenance(db, purgeJob(retentionMs), log);
}

import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import {
  runMaintenance,
  scheduleMaintenance,
  type MaintenanceJob,
} from '../../platform/maintenance.ts';
import { trimSendHistory } from './notifications.repository.ts';

/** Send history is kept as long as job history and the event queue: 30 days. */
export const sendHistoryRetentionMs = 30 * 86_400_000;

function retentionJob(retentionMs: number): MaintenanceJob<{ deleted: number }> {
  return {
    name: 'NotificationSendHistoryRetention',
    resourceType: 'notification_send_history',
    lockKey: 0x76_6e_73_68,
    count: (outcome) => outcome.deleted,
    run: async (client, now) => ({
      deleted: await trimSendHistory(client, new Date(now - retentionMs)),
    }),
  };
}

/** One trim of notification send history; undefined when another replica runs it. */
export async function runSendHistoryRetention(
  db: Database,
  now: number,
  retentionMs = sendHistoryRetentionMs,
): Promise<number | undefined> {
  return (await runMaintenance(db, retentionJob(retentionMs), now))?.deleted;
}

/** The trim a minute after start, then hourly, while workers run. */
export function createSendHistoryRetention(db: Database, log: Logger) {
  let stop: (() => void) | undefined;
  return {
    start(): void {
      stop ??= scheduleMaintenance(db, retentionJob(sendHistoryRetentionMs), log);
    },
    stop(): void {
      stop?.();
      stop = undefined;
    },
  };
}

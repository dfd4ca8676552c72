import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../../platform/db.ts';
import { purgeEvents } from './event-queue.repository.ts';

/** An arbitrary, fixed key: one replica at a time purges. */
const lockKey = 0x76_65_71_70;

/**
 * Deletes events older than `retentionMs`, failed or never handled, under an advisory lock, and
 * records the run in job history. Answers undefined when another replica holds the lock.
 */
export async function runEventPurge(
  db: Database,
  retentionMs: number,
  now: number,
): Promise<number | undefined> {
  const client = await db.pool.connect();
  const ignore = (): void => undefined;
  client.on('error', ignore);
  const started = Date.now();
  try {
    const locked = await client.query(`select pg_try_advisory_lock($1) as ok`, [lockKey]);
    if (!z.object({ ok: z.boolean() }).parse(locked.rows[0]).ok) return undefined;
    try {
      const purged = await purgeEvents(client, new Date(now - retentionMs));
      await client.query(
        `insert into job_history (name, resource_type, status, details, duration_millis,
           success_count, time_start, time_end)
         values ('EventQueuePurge', 'event_queue', 'SUCCESS', $1, $2, $3, $4, now())`,
        [{ summary: { purged } }, Date.now() - started, purged, new Date(started)],
      );
      return purged;
    } finally {
      await client.query(`select pg_advisory_unlock($1)`, [lockKey]);
    }
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}

/** Purges a minute after start, then hourly; a failure is logged and the next run retries. */
export function scheduleEventPurge(db: Database, retentionMs: number, log: Logger): () => void {
  const run = () =>
    void runEventPurge(db, retentionMs, Date.now()).then(
      (purged) => purged && log.info({ purged }, 'old events purged from the event queue'),
      (error: unknown) => log.warn({ err: error }, 'event queue purge failed; retrying in an hour'),
    );
  const first = setTimeout(run, 60_000);
  const hourly = setInterval(run, 3_600_000);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}

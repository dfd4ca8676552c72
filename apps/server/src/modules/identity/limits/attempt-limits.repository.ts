import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/**
 * Keys name what they limit (`sign-in:id:ada@example.com`); one longer than a b-tree entry may
 * be (an identifier of any length can be submitted) is stored as its SHA-256.
 */
function storedKey(key: string): string {
  return key.length <= 256 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

const reservation = z.object({ granted: z.boolean(), resets_at: z.date().nullable() });

/**
 * Takes one attempt under key in one statement: the upsert counts and refuses together, and
 * concurrent callers queue on the row, so no more than `limit` are granted per window.
 * Answers undefined when granted, else when the window resets (null if not yet visible).
 */
export async function reserveAttempt(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<Date | null | undefined> {
  const result = await db.query(
    `with granted as (
       insert into attempt_limits as l (key, attempts, resets_at)
       values ($1, 1, now() + make_interval(secs => $3))
       on conflict (key) do update set
         attempts = case when l.resets_at <= now() then 1 else l.attempts + 1 end,
         resets_at = case when l.resets_at <= now() then excluded.resets_at else l.resets_at end
       where l.resets_at <= now() or l.attempts < $2
       returning 1)
     select exists (select 1 from granted) as granted,
       (select resets_at from attempt_limits where key = $1) as resets_at`,
    [storedKey(key), limit, windowSeconds],
  );
  const row = reservation.parse(result.rows[0]);
  return row.granted ? undefined : row.resets_at;
}

export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('delete from attempt_limits where key = $1', [storedKey(key)]);
}

export async function returnAttempt(db: Queryable, key: string): Promise<void> {
  await db.query(
    'update attempt_limits set attempts = attempts - 1 where key = $1 and attempts > 0',
    [storedKey(key)],
  );
}

export async function purgeExpiredAttempts(db: Queryable): Promise<void> {
  await db.query('delete from attempt_limits where resets_at < now()');
}

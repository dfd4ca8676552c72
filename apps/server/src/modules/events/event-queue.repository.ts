import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import type { Backoff } from './backoff.ts';
import { queuedEventRow, type QueuedEvent, type ValidEvent } from './event.ts';

/**
 * Inserts in the caller's transaction. A pending event with the same (name, event_id) wins:
 * the newcomer is dropped. Events of one call keep their order (a microsecond apart), so that
 * consumers see them first in, first out. Answers how many rows were inserted.
 */
export async function insertEvents(client: Queryable, events: readonly ValidEvent[]) {
  if (events.length === 0) return 0;
  const rows = events.map((event) => ({
    name: event.name,
    event_id: event.eventId ?? null,
    properties: event.properties ?? null,
    priority: event.priority ?? 0,
  }));
  const result = await client.query(
    `insert into event_queue (name, event_id, properties, priority, created_at)
     select e.name, e.event_id, e.properties, e.priority, now() + (e.n - 1) * interval '1 microsecond'
     from rows from (
       jsonb_to_recordset($1::jsonb) as (name text, event_id text, properties jsonb, priority int)
     ) with ordinality as e(name, event_id, properties, priority, n)
     on conflict (name, event_id) where event_id is not null do nothing`,
    [JSON.stringify(rows)],
  );
  return result.rowCount ?? 0;
}

export interface ClaimOptions {
  /** Event names, taken in this order until the batch is full. */
  readonly names: readonly string[];
  /** Events that failed this many times are left alone: they stay for the status page. */
  readonly maxAttempts: number;
  readonly backoff: Backoff;
  readonly limit: number;
}

/**
 * Locks up to `limit` events that are due, skipping those another consumer holds. The locks
 * last until the caller's transaction ends, so a crash hands the events back untouched.
 * One name per statement: the claim then walks event_queue_ready_idx in order and stops after
 * a batch, where `name = any(…)` would sort every pending row of the names first.
 */
export async function claimEvents(
  client: Queryable,
  options: ClaimOptions,
): Promise<QueuedEvent[]> {
  const claimed: QueuedEvent[] = [];
  for (const name of options.names) {
    const room = options.limit - claimed.length;
    if (room <= 0) break;
    claimed.push(...(await claimName(client, name, room, options)));
  }
  return claimed;
}

/** The backoff test mirrors retryDelayMs: base · 2^(attempts−1), capped. */
async function claimName(client: Queryable, name: string, limit: number, options: ClaimOptions) {
  const result = await client.query(
    `select id, name, event_id, properties, attempts, created_at
     from event_queue
     where name = $1
       and attempts < $2
       and (last_attempt is null
            or last_attempt <= now() - least($3::float8 * power(2, greatest(attempts - 1, 0)),
                                             $4::float8) * interval '1 millisecond')
     order by priority desc, created_at
     limit $5
     for update skip locked`,
    [name, options.maxAttempts, options.backoff.baseMs, options.backoff.maxMs, limit],
  );
  return z.array(queuedEventRow).parse(result.rows);
}

/**
 * The names that have events under `maxAttempts`: the poll's one cheap look, so that an idle
 * queue costs one statement per poll instead of a claim transaction per consumer loop.
 */
export async function pendingEventNames(client: Queryable, maxAttempts: number): Promise<string[]> {
  const result = await client.query(`select distinct name from event_queue where attempts < $1`, [
    maxAttempts,
  ]);
  return z
    .array(z.object({ name: z.string() }))
    .parse(result.rows)
    .map((row) => row.name);
}

export async function deleteEvents(client: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query(`delete from event_queue where id = any($1::uuid[])`, [ids]);
}

export interface Failure {
  readonly id: string;
  readonly error: string;
}

/** One more attempt, with its error and time; the first failure's time is kept. */
export async function recordFailures(
  client: Queryable,
  failures: readonly Failure[],
): Promise<void> {
  if (failures.length === 0) return;
  await client.query(
    `update event_queue q
     set attempts = q.attempts + 1, error = f.error, last_attempt = clock_timestamp(),
         first_failure = coalesce(q.first_failure, clock_timestamp())
     from unnest($1::uuid[], $2::text[]) as f(id, error)
     where q.id = f.id`,
    [failures.map((f) => f.id), failures.map((f) => f.error)],
  );
}

/**
 * Deletes events created before `before`, a slice at a time, skipping any a consumer holds
 * right now (the next purge takes them). Answers how many went.
 */
export async function purgeEvents(client: Queryable, before: Date, slice = 5000) {
  let total = 0;
  for (;;) {
    const result = await client.query(
      `with old as (
         select id from event_queue where created_at < $1 limit $2 for update skip locked
       )
       delete from event_queue q using old where q.id = old.id`,
      [before, slice],
    );
    const deleted = result.rowCount ?? 0;
    total += deleted;
    if (deleted < slice) return total;
  }
}

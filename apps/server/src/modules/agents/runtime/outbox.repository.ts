import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import type { CheckResult } from '../../health/index.ts';
import type { OutgoingStatus } from './upstream-client.ts';

/** Results stored in the agent's database, kept until the upstream has acknowledged them. */
export async function addToOutbox(db: Queryable, results: readonly CheckResult[]): Promise<void> {
  if (results.length === 0) return;
  await db.query(
    `insert into agent_outbox (check_id, time, duration, status, invalid, error, message, detail)
     select u.check_id, u.time, u.duration, u.status, u.invalid, u.error, u.message, u.detail::jsonb
     from unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::bool[], $5::bool[], $6::text[],
                 $7::text[], $8::text[])
       as u(check_id, time, duration, status, invalid, error, message, detail)
     order by u.time
     on conflict (check_id, time) do nothing`,
    [
      results.map((r) => r.checkId),
      results.map((r) => r.time),
      results.map((r) => Math.max(0, Math.round(r.duration))),
      results.map((r) => r.pass),
      results.map((r) => r.invalid),
      results.map((r) => r.error),
      results.map((r) => r.message),
      results.map((r) =>
        r.detail === null || r.detail === undefined ? null : JSON.stringify(r.detail),
      ),
    ],
  );
}

const outboxRow = z.object({
  seq: z.coerce.number(),
  check_id: z.string(),
  time: z.date(),
  duration: z.number().nullable(),
  status: z.boolean(),
  invalid: z.boolean(),
  error: z.string().nullable(),
  message: z.string().nullable(),
  detail: z.unknown(),
});

export interface OutboxEntry {
  readonly seq: number;
  readonly status: OutgoingStatus;
}

/** The oldest waiting results, in the order they were stored. */
export async function oldestInOutbox(db: Queryable, limit: number): Promise<OutboxEntry[]> {
  const result = await db.query(
    `select seq, check_id, time, duration, status, invalid, error, message, detail
     from agent_outbox order by seq limit $1`,
    [limit],
  );
  return result.rows.map((raw) => {
    const row = outboxRow.parse(raw);
    return {
      seq: row.seq,
      status: {
        check_id: row.check_id,
        time: row.time.toISOString(),
        duration: row.duration,
        status: row.status,
        invalid: row.invalid,
        error: row.error,
        message: row.message,
        ...(row.detail === null || row.detail === undefined ? {} : { detail: row.detail }),
      },
    };
  });
}

/**
 * After a push: acknowledged rows leave the outbox; rows the upstream answered as missing
 * their check stay for a re-send after the parents, and are dropped once `maxMissing` is hit.
 * Answers how many were dropped.
 */
export async function settleOutbox(
  db: Queryable,
  acknowledged: readonly number[],
  missing: readonly number[],
  maxMissing: number,
): Promise<number> {
  if (acknowledged.length > 0) {
    await db.query('delete from agent_outbox where seq = any($1::bigint[])', [acknowledged]);
  }
  if (missing.length === 0) return 0;
  await db.query(
    'update agent_outbox set missing_count = missing_count + 1 where seq = any($1::bigint[])',
    [missing],
  );
  const dropped = await db.query(
    'delete from agent_outbox where seq = any($1::bigint[]) and missing_count >= $2',
    [missing, maxMissing],
  );
  return dropped.rowCount ?? 0;
}

export async function outboxSize(db: Queryable): Promise<number> {
  const result = await db.query('select count(*)::int as n from agent_outbox');
  return z.object({ n: z.number() }).parse(result.rows[0]).n;
}

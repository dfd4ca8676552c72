import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const statusRow = z.object({
  status: z.boolean(),
  invalid: z.boolean(),
  created_at: z.date(),
  duration: z.number().nullable(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  detail: z.unknown(),
});

/**
 * A check's latest recorded status in the shape canary-checker's `last_result()` answers:
 * `status`, `invalid`, `createdAt`, `duration` (int ms), `message`, `error` and `results`
 * (the run's details when they are an object). Undefined when the check has never run.
 */
export async function lastResultOf(
  db: Queryable,
  checkId: string,
): Promise<Record<string, unknown> | undefined> {
  const found = await db.query(
    `select status, invalid, created_at, duration, message, error, detail from check_statuses
     where check_id = $1 order by time desc limit 1`,
    [checkId],
  );
  if (found.rows.length === 0) return undefined;
  const row = statusRow.parse(found.rows[0]);
  const detail = row.detail;
  return {
    status: row.status,
    invalid: row.invalid,
    createdAt: row.created_at,
    duration: BigInt(row.duration ?? 0),
    message: row.message ?? '',
    error: row.error ?? '',
    results: typeof detail === 'object' && detail !== null && !Array.isArray(detail) ? detail : {},
  };
}

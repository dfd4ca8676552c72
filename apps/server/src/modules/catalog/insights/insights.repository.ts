import type { Queryable } from '../../../platform/db.ts';

/**
 * SQL of the insight (config_analysis) lifecycle. An insight's "seen" time is its
 * last_observed, or first_observed for one never seen again. One batch per statement.
 */
const seen = 'coalesce(last_observed, first_observed)';

/** Resolves one batch of open insights not seen since the cutoff. */
export async function resolveUnseen(db: Queryable, cutoff: Date, batch: number): Promise<number> {
  const updated = await db.query(
    `update config_analysis set status = 'resolved' where id in (
       select id from config_analysis
       where status = 'open' and ${seen} < $1
       limit $2 for update skip locked)`,
    [cutoff, batch],
  );
  return updated.rowCount ?? 0;
}

/** Closes one batch of resolved insights not seen since the cutoff. */
export async function closeResolved(db: Queryable, cutoff: Date, batch: number): Promise<number> {
  const updated = await db.query(
    `update config_analysis set status = 'closed' where id in (
       select id from config_analysis
       where status = 'resolved' and ${seen} < $1
       limit $2 for update skip locked)`,
    [cutoff, batch],
  );
  return updated.rowCount ?? 0;
}

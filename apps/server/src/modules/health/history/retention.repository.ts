import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const partitionRow = z.object({ name: z.string(), upper: z.date() });

/** Makes sure the next months' check_statuses partitions exist (rows must not pile into default). */
export async function ensurePartitions(db: Queryable, months: number): Promise<number> {
  const created = await db.query(`select ensure_check_status_partitions(current_date, $1) as n`, [
    months,
  ]);
  return countOf(created.rows[0]);
}

/**
 * Drops whole monthly partitions that end before the cutoff (cheap, no dead rows), then
 * deletes older rows left in the partition that straddles it and in the default partition.
 */
export async function trimRawStatuses(db: Queryable, cutoff: Date): Promise<number> {
  const partitions = await db.query(
    `select c.relname as name,
            (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz as upper
     from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'check_statuses'::regclass and c.relname <> 'check_statuses_default'`,
  );
  let removed = 0;
  for (const raw of partitions.rows) {
    const partition = partitionRow.parse(raw);
    if (partition.upper.getTime() > cutoff.getTime()) continue;
    const counted = await db.query(`select count(*)::bigint as n from ${ident(partition.name)}`);
    removed += countOf(counted.rows[0]);
    await db.query(`drop table ${ident(partition.name)}`);
  }
  const deleted = await db.query(`delete from check_statuses where time < $1`, [cutoff]);
  return removed + (deleted.rowCount ?? 0);
}

export async function trimRollups(
  db: Queryable,
  table: 'check_statuses_1h' | 'check_statuses_1d',
  cutoff: Date,
): Promise<number> {
  const deleted = await db.query(`delete from ${table} where created_at < $1`, [cutoff]);
  return deleted.rowCount ?? 0;
}

function countOf(row: unknown): number {
  return z.object({ n: z.coerce.number() }).parse(row).n;
}

/** Partition names come from pg_class and match check_statuses_YYYY_MM; quoted all the same. */
function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

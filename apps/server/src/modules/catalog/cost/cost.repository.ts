import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** Costs of one resource, with the external ids it may be stored under. */
export interface CostRow {
  /** `<productCode>/<resourceId>` (config-db's key) and the bare resource id. */
  readonly keys: readonly string[];
  readonly cost_per_minute: number;
  readonly cost_total_1d: number;
  readonly cost_total_7d: number;
  readonly cost_total_30d: number;
}

/**
 * Sets the costs of live items whose external ids include one of a row's keys. Answers the
 * index (in `rows`) of each row that matched an item.
 */
export async function applyCosts(db: Queryable, rows: readonly CostRow[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const updated = await db.query(
    `with costs as (
       select r.n - 1 as n, r.keys, r.cost_per_minute, r.cost_total_1d, r.cost_total_7d,
              r.cost_total_30d
       from rows from (jsonb_to_recordset($1::jsonb) as (keys text[], cost_per_minute numeric,
         cost_total_1d numeric, cost_total_7d numeric, cost_total_30d numeric))
         with ordinality as r(keys, cost_per_minute, cost_total_1d, cost_total_7d,
           cost_total_30d, n)
     ), matched as (
       select distinct on (ci.id) ci.id, c.n, c.cost_per_minute, c.cost_total_1d,
              c.cost_total_7d, c.cost_total_30d
       from costs c join config_items ci on ci.external_id && c.keys
       where ci.deleted_at is null
       order by ci.id, c.n
     )
     update config_items ci set cost_per_minute = m.cost_per_minute,
       cost_total_1d = m.cost_total_1d, cost_total_7d = m.cost_total_7d,
       cost_total_30d = m.cost_total_30d
     from matched m
     where ci.id = m.id
     returning m.n`,
    [JSON.stringify(rows)],
  );
  return new Set(updated.rows.map((row) => z.object({ n: z.coerce.number() }).parse(row).n));
}

/** Costs no item matched roll up into the AWS account's item (config-db's `AWS::::Account`). */
export async function applyAccountCosts(
  db: Queryable,
  accountId: string,
  costs: Omit<CostRow, 'keys'>,
): Promise<number> {
  const updated = await db.query(
    `update config_items set cost_per_minute = $2, cost_total_1d = $3, cost_total_7d = $4,
       cost_total_30d = $5
     where type = 'AWS::::Account' and deleted_at is null and $1 = any(external_id)`,
    [
      accountId,
      costs.cost_per_minute,
      costs.cost_total_1d,
      costs.cost_total_7d,
      costs.cost_total_30d,
    ],
  );
  return updated.rowCount ?? 0;
}

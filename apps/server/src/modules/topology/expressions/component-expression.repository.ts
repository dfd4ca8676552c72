import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const expressionRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  namespace: z.string().nullable(),
  external_id: z.string().nullable(),
  labels: z.record(z.string(), z.unknown()),
  properties: z.array(z.record(z.string(), z.unknown())).nullable(),
  health: z.string().nullable(),
  status: z.string(),
  status_reason: z.string().nullable(),
  status_expr: z.string().nullable(),
  health_expr: z.string().nullable(),
  expr_summary: z.record(z.string(), z.unknown()).nullable(),
});
export type ExpressionRow = z.infer<typeof expressionRow>;

/** A live component with an expression, locked for this transaction. */
export async function lockExpressionRow(
  db: Queryable,
  id: string,
): Promise<ExpressionRow | undefined> {
  const found = await db.query(
    `select id, name, type, namespace, external_id, labels, properties, health, status,
            status_reason, status_expr, health_expr, expr_summary
       from components
      where id = $1 and deleted_at is null
        and (status_expr is not null or health_expr is not null)
      for update`,
    [id],
  );
  return found.rows[0] === undefined ? undefined : expressionRow.parse(found.rows[0]);
}

/** Stores what the expression decided; the roll-up trigger then sets the status. */
export async function storeExpressionStatus(
  db: Queryable,
  id: string,
  status: string | null,
  reason: string | null,
): Promise<void> {
  await db.query(
    `update components set expr_status = $2, expr_reason = $3
      where id = $1 and (expr_status, expr_reason) is distinct from ($2::text, $3::text)`,
    [id, status, reason],
  );
}

/** The components of a run that have an expression, deepest first (children decide parents). */
export async function expressionComponents(
  db: Queryable,
  ids: readonly string[],
): Promise<string[]> {
  const found = await db.query(
    `select id from components
      where id = any($1::uuid[]) and (status_expr is not null or health_expr is not null)
      order by length(coalesce(path, '')) desc`,
    [ids],
  );
  return z
    .array(z.object({ id: z.string() }))
    .parse(found.rows)
    .map((row) => row.id);
}

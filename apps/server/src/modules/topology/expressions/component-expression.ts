import { evaluateCel } from '../../health/index.ts';
import type { Queryable } from '../../../platform/db.ts';
import {
  lockExpressionRow,
  storeExpressionStatus,
  type ExpressionRow,
} from './component-expression.repository.ts';

const limitMs = 1000;
const statuses: readonly string[] = ['healthy', 'unhealthy', 'warning', 'unknown', 'info'];

export interface ExpressionOutcome {
  /** null: the roll-up's status stands, with `reason`. */
  readonly status: string | null;
  readonly reason: string | null;
}

/**
 * What a component's `statusExpr` (else `healthExpr`) decides, as duty evaluates them: CEL over
 * `summary` (counts of its children, checks and configs by status, with checks, incidents and
 * insights), `self` and `properties`. An answer that is not a status, or a failure, leaves
 * the rolled-up status and is shown as the reason.
 */
export function decideStatus(row: ExpressionRow): ExpressionOutcome {
  const [field, source] = row.status_expr
    ? ['statusExpr', row.status_expr]
    : ['healthExpr', row.health_expr ?? ''];
  const properties = Object.fromEntries(
    (row.properties ?? []).map((p) => [
      typeof p.name === 'string' ? p.name : '',
      p.text ?? p.value ?? null,
    ]),
  );
  const self = {
    id: row.id,
    name: row.name,
    type: row.type ?? '',
    namespace: row.namespace ?? '',
    external_id: row.external_id ?? '',
    labels: row.labels,
    health: row.health ?? '',
    properties,
  };
  try {
    const variables = { summary: row.expr_summary ?? {}, self, properties };
    const answer = String(evaluateCel(source, variables, limitMs)).trim();
    const lowered = answer.toLowerCase();
    if (statuses.includes(lowered)) return { status: lowered, reason: null };
    return { status: null, reason: `${field} answered "${answer.slice(0, 200)}"` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: null, reason: `${field} failed: ${message.slice(0, 300)}` };
  }
}

/** Evaluates one component's expression and stores the status it decided. */
export async function evaluateComponentExpression(db: Queryable, id: string): Promise<void> {
  const row = await lockExpressionRow(db, id);
  if (!row) return;
  const outcome = decideStatus(row);
  await storeExpressionStatus(db, id, outcome.status, outcome.reason);
}

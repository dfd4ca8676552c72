import type { ReadRequest } from '../ast.ts';
import type { ExposedRelation, Exposure } from '../exposure.ts';
import { compileLevel } from './select-sql.ts';
import { qualified, SqlBuilder } from './sql-builder.ts';

export interface CompiledRead {
  readonly text: string;
  readonly values: unknown[];
  readonly touched: ExposedRelation[];
  /** Safe to run as a cached prepared statement: no value changes what the best plan is. */
  readonly reusablePlan: boolean;
}

export interface ReadShape {
  readonly count: boolean;
  readonly range?: { readonly offset: number; readonly limit?: number };
}

/**
 * One statement: the page as a JSON text built by PostgreSQL, its row count, and the exact
 * total when asked. Rows never pass through JavaScript objects.
 */
export function compileRead(
  exposure: Exposure,
  relation: ExposedRelation,
  request: ReadRequest,
  shape: ReadShape,
): CompiledRead {
  const sql = new SqlBuilder();
  const level = compileLevel({ sql, exposure, request }, relation, '_t0', request.select, '');
  const where = level.where.length > 0 ? ` where ${level.where.join(' and ')}` : '';
  const root = request.levels.get('');
  const offset = shape.range?.offset ?? root?.offset ?? 0;
  const limit = minDefined(shape.range?.limit, root?.limit);
  const paging = `${limit !== undefined ? ` limit ${sql.param(limit)}` : ''}${offset > 0 ? ` offset ${sql.param(offset)}` : ''}`;
  const page = `select ${level.columns.join(', ')} from ${qualified(relation.name)} _t0${where}${level.orderBy}${paging}`;
  const total = shape.count
    ? `(select count(*) from ${qualified(relation.name)} _t0${where})`
    : 'null';
  const text = `select coalesce(json_agg(_r), '[]'::json)::text as body, count(_r)::int as page_count, ${total}::bigint as total from (${page}) _r`;
  return { text, values: sql.params, touched: level.touched, reusablePlan: !sql.planPerValue };
}

function minDefined(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

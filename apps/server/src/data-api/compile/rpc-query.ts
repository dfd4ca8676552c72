import type { ReadRequest } from '../ast.ts';
import type { ExposedRelation, Exposure } from '../exposure.ts';
import { pgrst } from '../postgrest-errors.ts';
import type { Column, DbFunction } from '../schema-cache.types.ts';
import { compileLevel } from './select-sql.ts';
import { ident, qualified, SqlBuilder } from './sql-builder.ts';
import type { ReadShape } from './read-query.ts';

export interface CompiledRpc {
  readonly text: string;
  readonly values: unknown[];
  readonly touched: ExposedRelation[];
  /** See CompiledRead.reusablePlan. */
  readonly reusablePlan: boolean;
  /** Scalar results are one JSON value, not a list. */
  readonly scalar: boolean;
}

/** Named arguments, each cast to its declared type; unknown or missing ones name the function. */
export function compileRpc(
  exposure: Exposure,
  fn: DbFunction,
  args: ReadonlyMap<string, unknown>,
  request: ReadRequest,
  shape: ReadShape,
): CompiledRpc {
  const sql = new SqlBuilder();
  const known = new Map(fn.args.map((arg) => [arg.name, arg]));
  for (const name of args.keys()) {
    if (!known.has(name)) throw pgrst.noFunction(`${fn.name}(${[...args.keys()].join(', ')})`);
  }
  const missing = fn.args.filter((arg) => !arg.hasDefault && !args.has(arg.name));
  if (missing.length > 0) throw pgrst.noFunction(`${fn.name}(${[...args.keys()].join(', ')})`);
  const call = `${qualified(fn.name)}(${fn.args
    .filter((arg) => args.has(arg.name))
    .map(
      (arg) =>
        `${ident(arg.name)} => ${sql.param(argValue(args.get(arg.name), arg.type))}::${arg.type}`,
    )
    .join(', ')})`;
  if (fn.returns.kind === 'scalar') {
    const text = fn.returnsSet
      ? `select coalesce(json_agg(_r.v), '[]'::json)::text as body, count(*)::int as page_count, null::bigint as total from ${call} _r(v)`
      : `select to_json(${call})::text as body, 1 as page_count, null::bigint as total`;
    return { text, values: sql.params, touched: [], scalar: !fn.returnsSet, reusablePlan: true };
  }
  const relation = resultRelation(exposure, fn);
  const level = compileLevel({ sql, exposure, request }, relation, '_t0', request.select, '');
  const where = level.where.length > 0 ? ` where ${level.where.join(' and ')}` : '';
  const root = request.levels.get('');
  const limit = shape.range?.limit ?? root?.limit;
  const offset = shape.range?.offset ?? root?.offset ?? 0;
  const paging = `${limit !== undefined ? ` limit ${sql.param(limit)}` : ''}${offset > 0 ? ` offset ${sql.param(offset)}` : ''}`;
  const page = `select ${level.columns.join(', ')} from ${call} _t0${where}${level.orderBy}${paging}`;
  const total = shape.count ? `(select count(*) from ${call} _t0${where})` : 'null';
  const body = fn.returnsSet
    ? `coalesce(json_agg(_r), '[]'::json)::text`
    : `(json_agg(_r)->0)::text`;
  const text = `select ${body} as body, count(_r)::int as page_count, ${total}::bigint as total from (${page}) _r`;
  return {
    text,
    values: sql.params,
    touched: level.touched,
    scalar: !fn.returnsSet,
    reusablePlan: !sql.planPerValue,
  };
}

/** A function's rows show the columns its relation's resource exposes, never hidden ones. */
function resultRelation(exposure: Exposure, fn: DbFunction): ExposedRelation {
  if (fn.returns.kind === 'relation') return exposure.resource(fn.returns.relation);
  if (fn.returns.kind !== 'columns') throw pgrst.noFunction(fn.name);
  const columns: Column[] = [...fn.returns.columns.values()];
  const byName = new Map(columns.map((column) => [column.name, column]));
  return {
    name: fn.name,
    object: 'database',
    writeObject: 'database',
    readOnly: true,
    sourceManaged: false,
    relation: { name: fn.name, kind: 'view', columns: byName, primaryKey: [] },
    columns,
    column,
    hasColumn: (name) => byName.has(name),
    // Function results are read-only: their writable columns are their visible ones.
    writableColumn: column,
    hasWritableColumn: (name) => byName.has(name),
  };
  function column(name: string): Column {
    const found = byName.get(name);
    if (!found) throw pgrst.noColumn(fn.name, name);
    return found;
  }
}

/** JSON arrays bind as PostgreSQL arrays for array arguments, and as JSON text otherwise. */
function argValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) && type.endsWith('[]')) {
    const items: readonly unknown[] = value;
    return items.map((item) =>
      typeof item === 'object' && item !== null ? JSON.stringify(item) : item,
    );
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

import type { LevelOptions, ReadRequest } from '../ast.ts';
import type { ExposedRelation, Exposure } from '../exposure.ts';
import { pgrst } from '../postgrest-errors.ts';
import { filtersSql } from './filter-sql.ts';
import { compileLevel } from './select-sql.ts';
import { ident, qualified, SqlBuilder } from './sql-builder.ts';

export type Row = Record<string, unknown>;

export interface WriteShape {
  readonly representation: boolean;
  /** Also return every affected row in full, for after-write hooks. */
  readonly affected: boolean;
}

export interface CompiledWrite {
  readonly text: string;
  readonly values: unknown[];
  readonly touched: ExposedRelation[];
}

export interface InsertOptions {
  readonly columns: readonly string[];
  readonly onConflict?: {
    readonly columns: readonly string[];
    readonly action: 'merge' | 'ignore';
    /** Columns a merge leaves as they were (authorship). */
    readonly keep?: readonly string[];
  };
}

export function compileInsert(
  exposure: Exposure,
  relation: ExposedRelation,
  request: ReadRequest,
  rows: readonly Row[],
  options: InsertOptions,
  shape: WriteShape,
): CompiledWrite {
  const sql = new SqlBuilder();
  const columns = options.columns.map((name) => ident(relation.writableColumn(name).name));
  const list = columns.join(', ');
  if (columns.length === 0) {
    if (rows.length > 1)
      throw pgrst.invalidBody('Rows without any column can only be inserted one at a time');
    const statement = `insert into ${qualified(relation.name)} default values returning *`;
    return finish(sql, exposure, relation, request, statement, shape);
  }
  const source = `select ${list} from json_populate_recordset(null::${qualified(relation.name)}, ${sql.param(JSON.stringify(rows))}::json)`;
  let conflict = '';
  if (options.onConflict) {
    const target = options.onConflict.columns
      .map((name) => ident(relation.column(name).name))
      .join(', ');
    const keep = new Set(options.onConflict.keep ?? []);
    const updates = options.columns
      .filter((name) => !keep.has(name))
      .map((name) => ident(relation.writableColumn(name).name))
      .map((column) => `${column} = excluded.${column}`)
      .join(', ');
    conflict =
      options.onConflict.action === 'merge' && updates
        ? ` on conflict (${target}) do update set ${updates}`
        : ` on conflict (${target}) do nothing`;
  }
  const statement = `insert into ${qualified(relation.name)} (${list}) ${source}${conflict} returning *`;
  return finish(sql, exposure, relation, request, statement, shape);
}

export function compileUpdate(
  exposure: Exposure,
  relation: ExposedRelation,
  request: ReadRequest,
  patch: Row,
  shape: WriteShape,
): CompiledWrite {
  const sql = new SqlBuilder();
  const names = Object.keys(patch).map((name) => relation.writableColumn(name).name);
  const where = rootFilters(sql, relation, request);
  if (names.length === 0) {
    const statement = `select _t0.* from ${qualified(relation.name)} _t0 where ${where} for update`;
    return finish(sql, exposure, relation, request, statement, shape);
  }
  const sets = names.map((name) => `${ident(name)} = _v.${ident(name)}`).join(', ');
  const source = `(select * from json_populate_record(null::${qualified(relation.name)}, ${sql.param(JSON.stringify(patch))}::json)) _v`;
  const statement = `update ${qualified(relation.name)} _t0 set ${sets} from ${source} where ${where} returning _t0.*`;
  return finish(sql, exposure, relation, request, statement, shape);
}

export function compileDelete(
  exposure: Exposure,
  relation: ExposedRelation,
  request: ReadRequest,
  shape: WriteShape,
): CompiledWrite {
  const sql = new SqlBuilder();
  const where = rootFilters(sql, relation, request);
  const statement = `delete from ${qualified(relation.name)} _t0 where ${where} returning _t0.*`;
  return finish(sql, exposure, relation, request, statement, shape);
}

/** Bulk PATCH and DELETE must say which rows: a missing filter is a mistake, never "all rows". */
function rootFilters(sql: SqlBuilder, relation: ExposedRelation, request: ReadRequest): string {
  const root = request.levels.get('');
  if (root?.limit !== undefined || root?.offset !== undefined) {
    throw pgrst.parse(
      'limit and offset are not supported on PATCH and DELETE',
      'Narrow the rows with filters, e.g. id=eq.<id>.',
    );
  }
  const filters = root?.filters ?? [];
  if (filters.length === 0) {
    throw pgrst.parse(
      'PATCH and DELETE need at least one filter',
      'Add a filter such as id=eq.<id>.',
    );
  }
  return filtersSql(sql, relation, '_t0', filters).join(' and ');
}

function finish(
  sql: SqlBuilder,
  exposure: Exposure,
  relation: ExposedRelation,
  request: ReadRequest,
  statement: string,
  shape: WriteShape,
): CompiledWrite {
  let body = 'null::text';
  let touched: ExposedRelation[] = [relation];
  if (shape.representation) {
    const levels = new Map(request.levels);
    levels.set('', { filters: [], ...withoutFilters(request.levels.get('')) });
    const level = compileLevel(
      { sql, exposure, request: { ...request, levels } },
      relation,
      '_t0',
      request.select,
      '',
    );
    body = `(select coalesce(json_agg(_r), '[]'::json)::text from (select ${level.columns.join(', ')} from _m _t0${level.orderBy}) _r)`;
    touched = level.touched;
  }
  const affected = shape.affected
    ? `(select coalesce(json_agg(to_jsonb(_m)), '[]'::json)::text from _m)`
    : 'null::text';
  const text = `with _m as (${statement}) select ${body} as body, (select count(*) from _m)::int as page_count, ${affected} as affected`;
  return { text, values: sql.params, touched };
}

/** The root filters already chose the rows in the statement; the body must not bind them twice. */
function withoutFilters(level: LevelOptions | undefined): Omit<LevelOptions, 'filters'> {
  return level?.order ? { order: level.order } : {};
}

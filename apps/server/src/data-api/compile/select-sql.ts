import type { LevelOptions, OrderTerm, ReadRequest, SelectEmbed, SelectItem } from '../ast.ts';
import type { ExposedRelation, Exposure } from '../exposure.ts';
import { pgrst } from '../postgrest-errors.ts';
import { castSql, fieldSql, outputName } from './field-sql.ts';
import { filtersSql } from './filter-sql.ts';
import { resolveRelationship, type Relationship } from './relationships.ts';
import { ident, qualified, type SqlBuilder } from './sql-builder.ts';

export interface LevelSql {
  /** `expr as "name"` items of the select list. */
  readonly columns: string[];
  /** Conditions for this level, including `exists` for !inner embeds. */
  readonly where: string[];
  readonly orderBy: string;
  /** Every relation read, so the caller can authorise each one. */
  readonly touched: ExposedRelation[];
}

export interface CompileContext {
  readonly sql: SqlBuilder;
  readonly exposure: Exposure;
  readonly request: ReadRequest;
}

const emptyLevel: LevelOptions = { filters: [] };

/** Compiles one level of the embed tree against `alias`, recursing into embeds. */
export function compileLevel(
  ctx: CompileContext,
  relation: ExposedRelation,
  alias: string,
  items: readonly SelectItem[],
  path: string,
): LevelSql {
  const options = ctx.request.levels.get(path) ?? emptyLevel;
  const columns: string[] = [];
  const where = filtersSql(ctx.sql, relation, alias, options.filters);
  const touched: ExposedRelation[] = [relation];
  const embeds = new Map<string, { item: SelectEmbed; relationship: Relationship }>();
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of relation.columns)
        columns.push(`${alias}.${ident(column.name)} as ${ident(column.name)}`);
    } else if (item.kind === 'field') {
      const field = fieldSql(ctx.sql, relation, alias, item.field);
      columns.push(
        `${castSql(field.sql, item.cast)} as ${ident(outputName(item.field, item.alias))}`,
      );
    } else {
      const name = item.alias ?? item.target;
      const relationship = resolveRelationship(ctx.exposure, relation, item.target, item.hint);
      embeds.set(name, { item, relationship });
      const embedPath = path ? `${path}.${name}` : name;
      const child = embedSql(ctx, relationship, alias, item, embedPath);
      columns.push(`${child.value} as ${ident(name)}`);
      touched.push(...child.touched);
      if (item.inner) where.push(child.exists);
    }
  }
  if (columns.length === 0) throw pgrst.parse('"select" must name at least one column');
  return {
    columns,
    where,
    orderBy: orderSql(ctx, relation, alias, options.order ?? [], embeds),
    touched,
  };
}

function embedSql(
  ctx: CompileContext,
  rel: Relationship,
  parentAlias: string,
  item: SelectEmbed,
  path: string,
) {
  const alias = ctx.sql.nextAlias();
  const level = compileLevel(ctx, rel.target, alias, item.items, path);
  const join = rel.on.map(
    ([source, target]) => `${alias}.${ident(target)} = ${parentAlias}.${ident(source)}`,
  );
  const conditions = [...join, ...level.where].join(' and ');
  const from = `from ${qualified(rel.target.name)} ${alias} where ${conditions}`;
  const inner = `select ${level.columns.join(', ')} ${from}${level.orderBy}`;
  const rowAlias = ctx.sql.nextAlias('_e');
  const value =
    rel.cardinality === 'to-one'
      ? `(select row_to_json(${rowAlias}) from (${inner} limit 1) ${rowAlias})`
      : `(select coalesce(json_agg(${rowAlias}), '[]'::json) from (${inner}${limitSql(ctx, ctx.request.levels.get(path) ?? emptyLevel)}) ${rowAlias})`;
  return { value, exists: `exists (select 1 ${from})`, touched: level.touched };
}

function orderSql(
  ctx: CompileContext,
  relation: ExposedRelation,
  alias: string,
  terms: readonly OrderTerm[],
  embeds: ReadonlyMap<string, { relationship: Relationship }>,
): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    let expression: string;
    if (term.embed !== undefined) {
      const embed = embeds.get(term.embed);
      if (!embed) throw pgrst.notEmbedded(term.embed);
      const rel = embed.relationship;
      if (rel.cardinality !== 'to-one')
        throw pgrst.parse(`cannot order by the to-many embed "${term.embed}"`);
      const other = ctx.sql.nextAlias('_o');
      const join = rel.on.map(
        ([source, target]) => `${other}.${ident(target)} = ${alias}.${ident(source)}`,
      );
      const field = fieldSql(ctx.sql, rel.target, other, term.field);
      expression = `(select ${field.sql} from ${qualified(rel.target.name)} ${other} where ${join.join(' and ')} limit 1)`;
    } else {
      expression = fieldSql(ctx.sql, relation, alias, term.field).sql;
    }
    const direction = term.direction === 'desc' ? ' desc' : ' asc';
    const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
    return `${expression}${direction}${nulls}`;
  });
  return ` order by ${parts.join(', ')}`;
}

function limitSql(ctx: CompileContext, options: LevelOptions): string {
  const limit = options.limit !== undefined ? ` limit ${ctx.sql.param(options.limit)}` : '';
  const offset = options.offset ? ` offset ${ctx.sql.param(options.offset)}` : '';
  return `${limit}${offset}`;
}

import type { Condition, Filter, TriStateFilter } from '../ast.ts';
import type { ExposedRelation } from '../exposure.ts';
import { resolveDateMath } from './date-math.ts';
import { fieldSql, type FieldSql } from './field-sql.ts';
import type { SqlBuilder } from './sql-builder.ts';

const comparison: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const patternOps: ReadonlySet<string> = new Set(['like', 'ilike', 'match', 'imatch']);
const ftsFunctions: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

export function filtersSql(
  sql: SqlBuilder,
  relation: ExposedRelation,
  alias: string,
  filters: readonly Filter[],
): string[] {
  return filters.map((filter) => filterSql(sql, relation, alias, filter));
}

function filterSql(
  sql: SqlBuilder,
  relation: ExposedRelation,
  alias: string,
  filter: Filter,
): string {
  if (filter.kind === 'logic') {
    const parts = filter.children.map((child) => filterSql(sql, relation, alias, child));
    const joined = `(${parts.join(filter.operator === 'or' ? ' or ' : ' and ')})`;
    return filter.negated ? `not ${joined}` : joined;
  }
  if (filter.kind === 'tristate') return triStateSql(sql, relation, alias, filter);
  const condition = conditionSql(sql, fieldSql(sql, relation, alias, filter.field), filter);
  return filter.negated ? `not (${condition})` : condition;
}

function conditionSql(sql: SqlBuilder, field: FieldSql, c: Condition): string {
  const value = c.value;
  if (c.operator === 'is') {
    const word = typeof value === 'string' ? value.toLowerCase() : '';
    return `${field.sql} is ${word === 'not_null' ? 'not null' : word}`;
  }
  if (c.operator === 'in') return `${field.sql} = any(${sql.param(listOf(value))})`;
  if (c.operator === 'isdistinct')
    return `${field.sql} is distinct from ${sql.param(scalarOf(value))}`;
  const fts = ftsFunctions[c.operator];
  if (fts) {
    const doc =
      field.column.type === 'tsvector' && field.yields === 'column'
        ? field.sql
        : `to_tsvector(${langArg(sql, c)}${field.sql}::text)`;
    return `${doc} @@ ${fts}(${langArg(sql, c)}${sql.planningParam(scalarOf(value))})`;
  }
  const op = comparison[c.operator] ?? '=';
  const pattern = patternOps.has(c.operator);
  const left = pattern && !isText(field) ? `${field.sql}::text` : field.sql;
  const param = (v: unknown): string => (pattern ? sql.planningParam(v) : sql.param(v));
  if (c.quantifier) {
    const items = listOf(value).map((item) => patternValue(c.operator, item));
    return `${left} ${op} ${c.quantifier}(${param(items)})`;
  }
  return `${left} ${op} ${param(typedValue(field, c.operator, scalarOf(value)))}`;
}

function langArg(sql: SqlBuilder, c: Condition): string {
  return c.language ? `${sql.param(c.language)}::regconfig, ` : '';
}

function triStateSql(
  sql: SqlBuilder,
  relation: ExposedRelation,
  alias: string,
  filter: TriStateFilter,
): string {
  const field = fieldSql(sql, relation, alias, filter.field);
  const json = field.yields === 'column' && /json/.test(field.column.type);
  const item = (text: string): string =>
    json ? jsonItem(sql, field, text) : scalarItem(sql, field, text);
  const parts: string[] = [];
  if (filter.include.length > 0) parts.push(`(${filter.include.map(item).join(' or ')})`);
  for (const excluded of filter.exclude) parts.push(`not coalesce(${item(excluded)}, false)`);
  return parts.length > 0 ? `(${parts.join(' and ')})` : 'true';
}

/** key=value compares a key's text; a bare key tests that it exists. */
function jsonItem(sql: SqlBuilder, field: FieldSql, text: string): string {
  const at = text.indexOf('=');
  if (at < 0) return `(${field.sql}::jsonb ? ${sql.param(text)}::text)`;
  const key = sql.param(text.slice(0, at));
  const value = text.slice(at + 1);
  return scalarItem(sql, { ...field, sql: `(${field.sql}->>${key}::text)`, yields: 'text' }, value);
}

function scalarItem(sql: SqlBuilder, field: FieldSql, text: string): string {
  const compare = /^(>=|<=|>|<)(.*)$/.exec(text);
  if (compare?.[1] && compare[2] !== undefined) {
    return `${field.sql} ${compare[1]} ${sql.param(typedValue(field, 'gt', compare[2]))}`;
  }
  if (text.includes('*')) {
    const pattern = text.replace(/[\\%_]/g, (m) => `\\${m}`).replaceAll('*', '%');
    return `${isText(field) ? field.sql : `${field.sql}::text`} like ${sql.planningParam(pattern)}`;
  }
  return `${field.sql} = ${sql.param(typedValue(field, 'eq', text))}`;
}

function isText(field: FieldSql): boolean {
  return field.yields === 'text' || (field.yields === 'column' && field.column.category === 'S');
}

/** Timestamps accept date math (now-2d); like patterns use * as the wildcard. */
function typedValue(field: FieldSql, operator: string, value: string): string {
  if (patternOps.has(operator)) return patternValue(operator, value);
  if (field.yields === 'column' && field.column.category === 'D')
    return resolveDateMath(value) ?? value;
  return value;
}

function patternValue(operator: string, value: string): string {
  return operator === 'like' || operator === 'ilike' ? value.replaceAll('*', '%') : value;
}

function scalarOf(value: string | readonly string[]): string {
  return typeof value === 'string' ? value : value.join(',');
}

function listOf(value: string | readonly string[]): string[] {
  return typeof value === 'string' ? [value] : [...value];
}

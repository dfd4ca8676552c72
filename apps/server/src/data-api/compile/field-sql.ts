import type { FieldRef } from '../ast.ts';
import type { ExposedRelation } from '../exposure.ts';
import { pgrst } from '../postgrest-errors.ts';
import type { Column } from '../schema-cache.types.ts';
import { ident, type SqlBuilder } from './sql-builder.ts';

export interface FieldSql {
  readonly sql: string;
  readonly column: Column;
  /** 'text' after ->>, 'json' after ->, else the column's own type. */
  readonly yields: 'column' | 'text' | 'json';
}

/** `alias."col"->'k'->>'leaf'`: keys are bind parameters, array indexes validated integers. */
export function fieldSql(
  sql: SqlBuilder,
  relation: ExposedRelation,
  alias: string,
  field: FieldRef,
): FieldSql {
  const column = relation.column(field.column);
  let out = `${alias}.${ident(column.name)}`;
  let yields: FieldSql['yields'] = 'column';
  if (field.jsonPath.length > 0 && !/json/.test(column.type)) {
    throw pgrst.parse(`"${field.column}" is not a json column`);
  }
  for (const step of field.jsonPath) {
    const key = /^-?\d{1,9}$/.test(step.key) ? step.key : `${sql.param(step.key)}::text`;
    out = `${out}${step.asText ? '->>' : '->'}${key}`;
    yields = step.asText ? 'text' : 'json';
  }
  return { sql: out, column, yields };
}

/** The key a field gets in JSON output: its alias, the last JSON key, or the column name. */
export function outputName(field: FieldRef, alias: string | undefined): string {
  if (alias !== undefined) return alias;
  const last = field.jsonPath[field.jsonPath.length - 1];
  return last ? last.key : field.column;
}

const castable: ReadonlySet<string> = new Set([
  'text',
  'int',
  'integer',
  'bigint',
  'smallint',
  'numeric',
  'float',
  'real',
  'double precision',
  'boolean',
  'bool',
  'json',
  'jsonb',
  'date',
  'timestamptz',
  'timestamp',
  'uuid',
  'time',
  'interval',
]);

export function castSql(expression: string, cast: string | undefined): string {
  if (cast === undefined) return expression;
  if (!castable.has(cast.toLowerCase())) throw pgrst.parse(`cannot cast to "${cast}"`);
  return `(${expression})::${cast.toLowerCase()}`;
}

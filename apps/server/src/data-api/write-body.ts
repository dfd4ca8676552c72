import { z } from 'zod';
import type { Row } from './compile/write-query.ts';
import type { ExposedRelation } from './exposure.ts';
import { pgrst } from './postgrest-errors.ts';

const rowSchema = z.record(z.string(), z.unknown());
const bodySchema = z.union([rowSchema, z.array(rowSchema)]);
const maxRows = 10_000;

/** A JSON object or array of objects; anything else is PostgREST's PGRST102. */
export function parseRows(body: unknown): Row[] {
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success)
    throw pgrst.invalidBody('Request body must be a JSON object or an array of objects');
  const rows = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  if (rows.length > maxRows)
    throw pgrst.invalidBody(`At most ${maxRows} rows can be written at once`);
  return rows;
}

export function parsePatch(body: unknown): Row {
  const parsed = rowSchema.safeParse(body ?? {});
  if (!parsed.success) throw pgrst.invalidBody('PATCH body must be a JSON object');
  return parsed.data;
}

/** `columns=a,"b"` when given, else every key seen; each must be a visible column. */
export function insertColumns(
  relation: ExposedRelation,
  rows: readonly Row[],
  columnsParam: string | undefined,
): string[] {
  const names = columnsParam
    ? columnsParam.split(',').map((name) => name.trim().replace(/^"(.*)"$/, '$1'))
    : [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const name of names) {
    if (!relation.hasWritableColumn(name)) throw pgrst.noColumnInBody(name, relation.name);
  }
  return names;
}

export function checkPatchColumns(relation: ExposedRelation, patch: Row): void {
  for (const name of Object.keys(patch)) {
    if (!relation.hasWritableColumn(name)) throw pgrst.noColumnInBody(name, relation.name);
  }
}

/** With missing=default, rows are grouped by their keys so that absent columns take defaults. */
export function groupByKeys(
  rows: readonly Row[],
  columns: readonly string[],
  missingDefault: boolean,
): Array<{ columns: string[]; rows: Row[] }> {
  if (!missingDefault) return [{ columns: [...columns], rows: [...rows] }];
  const groups = new Map<string, { columns: string[]; rows: Row[] }>();
  for (const row of rows) {
    const present = columns.filter((column) => column in row);
    const key = present.join('\u0000');
    const group = groups.get(key) ?? { columns: present, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

import type { Queryable } from '../platform/db.ts';
import type { ForeignKey, Relation } from './schema-cache.types.ts';

interface UsageRow {
  view_name: string;
  table_name: string;
  column_name: string;
}

/**
 * Views get the foreign keys of the base-table columns they expose under the same name
 * (both directions), so `configs?select=*,agent:agents(*)` embeds like the table would.
 * A column name used from two base tables is ambiguous, so it gets none.
 */
export async function inferViewForeignKeys(
  db: Queryable,
  relations: ReadonlyMap<string, Relation>,
  foreignKeys: readonly ForeignKey[],
): Promise<ForeignKey[]> {
  const usage = await db.query<UsageRow>(`
    select view_name::text, table_name::text, column_name::text
    from information_schema.view_column_usage
    where view_schema = 'public' and table_schema = 'public'`);
  const sources = new Map<string, Map<string, Set<string>>>();
  for (const row of usage.rows) {
    const byColumn = sources.get(row.view_name) ?? new Map<string, Set<string>>();
    sources.set(row.view_name, byColumn);
    const tables = byColumn.get(row.column_name) ?? new Set<string>();
    byColumn.set(row.column_name, tables);
    tables.add(row.table_name);
  }
  const inferred: ForeignKey[] = [];
  for (const [view, byColumn] of sources) {
    const relation = relations.get(view);
    if (!relation) continue;
    const exposes = (table: string, columns: readonly string[]): boolean =>
      columns.every((column) => {
        const tables = byColumn.get(column);
        return relation.columns.has(column) && tables?.size === 1 && tables.has(table);
      });
    for (const key of foreignKeys) {
      if (exposes(key.table, key.columns)) inferred.push({ ...key, table: view });
      if (exposes(key.refTable, key.refColumns)) inferred.push({ ...key, refTable: view });
    }
  }
  return inferred;
}

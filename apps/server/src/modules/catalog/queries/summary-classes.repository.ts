import type { CatalogSummaryRow } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';
import { summariseByType } from './summary-rollup.repository.ts';
import type { SummaryQuery } from './summary.repository.ts';

/**
 * The config class of each type, when every type has exactly one (as scrapers make them);
 * undefined when some type has several, and the rollups by type cannot answer by class.
 * Three index probes per type (migration 0145), however many items there are.
 */
async function classOfEachType(
  db: Queryable,
  types: readonly string[],
): Promise<Map<string, string | null> | undefined> {
  const result = await db.query<{
    type: string;
    lo: string | null;
    hi: string | null;
    unclassed: boolean;
  }>(
    `select t.type,
            (select min(c.config_class) from config_items c where c.type = t.type) as lo,
            (select max(c.config_class) from config_items c where c.type = t.type) as hi,
            exists (select 1 from config_items c
                     where c.type = t.type and c.config_class is null) as unclassed
       from unnest($1::text[]) as t(type)`,
    [types],
  );
  const classes = new Map<string, string | null>();
  for (const row of result.rows) {
    if (row.lo !== row.hi || (row.unclassed && row.lo !== null)) return undefined;
    classes.set(row.type, row.lo);
  }
  return classes;
}

const compare = (a: string | null, b: string | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/** The summary by config_class then type from the rollups, or undefined (see above). */
export async function summariseByClassAndType(
  db: Queryable,
  query: SummaryQuery,
): Promise<CatalogSummaryRow[] | undefined> {
  const rows = await summariseByType(db, query);
  const typeOf = (row: CatalogSummaryRow): string => (typeof row.type === 'string' ? row.type : '');
  const classes = await classOfEachType(db, rows.map(typeOf));
  if (!classes) return undefined;
  return rows
    .map((row) => ({ config_class: classes.get(typeOf(row)) ?? null, ...row }))
    .sort((a, b) => compare(a.config_class, b.config_class) || compare(typeOf(a), typeOf(b)));
}

import type { ExposedRelation, Exposure } from '../exposure.ts';
import { pgrst } from '../postgrest-errors.ts';
import type { ForeignKey } from '../schema-cache.types.ts';

export interface Relationship {
  readonly cardinality: 'to-one' | 'to-many';
  readonly target: ExposedRelation;
  /** Pairs of (source column, target column) that join the two. */
  readonly on: ReadonlyArray<readonly [string, string]>;
  readonly key: ForeignKey;
}

/**
 * Finds how `target` embeds into `source`: by relation name (either FK direction), by FK
 * column (`created_by(...)`), by FK column without `_id` (`agent(...)`), or by constraint name.
 */
export function resolveRelationship(
  exposure: Exposure,
  source: ExposedRelation,
  target: string,
  hint: string | undefined,
): Relationship {
  let candidates: Relationship[] = [];
  const toOne = (key: ForeignKey): Relationship => ({
    cardinality: 'to-one',
    target: exposure.resource(key.refTable),
    on: key.columns.map((column, i) => [column, key.refColumns[i] ?? ''] as const),
    key,
  });
  const toMany = (key: ForeignKey): Relationship => ({
    cardinality: 'to-many',
    target: exposure.resource(key.table),
    on: key.refColumns.map((column, i) => [column, key.columns[i] ?? ''] as const),
    key,
  });
  const visible = (key: ForeignKey, columns: readonly string[], on: ExposedRelation): boolean =>
    columns.every((column) => on.hasColumn(column)) && key.columns.length > 0;
  if (exposure.maybeResource(target)) {
    const targetRelation = exposure.resource(target);
    for (const key of exposure.foreignKeys) {
      if (
        key.table === source.name &&
        key.refTable === target &&
        visible(key, key.columns, source)
      ) {
        candidates.push(toOne(key));
      }
      if (
        key.table === target &&
        key.refTable === source.name &&
        visible(key, key.columns, targetRelation)
      ) {
        candidates.push(toMany(key));
      }
    }
    if (hint !== undefined) candidates = candidates.filter((c) => matchesHint(c, hint));
  } else {
    const byColumn = (column: string): ForeignKey[] =>
      exposure.foreignKeys.filter(
        (key) =>
          key.table === source.name &&
          key.columns.length === 1 &&
          key.columns[0] === column &&
          source.hasColumn(column),
      );
    let keys = byColumn(target);
    if (keys.length === 0) keys = byColumn(`${target}_id`);
    if (keys.length === 0)
      keys = exposure.foreignKeys.filter((k) => k.table === source.name && k.name === target);
    candidates = preferTables(exposure, keys).map(toOne);
    if (hint !== undefined)
      candidates = candidates.filter((c) => c.target.name === hint || c.key.name === hint);
  }
  if (candidates.length === 0) throw pgrst.noRelationship(source.name, target);
  if (candidates.length > 1) {
    throw pgrst.ambiguousEmbed(
      source.name,
      target,
      candidates.map((c) => c.key.name),
    );
  }
  const [only] = candidates;
  if (!only) throw pgrst.noRelationship(source.name, target);
  return only;
}

function matchesHint(candidate: Relationship, hint: string): boolean {
  const { key } = candidate;
  return key.name === hint || key.columns.includes(hint) || key.refColumns.includes(hint);
}

/** A column's own key wins over the copies inferred for views that expose the same target. */
function preferTables(exposure: Exposure, keys: readonly ForeignKey[]): ForeignKey[] {
  const tables = keys.filter((key) => exposure.resource(key.refTable).relation.kind === 'table');
  return tables.length > 0 ? tables : [...keys];
}

import type { CheckSummaryFilter } from '@vigil/domain';
import { z } from 'zod';
import type { SummaryEntry } from './check-summary.ts';

/** The fields of an entry's JSON a filter or a sort reads. */
const facetsSchema = z.object({
  name: z.string(),
  labels: z.record(z.string(), z.unknown()).nullable(),
  status: z.string().nullable(),
  deleted_at: z.string().nullable(),
});
type Facets = z.infer<typeof facetsSchema>;

interface Faceted {
  readonly entry: SummaryEntry;
  readonly facets: Facets;
}

/**
 * The entries a filter body keeps, in the order it asks. Ids are matched first, without
 * reading the entry's JSON; the other fields are read only for the entries left.
 */
export function filterSummary(
  entries: readonly SummaryEntry[],
  filter: CheckSummaryFilter,
): SummaryEntry[] {
  const ids = idsOf(filter);
  const byId = ids ? entries.filter((entry) => ids.has(entry.id)) : entries;
  if (!needsFacets(filter)) return [...byId];
  const deletedBefore = filter.deleteFrom ? Date.parse(filter.deleteFrom) : undefined;
  const kept = byId
    .map((entry) => ({ entry, facets: facetsSchema.parse(JSON.parse(entry.json)) }))
    .filter(({ facets }) => matches(facets, filter, deletedBefore));
  if (filter.sortBy) sortByName(kept, filter.sortBy === '-name');
  return kept.map(({ entry }) => entry);
}

function idsOf(filter: CheckSummaryFilter): Set<string> | undefined {
  if (!filter.checkID && !filter.checkIDs) return undefined;
  return new Set([...(filter.checkID ? [filter.checkID] : []), ...(filter.checkIDs ?? [])]);
}

function needsFacets(filter: CheckSummaryFilter): boolean {
  return Boolean(filter.labels || filter.status || filter.deleteFrom || filter.sortBy);
}

function matches(facets: Facets, filter: CheckSummaryFilter, deletedBefore?: number): boolean {
  if (filter.status && facets.status !== filter.status) return false;
  if (filter.labels) {
    for (const [name, value] of Object.entries(filter.labels)) {
      if (facets.labels?.[name] !== value) return false;
    }
  }
  // As canary-checker: a deleted check is kept only when it was deleted after deleteFrom.
  if (deletedBefore !== undefined && facets.deleted_at !== null) {
    return Date.parse(facets.deleted_at) > deletedBefore;
  }
  return true;
}

function sortByName(kept: Faceted[], descending: boolean): void {
  kept.sort((a, b) => {
    const order = a.facets.name < b.facets.name ? -1 : a.facets.name > b.facets.name ? 1 : 0;
    return descending ? -order : order;
  });
}

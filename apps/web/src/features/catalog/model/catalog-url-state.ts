import { z } from 'zod';

export const catalogSortColumns = [
  'name',
  'type',
  'status',
  'changes',
  'cost_total_30d',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;
export type CatalogSortColumn = (typeof catalogSortColumns)[number];

/** The catalog list's query string (spec 001 §2): every parameter by its spec name. */
export const catalogUrlSchema = z.object({
  configType: z.string().optional(),
  labels: z.string().optional(),
  search: z.string().optional(),
  status: z.string().optional(),
  health: z.string().optional(),
  groupBy: z.string().optional(),
  sortBy: z.enum(catalogSortColumns).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  tags: z.string().optional(),
});
export type CatalogUrlState = z.output<typeof catalogUrlSchema>;

/** With none of these, the list shows the summary grouped by provider then type. */
export function hasListFilter(state: CatalogUrlState): boolean {
  return [
    state.configType,
    state.search,
    state.labels,
    state.tags,
    state.status,
    state.health,
  ].some((value) => value !== undefined && value !== '');
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/http.ts';
import { configKeys } from '@/lib/resource-keys.ts';
import type { CatalogUrlState } from '../model/catalog-url-state.ts';
import { configListQuery, configPageSize } from '../model/config-list-query.ts';
import { configRowSchema } from './catalog-schemas.ts';

/** The flat catalog list, a page of 100 at a time as the table scrolls. */
export function useConfigsQuery(state: CatalogUrlState, hideDeleted: boolean, enabled = true) {
  const filters = { ...state, groupBy: undefined, hideDeleted };
  return useInfiniteQuery({
    queryKey: configKeys.list(filters),
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiList('db', '/configs', configRowSchema, {
        query: configListQuery(state, hideDeleted, pageParam),
        signal,
      }),
    getNextPageParam: (last, pages) =>
      last.data.length < configPageSize ? undefined : pages.length,
  });
}

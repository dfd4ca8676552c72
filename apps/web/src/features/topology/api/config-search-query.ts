import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { catalogOptionSchema } from './panel-schemas.ts';
import { topologyKeys } from './topology-keys.ts';

/** Spec 001 §9: the catalog picker lists at most 50 items. */
export const pickerLimit = 50;

/** `*` and `,` would change the filter's meaning: they are matched as plain characters. */
function ilikePattern(search: string): string {
  return `*${search.replace(/[*,()]/g, ' ').trim()}*`;
}

export function useConfigSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: topologyKeys.configSearch(search),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest('db', '/configs', z.array(catalogOptionSchema), {
        query: {
          select: 'id,name,type',
          ...(search.trim() === '' ? {} : { name: `ilike.${ilikePattern(search)}` }),
          deleted_at: 'is.null',
          order: 'name.asc',
          limit: pickerLimit,
        },
        signal,
      }),
  });
}

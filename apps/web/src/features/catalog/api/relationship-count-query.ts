import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/http.ts';
import { configKeys } from '@/lib/resource-keys.ts';
import { configRelationshipSchema } from './catalog-schemas.ts';

/** How many live links a config has, either way, from the Content-Range count. */
export function useRelationshipCountQuery(id: string) {
  return useQuery({
    queryKey: configKeys.counts(id),
    queryFn: async ({ signal }) => {
      const result = await apiList('db', '/config_relationships', configRelationshipSchema, {
        query: {
          select: 'config_id,related_id,relation,selector_id,deleted_at',
          or: `(config_id.eq.${id},related_id.eq.${id})`,
          deleted_at: 'is.null',
          limit: 1,
        },
        signal,
      });
      return result.totalEntries ?? result.data.length;
    },
    meta: { toast: false },
  });
}

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { relatedItems } from '../model/check-relationships.ts';
import { checkKeys } from '@/lib/resource-keys.ts';

const targetSchema = z.object({ id: z.string(), name: z.string().nullable() });
const configLinks = z.array(z.object({ config: targetSchema }));
const componentLinks = z.array(z.object({ component: targetSchema }));

/** Live links only: the relationship and the item it points at are not soft-deleted. */
function linkQuery(checkId: string, alias: string, target: string) {
  return {
    check_id: `eq.${checkId}`,
    deleted_at: 'is.null',
    select: `${alias}:${target}!inner(id,name)`,
    [`${alias}.deleted_at`]: 'is.null',
  };
}

/** The configs and components a check is related to, for the Relationships tab. */
export function useCheckRelationships(checkId: string) {
  return useQuery({
    queryKey: checkKeys.relationships(checkId),
    queryFn: async ({ signal }) => {
      const [configs, components] = await Promise.all([
        apiRequest('db', '/check_config_relationships', configLinks, {
          query: linkQuery(checkId, 'config', 'config_items'),
          signal,
        }),
        apiRequest('db', '/check_component_relationships', componentLinks, {
          query: linkQuery(checkId, 'component', 'components'),
          signal,
        }),
      ]);
      return relatedItems(
        configs.map((row) => row.config),
        components.map((row) => row.component),
      );
    },
  });
}

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { configKeys } from '@/lib/resource-keys.ts';
import { configListSelect } from '../model/config-list-query.ts';
import { configDetailSchema } from './catalog-schemas.ts';

const detailSelect = `${configListSelect},namespace,description,config,properties,scraper(id,name)`;

/** One config with its content; null when it does not exist ('Details not found'). */
export function useConfigDetailQuery(id: string) {
  return useQuery({
    queryKey: configKeys.detail(id),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/configs', z.array(configDetailSchema), {
        query: { select: detailSelect, id: `eq.${id}` },
        signal,
      });
      return rows[0] ?? null;
    },
    meta: { toast: false },
  });
}

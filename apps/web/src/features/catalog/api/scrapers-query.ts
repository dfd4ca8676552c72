import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';

export const scraperKeys = {
  all: ['config_scrapers'] as const,
  list: () => [...scraperKeys.all, 'list'] as const,
};

const scraperRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  schedule: z.string().nullish(),
  source: z.string().nullish(),
  last_runtime: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string().nullish(),
});
export type ScraperRow = z.output<typeof scraperRowSchema>;

/** The catalog scrapers, by name. */
export function useScrapersQuery() {
  return useQuery({
    queryKey: scraperKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest('db', '/config_scrapers', z.array(scraperRowSchema), {
        query: {
          select: 'id,name,namespace,schedule,source,last_runtime,created_at,updated_at',
          deleted_at: 'is.null',
          order: 'name.asc',
          limit: 500,
        },
        signal,
      }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { scraperKeys } from './scrapers-query.ts';

/** The ScrapeConfig resource's JSON schema, which the YAML editor validates against as you type. */
export function useScrapeConfigSchemaQuery() {
  return useQuery({
    queryKey: [...scraperKeys.all, 'schema'] as const,
    queryFn: ({ signal }) =>
      apiRequest('root', '/schemas/scrape-config.schema.json', z.record(z.string(), z.unknown()), {
        signal,
      }),
    staleTime: Infinity,
    meta: { toast: false },
  });
}

import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '@/lib/http.ts';
import { scraperKeys } from '@/features/catalog/index.ts';

export const integrationTypes = ['scrapers', 'topologies', 'logging_backends'] as const;
export type IntegrationType = (typeof integrationTypes)[number];

export function isIntegrationType(value: string): value is IntegrationType {
  return integrationTypes.some((type) => type === value);
}

const embedded = z.object({ id: z.string(), name: z.string().nullish() }).nullish();

/** Spec 002 §3 "Integration list row". */
export const integrationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  integration_type: z.enum(integrationTypes),
  namespace: z.string().nullish(),
  source: z.string().nullish(),
  agent: embedded,
  job_status: z.string().nullish(),
  job_details: z.unknown().optional(),
  job_name: z.string().nullish(),
  job_time_start: z.string().nullish(),
  creator: embedded,
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type IntegrationRow = z.output<typeof integrationRowSchema>;

export const integrationKeys = {
  all: ['integrations'] as const,
  list: (page: number) => [...integrationKeys.all, 'list', page] as const,
};

export const integrationsPageSize = 50;

/** Spec 002 §7: GET integrations_with_status?order=created_at.desc&deleted_at=is.null (exact count). */
export function useIntegrationsQuery(page: number) {
  return useQuery({
    queryKey: integrationKeys.list(page),
    queryFn: ({ signal }) =>
      apiList('db', '/integrations_with_status', integrationRowSchema, {
        query: {
          select: '*',
          deleted_at: 'is.null',
          order: 'created_at.desc',
          limit: integrationsPageSize,
          offset: page * integrationsPageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { toast: false },
  });
}

/** A write to any integration refreshes the list and the catalog's scrapers at once. */
export async function invalidateIntegrations(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
    queryClient.invalidateQueries({ queryKey: scraperKeys.all }),
  ]);
}

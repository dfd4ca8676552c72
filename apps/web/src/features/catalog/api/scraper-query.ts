import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobHistorySchema } from '@vigil/domain';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiList, apiRequest } from '@/lib/http.ts';
import { scraperKeys } from './scrapers-query.ts';

/** Spec 002 §9: a resource's job history shows 150 runs, newest first. */
export const scraperJobsPageSize = 150;

const scraperSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  source: z.string().nullish(),
  schedule: z.string().nullish(),
  spec: z.unknown(),
});
export type Scraper = z.output<typeof scraperSchema>;

/** One scraper with its spec, or null when there is none (or it was deleted). */
export function useScraperQuery(id: string) {
  return useQuery({
    queryKey: [...scraperKeys.all, 'detail', id] as const,
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/config_scrapers', z.array(scraperSchema), {
        query: {
          select: 'id,name,namespace,source,schedule,spec',
          id: `eq.${id}`,
          deleted_at: 'is.null',
        },
        signal,
      });
      return rows[0] ?? null;
    },
    meta: { toast: false },
  });
}

/** The scraper's runs from job history (`resource_type = config_scraper`), newest first. */
export function useScraperJobsQuery(id: string, order: string) {
  return useQuery({
    queryKey: [...scraperKeys.all, 'jobs', id, order] as const,
    queryFn: ({ signal }) =>
      apiList('db', '/job_histories', jobHistorySchema, {
        query: {
          select: '*',
          resource_type: 'eq.config_scraper',
          resource_id: `eq.${id}`,
          order,
          limit: scraperJobsPageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { toast: false },
  });
}

/** PATCH the spec; the server validates it and names the field it refuses. */
export function useSaveScraperSpec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, spec }: { id: string; name: string; spec: unknown }) =>
      apiRequest('db', '/config_scrapers', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}`, select: 'id' },
        body: { spec },
      }),
    onSuccess: async (_data, { name }) => {
      toast.success(`${name} updated successfully`);
      await queryClient.invalidateQueries({ queryKey: scraperKeys.all });
    },
  });
}

/** A soft delete: deleted_at is set and the scraper stops running. */
export function useDeleteScraper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      apiRequest('db', '/config_scrapers', z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}`, select: 'id' },
        body: { deleted_at: new Date().toISOString() },
      }),
    onSuccess: async (_data, { name }) => {
      toast.success(`${name} deleted successfully`);
      // Stale, not refetched: the open page would turn into 'not found' before navigating.
      await queryClient.invalidateQueries({ queryKey: scraperKeys.all, refetchType: 'none' });
    },
  });
}

const runAnswer = z.object({
  status: z.enum(['SUCCESS', 'FAILED']),
  errors: z.array(z.string()),
});

/** POST /api/catalog/scrapers/{id}/run: scrape now; the run lands in Job History. */
export function useRunScraper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      apiRequest('catalog', `/scrapers/${encodeURIComponent(id)}/run`, runAnswer, {
        method: 'POST',
      }),
    onSuccess: async (answer, { name }) => {
      if (answer.status === 'SUCCESS') toast.success(`${name} scraped successfully`);
      else toast.error(`${name} failed: ${answer.errors[0] ?? 'see Job History'}`);
      await queryClient.invalidateQueries({ queryKey: scraperKeys.all });
    },
  });
}

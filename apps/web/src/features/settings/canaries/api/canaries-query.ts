import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '@/lib/http.ts';
import { canaryKeys } from '@/lib/resource-keys.ts';

const jobDetailsSchema = z
  .looseObject({
    errors: z.array(z.unknown()).nullish(),
    scrape_summary: z.unknown().optional(),
    summary: z.unknown().optional(),
  })
  .nullish()
  .catch(null);

export const canaryListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  labels: z.record(z.string(), z.coerce.string()).nullish(),
  source: z.string().nullish(),
  schedule: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  last_runtime: z.string().nullish(),
  job_status: z.string().nullish(),
  job_details: jobDetailsSchema,
  job_last_failed: z.string().nullish(),
  created_by: z.object({ id: z.string(), name: z.string().nullish() }).nullish(),
  agent: z.object({ id: z.string(), name: z.string() }).nullish(),
});
export type CanaryListItem = z.infer<typeof canaryListItemSchema>;

/** Spec 002 §7: the generic settings list call against canaries_with_status. */
export async function fetchCanaries(signal?: AbortSignal): Promise<CanaryListItem[]> {
  const list = await apiList('db', '/canaries_with_status', canaryListItemSchema, {
    query: {
      select:
        'id,name,namespace,labels,source,schedule,created_at,updated_at,last_runtime,' +
        'job_status,job_details,job_last_failed,created_by(id,name),agent(id,name)',
      deleted_at: 'is.null',
      order: 'created_at.desc',
      limit: 100,
    },
    signal,
  });
  return list.data;
}

export function useCanariesQuery() {
  return useQuery({
    queryKey: canaryKeys.list(),
    queryFn: ({ signal }) => fetchCanaries(signal),
    meta: { toast: false },
  });
}

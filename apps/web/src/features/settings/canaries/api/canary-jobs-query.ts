import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '@/lib/http.ts';
import { canaryKeys } from '@/lib/resource-keys.ts';

/** Spec 002 §9: a resource's job history shows 150 runs, newest first. */
export const canaryJobsPageSize = 150;

const jobSchema = z.object({
  id: z.string(),
  status: z.string(),
  time_start: z.string().nullish(),
  duration_millis: z.number().nullish(),
  success_count: z.number().nullish(),
  error_count: z.number().nullish(),
  details: z
    .looseObject({ errors: z.array(z.unknown()).nullish() })
    .nullish()
    .catch(null),
});
export type CanaryJob = z.infer<typeof jobSchema>;

export function useCanaryJobsQuery(canaryId: string) {
  return useQuery({
    queryKey: canaryKeys.jobs(canaryId),
    queryFn: ({ signal }) =>
      apiList('db', '/job_history', jobSchema, {
        query: {
          select: 'id,status,time_start,duration_millis,success_count,error_count,details',
          name: 'eq.Canary',
          resource_id: `eq.${canaryId}`,
          order: 'created_at.desc',
          limit: canaryJobsPageSize,
        },
        signal,
      }),
    meta: { toast: false },
  });
}

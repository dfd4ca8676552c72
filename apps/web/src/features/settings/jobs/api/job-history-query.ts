import { useQuery, useQueryClient } from '@tanstack/react-query';
import { jobHistorySchema, type JobHistory } from '@vigil/domain';
import { apiList } from '@/lib/http.ts';
import { jobKeys } from './job-keys.ts';

/**
 * One run, for the details dialog: taken from a loaded page when it is there, fetched by id
 * when the dialog was opened from a shared link.
 */
export function useJobHistoryQuery(id: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: jobKeys.detail(id ?? ''),
    enabled: id !== undefined,
    queryFn: async ({ signal }): Promise<JobHistory | null> => {
      const list = await apiList('db', '/job_histories', jobHistorySchema, {
        query: { select: '*', id: `eq.${id ?? ''}` },
        signal,
      });
      return list.data[0] ?? null;
    },
    initialData: () => {
      for (const [, page] of client.getQueriesData<{ data: JobHistory[] }>({
        queryKey: [...jobKeys.all, 'list'],
      })) {
        const found = page?.data.find((job) => job.id === id);
        if (found) return found;
      }
      return undefined;
    },
  });
}

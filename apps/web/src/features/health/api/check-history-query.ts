import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runCheckResultSchema } from '@vigil/domain';
import { z } from 'zod';
import { apiList, apiRequest } from '@/lib/http.ts';
import { checkKeys, invalidateCheckRun } from '@/lib/resource-keys.ts';

export const historyPageSize = 50;

const statusRowSchema = z.object({
  time: z.string(),
  duration: z.number().nullable(),
  status: z.boolean(),
  error: z.string().nullable(),
  message: z.string().nullable(),
});

export type StatusRow = z.infer<typeof statusRowSchema>;

export interface HistoryFilter {
  /** Start of the window as data API date math, e.g. `now-1h`. */
  since: string;
  status: 'all' | 'passed' | 'failed';
  minDurationMs: number | null;
  pageIndex: number;
}

/** One page of a check's status history, newest first, with the exact total. */
export function useCheckHistory(checkId: string, filter: HistoryFilter) {
  return useQuery({
    queryKey: [...checkKeys.history(checkId), filter] as const,
    queryFn: ({ signal }) =>
      apiList('db', '/check_statuses', statusRowSchema, {
        query: {
          select: 'time,duration,status,error,message',
          check_id: `eq.${checkId}`,
          time: `gt.${filter.since}`,
          status: filter.status === 'all' ? undefined : `eq.${String(filter.status === 'passed')}`,
          duration: filter.minDurationMs === null ? undefined : `gte.${filter.minDurationMs}`,
          order: 'time.desc',
          limit: historyPageSize,
          offset: filter.pageIndex * historyPageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const runInitiatedMessage = 'You have successfully initiated the check run.';

/** A run writes new statuses: the summary, history, graph and canary lists all refresh. */
export function useRunCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkId: string) =>
      apiRequest('canary', `/run/check/${encodeURIComponent(checkId)}`, runCheckResultSchema, {
        method: 'POST',
      }),
    onSuccess: () => {
      void invalidateCheckRun(queryClient);
    },
  });
}

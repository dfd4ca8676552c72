import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { jobHistorySchema } from '@vigil/domain';
import { apiList } from '@/lib/http.ts';
import { jobHistoriesQuery } from '../model/job-query.ts';
import { listFilters, type JobUrlState } from '../model/job-url-state.ts';
import { jobKeys } from './job-keys.ts';

/** One page of runs; the previous page stays shown while the next one loads. */
export function useJobHistoriesQuery(state: JobUrlState) {
  return useQuery({
    queryKey: jobKeys.list(listFilters(state)),
    queryFn: ({ signal }) =>
      apiList('db', '/job_histories', jobHistorySchema, {
        query: jobHistoriesQuery(state),
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { toast: false },
  });
}

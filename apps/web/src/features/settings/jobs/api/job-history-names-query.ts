import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { jobKeys } from './job-keys.ts';

/** Spec 002 §7: the name filter's options, GET /job_history_names?order=name.asc. */
export function useJobHistoryNamesQuery() {
  return useQuery({
    queryKey: jobKeys.names(),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest(
        'db',
        '/job_history_names',
        z.array(z.object({ name: z.string() })),
        {
          query: { order: 'name.asc' },
          signal,
        },
      );
      return rows.map((row) => row.name);
    },
  });
}

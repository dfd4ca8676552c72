import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logQueryResponseSchema, type LogQueryRequest } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { logsKeys } from './logs-keys.ts';

/** POST /api/logs for the chosen component and selector; nothing is asked without a component. */
export function useLogLinesQuery(request: LogQueryRequest | undefined) {
  return useQuery({
    queryKey: request ? logsKeys.lines(request) : [...logsKeys.all, 'lines', 'none'],
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    // Logs move on: a result is fresh for a minute, not the app's five.
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest('logs', '', logQueryResponseSchema, { method: 'POST', body: request, signal }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '@/lib/http.ts';
import { eventQueueKeys } from './event-queue-keys.ts';

export const eventQueueSummarySchema = z.object({
  name: z.string(),
  pending: z.number(),
  failed: z.number(),
  average_attempts: z.number().nullish(),
  first_failure: z.string().nullish(),
  last_failure: z.string().nullish(),
  most_common_error: z.string().nullish(),
});
export type EventQueueSummary = z.infer<typeof eventQueueSummarySchema>;

/** The queue changes by the second: a status page an operator keeps open refreshes itself. */
const refreshMs = 15_000;

/** Spec 002 §7: GET event_queue_summary ordered by the last failure, names never failed last. */
export async function fetchEventQueueSummary(signal?: AbortSignal): Promise<EventQueueSummary[]> {
  const list = await apiList('db', '/event_queue_summary', eventQueueSummarySchema, {
    query: { order: 'last_failure.desc.nullslast,name.asc' },
    signal,
  });
  return list.data;
}

export function useEventQueueSummaryQuery() {
  return useQuery({
    queryKey: eventQueueKeys.summary(),
    queryFn: ({ signal }) => fetchEventQueueSummary(signal),
    refetchInterval: refreshMs,
    meta: { toast: false },
  });
}

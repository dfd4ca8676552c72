import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import type { TimeRange } from '../model/check-time-range.ts';
import { checkKeys } from '@/lib/resource-keys.ts';

/** Buckets asked of the graph call (spec §7: count 300). */
export const graphPointCount = 300;

const nullableMs = z.number().nullable();

/** GET /api/canary/api/graph: a check's runs in time buckets, with the window's figures. */
export const checkGraphSchema = z.object({
  status: z.array(
    z.object({
      time: z.string(),
      status: z.boolean(),
      total: z.number(),
      passed: z.number(),
      failed: z.number(),
      duration: nullableMs,
    }),
  ),
  uptime: z.object({ passed: z.number(), failed: z.number() }),
  latency: z.object({ p95: nullableMs, p97: nullableMs, p99: nullableMs, rolling1h: nullableMs }),
});

export type CheckGraph = z.infer<typeof checkGraphSchema>;
export type GraphBucket = CheckGraph['status'][number];

/** The chart, uptime and latency of one check over the chosen range. */
export function useCheckGraph(checkId: string, range: TimeRange) {
  return useQuery({
    queryKey: checkKeys.graph(checkId, range),
    queryFn: ({ signal }) =>
      apiRequest('canary', '/api/graph', checkGraphSchema, {
        query: { check: checkId, count: graphPointCount, start: range },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

import { z } from 'zod';
import { isCatalogTime } from '../catalog/catalog-since.ts';

/** Limits of the logs viewer and its query (spec 001 §2 "Logs viewer", §9). */
export const logsLimits = {
  /** Lines a query returns when it names no limit, and the most it may ask for. */
  defaultLimit: 500,
  maxLimit: 5000,
  maxQueryLength: 1000,
  searchDebounceMs: 500,
  columnSizeDebounceMs: 500,
  rowEstimatePx: 62,
  overscan: 10,
  /** The time range a query covers when it names no start. */
  defaultStart: '1h',
} as const;

const labelMap = z.record(z.string(), z.string());

/** A component's log selector (`logs: [{name, type, labels}]` in its spec). */
export const logSelectorSchema = z.object({
  name: z.string().min(1),
  type: z.string().optional(),
  labels: labelMap.optional(),
});
export type LogSelector = z.infer<typeof logSelectorSchema>;

const logTime = z.string().refine(isCatalogTime, {
  error: 'must be a duration (1h), date math (now-2d) or an RFC 3339 time',
});

/** POST /api/logs: the component, one of its log selectors by name (first when unset), a search. */
export const logQueryRequestSchema = z.strictObject({
  id: z.guid({ error: 'must be a component id (uuid)' }),
  name: z.string().max(200).optional(),
  query: z.string().max(logsLimits.maxQueryLength).optional(),
  start: logTime.optional(),
  end: logTime.optional(),
  limit: z.number().int().min(1).max(logsLimits.maxLimit).optional(),
  labels: labelMap.optional(),
});
export type LogQueryRequest = z.infer<typeof logQueryRequestSchema>;

/** One log line (spec 001 §3): newest first in a response. */
export const logLineSchema = z.object({
  timestamp: z.string(),
  message: z.string(),
  labels: labelMap,
});
export type LogLine = z.infer<typeof logLineSchema>;

export const logQueryResponseSchema = z.object({
  total: z.number().int(),
  results: z.array(logLineSchema),
});
export type LogQueryResponse = z.infer<typeof logQueryResponseSchema>;

/** A row of the components_with_logs view that the viewer's Component picker lists. */
export const componentWithLogsSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  icon: z.string().nullable(),
  logs: z.array(logSelectorSchema).nullable().catch(null),
});
export type ComponentWithLogs = z.infer<typeof componentWithLogsSchema>;

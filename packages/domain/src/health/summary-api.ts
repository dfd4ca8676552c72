import { z } from 'zod';
import { parseTimeRange } from './time-ranges.ts';

/** A window such as 15m, 1h, 7d, 1mo or 1y, at most 5y: any count of those units. */
export const windowTextSchema = z.string().refine((text) => parseTimeRange(text) !== undefined, {
  error: 'must be a range such as 15m, 1h, 7d, 1mo or 1y (at most 5y)',
});

/** The query of `GET /api/canary/api/summary`; no range is the last hour. */
export const checkSummaryQuerySchema = z.object({ timeRange: windowTextSchema.optional() });

/**
 * The filter body of `POST /api/canary/api/summary`. Field names are those of canary-checker's
 * `query.CheckSummaryOptions` (checkID, labels, sortBy, deleteFrom, timeout); checkIDs, status
 * and timeRange are Vigil's additions.
 */
export const checkSummaryFilterSchema = z.object({
  checkID: z.uuid({ error: 'must be a check id' }).optional(),
  checkIDs: z
    .array(z.uuid({ error: 'must be check ids' }))
    .max(1000)
    .optional(),
  labels: z.record(z.string(), z.string({ error: 'must map names to text values' })).optional(),
  status: z.enum(['healthy', 'unhealthy'], { error: 'must be healthy or unhealthy' }).optional(),
  timeRange: windowTextSchema.optional(),
  deleteFrom: z.iso.datetime({ offset: true, error: 'must be an RFC 3339 time' }).optional(),
  sortBy: z.enum(['name', '-name'], { error: 'must be name or -name' }).optional(),
  /** canary-checker's query timeout (a Go duration in nanoseconds): accepted, not used. */
  timeout: z.number().nonnegative().optional(),
});

export type CheckSummaryFilter = z.infer<typeof checkSummaryFilterSchema>;

const filterKeys = new Map(
  Object.keys(checkSummaryFilterSchema.shape).map((key) => [key.toLowerCase(), key]),
);

/**
 * Go's JSON decoder matches field names regardless of case, so canary-checker's own clients send
 * `CheckID` or `SortBy`: those become the schema's spelling; other keys are left as sent. No
 * body is no filter.
 */
export function canonicalFilterKeys(body: unknown): unknown {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [filterKeys.get(key.toLowerCase()) ?? key, value]),
  );
}

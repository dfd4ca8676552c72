import { isTimeRange, logsLimits, type TimeRange } from '@vigil/domain';
import { z } from 'zod';

/** The viewer's query string (spec 001 §2): topologyId, logsSelector, query and start. */
export const logsUrlSchema = z.object({
  topologyId: z.string().optional(),
  logsSelector: z.string().optional(),
  query: z.string().optional(),
  start: z
    .string()
    .refine(isTimeRange)
    .optional()
    .transform((value): TimeRange =>
      value !== undefined && isTimeRange(value) ? value : defaultStart,
    ),
});

export type LogsUrlState = z.output<typeof logsUrlSchema>;

function isDefaultStart(value: string): value is TimeRange {
  return isTimeRange(value);
}

export const defaultStart: TimeRange = isDefaultStart(logsLimits.defaultStart)
  ? logsLimits.defaultStart
  : '1h';

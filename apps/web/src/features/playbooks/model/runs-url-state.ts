import { z } from 'zod';
import {
  playbookRunStatusSchema,
  playbookRunsDefaultRange,
  playbookRunsPageSize,
} from '@vigil/domain';

/** Relative windows of the runs filter (spec 002 §9; 6M is six months). */
export const runTimeRanges = [
  '5m',
  '15m',
  '30m',
  '1h',
  '3h',
  '6h',
  '12h',
  '24h',
  '2d',
  '7d',
  '30d',
  '90d',
  '6mo',
  '1y',
  '2y',
  '5y',
] as const;

/** /playbooks/runs query: playbook, status, timeRange, pageIndex, pageSize; 'All' drops a filter. */
export const runsUrlSchema = z.object({
  playbook: z.uuid().optional(),
  status: playbookRunStatusSchema.optional(),
  timeRange: z.enum(runTimeRanges).default(playbookRunsDefaultRange),
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(playbookRunsPageSize),
});
export type RunsUrlState = z.infer<typeof runsUrlSchema>;

export const runPageSizes = [50, 100, 150, 200, 500] as const;

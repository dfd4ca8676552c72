import { defaultJobStatusFilter } from '@vigil/domain';
import { z } from 'zod';
import { defaultRelativeRange, type TimeRange } from './time-range.ts';

/** Spec 002 §9: 50 runs a page on /settings/jobs. */
export const jobsPageSize = 50;

export const sortableColumns = [
  'name',
  'resource_type',
  'resource_name',
  'status',
  'duration_millis',
  'success_count',
  'error_count',
  'time_start',
  'created_at',
] as const;
export type SortColumn = (typeof sortableColumns)[number];

/** Every query parameter of /settings/jobs; a bad value falls back to its default. */
export const jobUrlSchema = z.object({
  resourceType: z.string().optional(),
  resourceId: z.string().optional(),
  name: z.string().optional(),
  /** A job status, or `all`; SUCCESS when absent (spec 002 §9). */
  status: z.string().default(defaultJobStatusFilter),
  /** Minimum run duration in milliseconds. */
  duration: z.coerce.number().int().min(0).optional(),
  rangeType: z.enum(['relative', 'absolute', 'mapped']).default('relative'),
  range: z.string().default(defaultRelativeRange),
  display: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  sortBy: z.enum(sortableColumns).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  pageIndex: z.coerce.number().int().min(0).default(0),
  /** The run whose details dialog is open, and its tab. */
  job: z.string().optional(),
  tab: z.string().optional(),
});

export type JobUrlState = z.output<typeof jobUrlSchema>;
export type JobListFilters = Omit<JobUrlState, 'job' | 'tab'>;

/** What shapes the list call: everything but the open dialog. */
export function listFilters(state: JobUrlState): JobListFilters {
  return {
    resourceType: state.resourceType,
    resourceId: state.resourceId,
    name: state.name,
    status: state.status,
    duration: state.duration,
    rangeType: state.rangeType,
    range: state.range,
    display: state.display,
    from: state.from,
    to: state.to,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    pageIndex: state.pageIndex,
  };
}

export function timeRangeOf(state: JobUrlState): TimeRange {
  if (state.rangeType === 'absolute') {
    return { type: 'absolute', from: state.from ?? '', to: state.to ?? '' };
  }
  if (state.rangeType === 'mapped') return { type: 'mapped', display: state.display ?? '' };
  return { type: 'relative', range: state.range };
}

/** The URL parameters of a range; the others are cleared so that links stay short. */
export function timeRangeParams(range: TimeRange) {
  const cleared = { rangeType: undefined, range: undefined, display: undefined };
  const none = { ...cleared, from: undefined, to: undefined, pageIndex: undefined };
  if (range.type === 'absolute') {
    return { ...none, rangeType: 'absolute', from: range.from, to: range.to };
  }
  if (range.type === 'mapped') return { ...none, rangeType: 'mapped', display: range.display };
  const isDefault = range.range === defaultRelativeRange;
  return { ...none, range: isDefault ? undefined : range.range };
}

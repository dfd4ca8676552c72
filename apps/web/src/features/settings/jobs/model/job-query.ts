import type { QueryValue } from '@/lib/http.ts';
import { jobsPageSize, timeRangeOf, type JobUrlState } from './job-url-state.ts';
import { timeBounds } from './time-range.ts';

/** Spec 002 §9 resource-type filter, with the labels the page shows. */
export const resourceTypeOptions = [
  { value: 'canary', label: 'Canary' },
  { value: 'topology', label: 'Topology' },
  { value: 'config_scraper', label: 'Catalog Scraper' },
] as const;

/** Minimum durations offered (the spec leaves the thresholds open), in milliseconds. */
export const durationOptions = [
  { value: 1000, label: '1s or longer' },
  { value: 5000, label: '5s or longer' },
  { value: 30_000, label: '30s or longer' },
  { value: 60_000, label: '1m or longer' },
  { value: 300_000, label: '5m or longer' },
  { value: 900_000, label: '15m or longer' },
  { value: 3_600_000, label: '1h or longer' },
] as const;

/** `all` (or nothing) means no filter, as the spec's other lists do. */
function eq(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value === 'all' ? undefined : `eq.${value}`;
}

/** The spec 002 §7 call: GET /job_histories with filters, order and paging from the URL. */
export function jobHistoriesQuery(
  state: JobUrlState,
  now: Date = new Date(),
): Record<string, QueryValue> {
  const bounds = timeBounds(timeRangeOf(state), now);
  return {
    select: '*',
    limit: jobsPageSize,
    offset: state.pageIndex * jobsPageSize,
    resource_type: eq(state.resourceType),
    name: eq(state.name),
    status: eq(state.status),
    resource_id: eq(state.resourceId),
    order: `${state.sortBy}.${state.sortOrder}`,
    and: bounds ? `(created_at.gt.${bounds.from},created_at.lt.${bounds.to})` : undefined,
    duration_millis: state.duration === undefined ? undefined : `gte.${state.duration}`,
  };
}

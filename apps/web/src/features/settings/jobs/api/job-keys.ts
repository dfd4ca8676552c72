import type { JobListFilters } from '../model/job-url-state.ts';

/** Query keys of job history; the list key holds every URL parameter that shapes the call. */
export const jobKeys = {
  all: ['job-history'] as const,
  list: (filters: JobListFilters) => [...jobKeys.all, 'list', filters] as const,
  names: () => [...jobKeys.all, 'names'] as const,
  detail: (id: string) => [...jobKeys.all, 'detail', id] as const,
};

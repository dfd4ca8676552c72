import { z } from 'zod';

/**
 * Spec 002 §4 job statuses, plus STALE: a run still RUNNING four hours after it started, as
 * the jobs worker marks it (the spec names no status for that). Matches job_history's check.
 */
export const jobStatuses = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED', 'STALE'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** The statuses the job history filter offers (spec 002 §4); SUCCESS is its default (§9). */
export const jobStatusFilterOptions = [
  { value: 'RUNNING', label: 'Running' },
  { value: 'SUCCESS', label: 'Success' },
  { value: 'WARNING', label: 'Warning' },
  { value: 'FAILED', label: 'Failed' },
] as const satisfies ReadonlyArray<{ value: JobStatus; label: string }>;
export const defaultJobStatusFilter: JobStatus = 'SUCCESS';

/** Resource types the job history filter offers (spec 002 §9). */
export const jobResourceTypes = ['canary', 'topology', 'config_scraper'] as const;

/** How long a run may stay RUNNING before it is marked STALE. */
export const jobStaleAfterMs = 4 * 3_600_000;

/** A run's details (spec 002 §3): unknown shapes are kept, a malformed value reads as none. */
export const jobDetailsSchema = z
  .looseObject({
    errors: z.array(z.unknown()).nullish(),
    scrape_summary: z.unknown().optional(),
    summary: z.unknown().optional(),
  })
  .nullish()
  .catch(null);
export type JobDetails = NonNullable<z.infer<typeof jobDetailsSchema>>;

/** One row of the job_histories view (spec 002 §3 job history record). */
export const jobHistorySchema = z.object({
  id: z.string(),
  name: z.string(),
  agent_id: z.string().nullish(),
  agent: z.object({ id: z.string(), name: z.string() }).nullish(),
  resource_id: z.string().nullish(),
  resource_type: z.string().nullish(),
  resource_name: z.string().nullish(),
  status: z.string(),
  duration_millis: z.number().nullish(),
  time_start: z.string().nullish(),
  time_end: z.string().nullish(),
  success_count: z.number().nullish(),
  error_count: z.number().nullish(),
  hostname: z.string().nullish(),
  created_at: z.string(),
  details: jobDetailsSchema,
});
export type JobHistory = z.infer<typeof jobHistorySchema>;

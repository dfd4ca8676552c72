import { z } from 'zod';

const nullableText = z.string().nullable();
const nullableMs = z.number().nullable();

/** A check's runs over a window: counts, and the times of its last pass and last failure. */
export const checkUptimeSchema = z.object({
  passed: z.number(),
  failed: z.number(),
  last_pass: nullableText,
  last_fail: nullableText,
});

/** Nearest-rank percentiles of a check's durations over a window, and over the last hour. */
export const checkLatencySchema = z.object({
  p95: nullableMs,
  p97: nullableMs,
  p99: nullableMs,
  rolling1h: nullableMs,
});

/** A check's last runs (up to 24, oldest first): `1` passed, `0` failed, and their ms. */
export const checkRecentRunsSchema = z.object({
  statuses: z.string().regex(/^[01]*$/),
  durations: z.array(z.number()),
});

/**
 * One check of the summary: the spec's Check (times as PostgreSQL writes them), its canary
 * and agent, and its uptime and latency over the asked window.
 */
export const checkSummaryEntrySchema = z.object({
  id: z.string(),
  canary_id: z.string(),
  canary_name: nullableText,
  canary_namespace: nullableText,
  agent_id: z.string(),
  agent_name: nullableText,
  name: z.string(),
  namespace: nullableText,
  type: z.string(),
  icon: nullableText,
  endpoint: nullableText,
  description: nullableText,
  labels: z.record(z.string(), z.string()).nullable(),
  severity: nullableText,
  spec: z.object({ severity: nullableText }),
  owner: nullableText,
  status: z.enum(['healthy', 'unhealthy']).nullable(),
  transformed: z.boolean(),
  last_runtime: nullableText,
  next_runtime: nullableText,
  last_transition_time: nullableText,
  silenced_at: nullableText,
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: nullableText,
  uptime: checkUptimeSchema,
  latency: checkLatencySchema,
  recent: checkRecentRunsSchema.optional(),
});

export type CheckSummary = z.infer<typeof checkSummaryEntrySchema>;

/** The summary as canary-checker and Mission Control answer it. */
export const checkSummaryResponseSchema = z.object({
  duration: z.number().int().optional(),
  runnerName: z.string(),
  checks_summary: z.array(checkSummaryEntrySchema),
});

export type CheckSummaryResponse = z.infer<typeof checkSummaryResponseSchema>;

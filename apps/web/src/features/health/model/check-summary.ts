import { z } from 'zod';

const nullableText = z.string().nullable().optional();

/** One check as answered by GET /api/canary/api/summary. */
export const checkSummarySchema = z.object({
  id: z.string(),
  canary_id: z.string(),
  canary_name: nullableText,
  canary_namespace: nullableText,
  agent_id: nullableText,
  agent_name: nullableText,
  name: z.string(),
  namespace: nullableText,
  type: nullableText,
  icon: nullableText,
  endpoint: nullableText,
  description: nullableText,
  labels: z.record(z.string(), z.string()).nullable().optional(),
  severity: nullableText,
  status: nullableText,
  last_runtime: nullableText,
  next_runtime: nullableText,
  last_transition_time: nullableText,
  uptime: z
    .object({
      passed: z.number(),
      failed: z.number(),
      last_pass: nullableText,
      last_fail: nullableText,
    })
    .optional(),
  latency: z
    .object({
      p95: z.number().nullable().optional(),
      p97: z.number().nullable().optional(),
      p99: z.number().nullable().optional(),
      rolling1h: z.number().nullable().optional(),
    })
    .optional(),
});

export type CheckSummary = z.infer<typeof checkSummarySchema>;

export const checkSummaryListSchema = z.array(checkSummarySchema);

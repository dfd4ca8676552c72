import { z } from 'zod';
import { windowTextSchema } from './summary-api.ts';

/** Buckets the graph answers when the query names no count. */
export const defaultGraphPointCount = 300;

/** The query of `GET /api/canary/api/graph`: a check, how many buckets, and how far back. */
export const checkGraphQuerySchema = z.object({
  check: z.uuid({ error: 'must be a check id' }),
  count: z.coerce.number().int().min(1).max(1000).default(defaultGraphPointCount),
  start: windowTextSchema.default('1h'),
});

export type CheckGraphQuery = z.input<typeof checkGraphQuerySchema>;

const nullableMs = z.number().nullable();

/** One time bucket of a check's runs; duration is the bucket's mean in milliseconds. */
export const graphBucketSchema = z.object({
  time: z.string(),
  status: z.boolean(),
  total: z.number(),
  passed: z.number(),
  failed: z.number(),
  duration: nullableMs,
});

/** A check's runs in time buckets, with the window's uptime and latency. */
export const checkGraphSchema = z.object({
  status: z.array(graphBucketSchema),
  uptime: z.object({ passed: z.number(), failed: z.number() }),
  latency: z.object({ p95: nullableMs, p97: nullableMs, p99: nullableMs, rolling1h: nullableMs }),
});

export type CheckGraph = z.infer<typeof checkGraphSchema>;
export type GraphBucket = z.infer<typeof graphBucketSchema>;

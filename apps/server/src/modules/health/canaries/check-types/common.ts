import { z } from 'zod';

const expression = z
  .object({ expr: z.string().optional(), template: z.string().optional() })
  .strict()
  .refine((v) => v.expr !== undefined || v.template !== undefined, 'needs expr or template');

/** Fields every check type shares (canary-checker's `Description`, `Templatable`, …). */
export const commonCheckFields = {
  name: z.string().min(1, 'is required').max(253),
  description: z.string().optional(),
  icon: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  namespace: z.string().optional(),
  test: expression.optional(),
  display: expression.optional(),
  transform: expression.optional(),
  transformDeleteStrategy: z.enum(['MarkHealthy', 'MarkUnhealthy', 'Ignore']).optional(),
  metrics: z.array(z.record(z.string(), z.unknown())).optional(),
  dependsOn: z.array(z.string()).optional(),
  markFailOnEmpty: z.boolean().optional(),
  severity: z.enum(['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical']).optional(),
  owner: z.string().optional(),
  connection: z
    .string()
    .regex(/^connection:\/\/[^/]+\/[^/]+$/, 'must look like connection://<namespace>/<name>')
    .optional(),
};

/** A check type: its own fields, and the endpoint shown for a check of it. */
export interface CheckType<T extends z.ZodType = z.ZodType> {
  readonly type: string;
  readonly schema: T;
  endpoint(check: z.infer<T>): string | undefined;
}

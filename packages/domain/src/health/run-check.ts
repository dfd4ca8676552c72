import { z } from 'zod';

/** The path of `POST /api/canary/run/check/:id`. */
export const runCheckParamsSchema = z.object({ id: z.uuid({ error: 'must be a check id' }) });

/** What a run of one check (Run Now, or a webhook push) gave. */
export const runCheckResultSchema = z.object({
  total: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.string()),
});

export type RunCheckResult = z.infer<typeof runCheckResultSchema>;

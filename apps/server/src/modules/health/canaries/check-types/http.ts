import { z } from 'zod';
import { commonCheckFields, type CheckType } from './common.ts';

const httpCheck = z
  .object({
    ...commonCheckFields,
    url: z.url().optional(),
    endpoint: z.url().optional(),
    method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']).optional(),
    headers: z.array(z.object({ name: z.string(), value: z.string() }).loose()).optional(),
    body: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    ntlm: z.boolean().optional(),
    ntlmv2: z.boolean().optional(),
    responseCodes: z.array(z.number().int().min(100).max(599)).optional(),
    responseContent: z.string().optional(),
    responseJSONContent: z.object({ path: z.string(), value: z.string() }).optional(),
    thresholdMillis: z.number().int().positive().optional(),
    maxSSLExpiry: z.number().int().nonnegative().optional(),
    tlsConfig: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((c) => c.url !== undefined || c.endpoint !== undefined, {
    message: 'needs url (or the legacy endpoint)',
    path: ['url'],
  });

/** `spec.http[]`: an HTTP(S) request and what its answer must be. */
export const httpCheckType: CheckType<typeof httpCheck> = {
  type: 'http',
  schema: httpCheck,
  endpoint: (check) => check.url ?? check.endpoint,
};

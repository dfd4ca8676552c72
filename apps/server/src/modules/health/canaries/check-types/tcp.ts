import { z } from 'zod';
import { commonCheckFields, type CheckType } from './common.ts';

const tcpCheck = z
  .object({
    ...commonCheckFields,
    endpoint: z.string().regex(/^[^\s:]+:\d{1,5}$/, 'must be host:port'),
    thresholdMillis: z.number().int().positive().optional(),
  })
  .strict();

/** `spec.tcp[]`: a TCP connect to host:port. */
export const tcpCheckType: CheckType<typeof tcpCheck> = {
  type: 'tcp',
  schema: tcpCheck,
  endpoint: (check) => check.endpoint,
};

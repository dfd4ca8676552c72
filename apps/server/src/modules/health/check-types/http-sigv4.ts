import aws4 from 'aws4';
import { z } from 'zod';
import { envVar } from './check-type.ts';
import type { HttpProbe } from './http-request.ts';

const notHere = (why: string) =>
  z.unknown().refine((value) => value === undefined, { message: `is not supported: ${why}` });

/** canary-checker's `awsSigV4` (duty's AWSConnection plus `service`). */
export const awsSigV4Spec = z
  .object({
    accessKey: envVar.describe('AWS access key id'),
    secretKey: envVar.describe('AWS secret access key'),
    sessionToken: envVar.optional(),
    region: z.string().min(1).optional().describe('Signing region; us-east-1 by default'),
    service: z
      .string()
      .min(1)
      .optional()
      .describe('Signing service, e.g. execute-api; from an *.amazonaws.com host by default'),
    skipTLSVerify: z.boolean().optional(),
    connection: notHere('give accessKey and secretKey (EnvVars may read a secret)').optional(),
    assumeRole: notHere('Vigil signs with the given keys and assumes no role').optional(),
    endpoint: notHere('the request goes to the check url').optional(),
  })
  .strict();

export type AwsSigV4Spec = z.infer<typeof awsSigV4Spec>;

export interface AwsSigner {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string | undefined;
  readonly region: string | undefined;
  readonly service: string | undefined;
}

/**
 * The request's headers with an AWS Signature Version 4 (`Authorization: AWS4-HMAC-SHA256 …`,
 * `X-Amz-Date`, and `X-Amz-Security-Token` with a session token), signed over the method,
 * path, query, host, the check's headers and the body's SHA-256.
 */
export function sigV4Headers(probe: HttpProbe, signer: AwsSigner): Record<string, string> {
  const url = new URL(probe.url);
  const signed = aws4.sign(
    {
      host: url.host,
      method: probe.method,
      path: `${url.pathname}${url.search}`,
      headers: { ...probe.headers },
      body: probe.body ?? '',
      service: signer.service ?? serviceOfHost(url.hostname),
      region: signer.region ?? 'us-east-1',
    },
    {
      accessKeyId: signer.accessKeyId,
      secretAccessKey: signer.secretAccessKey,
      ...(signer.sessionToken ? { sessionToken: signer.sessionToken } : {}),
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers ?? {})) {
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** `sts.us-east-1.amazonaws.com` → `sts`, as canary-checker infers a missing service. */
function serviceOfHost(hostname: string): string {
  const parts = hostname.split('.');
  return parts.length >= 3 && hostname.endsWith('.amazonaws.com') ? (parts[0] ?? '') : '';
}

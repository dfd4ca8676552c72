import http from 'node:http';
import https from 'node:https';
import { z } from 'zod';
import { CheckConfigError, envVar, type CheckRunContext, type EnvVar } from './check-type.ts';

/**
 * canary-checker's `AWSConnection`, inlined in the s3, cloudwatch, awsConfig and awsConfigRule
 * checks. Its `connection` key is the common `connection://ns/name` field of every check.
 */
export const awsConnectionFields = {
  accessKey: envVar.optional(),
  secretKey: envVar.optional(),
  sessionToken: envVar.optional(),
  assumeRole: z
    .string()
    .optional()
    .refine((role) => role === undefined, 'is not supported yet: assuming a role needs AWS STS'),
  region: z.string().min(1).optional(),
  endpoint: z.url().optional(),
  skipTLSVerify: z.boolean().optional(),
};

export interface AwsConnectionSpec {
  readonly connection?: string | undefined;
  readonly accessKey?: EnvVar | undefined;
  readonly secretKey?: EnvVar | undefined;
  readonly sessionToken?: EnvVar | undefined;
  readonly region?: string | undefined;
  readonly endpoint?: string | undefined;
  readonly skipTLSVerify?: boolean | undefined;
}

/** What every AWS SDK v3 client takes from the check: spread into its constructor. */
export interface AwsClientConfig {
  readonly region: string;
  readonly endpoint?: string;
  /** Left out: the SDK's default chain (environment, profile, instance role), as upstream. */
  readonly credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  readonly requestHandler: { httpAgent: http.Agent; httpsAgent: https.Agent };
  readonly maxAttempts: number;
}

/**
 * Resolves the check's own fields over its saved connection's (url → endpoint, username →
 * access key, password → secret key, properties.region), as the folder check's S3 source does.
 */
export async function awsClientConfig(
  spec: AwsConnectionSpec,
  ctx: CheckRunContext,
): Promise<AwsClientConfig> {
  const saved = spec.connection ? await ctx.connection(spec.connection, spec.endpoint) : undefined;
  const savedRegion = saved?.properties.region;
  const region =
    spec.region ?? (typeof savedRegion === 'string' ? savedRegion : undefined) ?? 'us-east-1';
  const accessKeyId = (await ctx.resolveValue(spec.accessKey)) ?? saved?.username ?? undefined;
  const secretAccessKey = (await ctx.resolveValue(spec.secretKey)) ?? saved?.password ?? undefined;
  const sessionToken = await ctx.resolveValue(spec.sessionToken);
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new CheckConfigError('needs both accessKey and secretKey, or neither');
  }
  const endpoint = spec.endpoint ?? saved?.url ?? undefined;
  const insecure = spec.skipTLSVerify ?? saved?.insecureTls ?? false;
  return {
    region,
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined
      ? {
          credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
        }
      : {}),
    // One attempt per run: the schedule is the retry, and a timeout stays one timeout.
    maxAttempts: 1,
    requestHandler: {
      httpAgent: new http.Agent({ keepAlive: false }),
      httpsAgent: new https.Agent({ keepAlive: false, rejectUnauthorized: !insecure }),
    },
  };
}

/** Where the check's requests go, for the checks list. */
export function awsEndpoint(spec: AwsConnectionSpec, suffix = ''): string | undefined {
  const base = spec.endpoint ?? spec.region ?? spec.connection;
  return base === undefined ? undefined : `${base}${suffix}`;
}

/** SDK errors carry the service's code as `name` (AccessDenied, NoSuchBucket …). */
export function awsErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
  return `${code}${error.message || 'no message'}`;
}

/** SDK answers hold Dates; checks expose them as RFC 3339 text, as canary-checker's JSON does. */
export function plainData(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainData);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '$metadata')
        .map(([key, inner]) => [key, plainData(inner)]),
    );
  }
  return value;
}

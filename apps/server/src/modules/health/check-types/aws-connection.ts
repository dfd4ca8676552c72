import { awsTransport, type AwsClientConfig } from '../../../platform/aws-sdk.ts';
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
  // The server's own AWS identity (environment, instance role) never goes to a spec's endpoint.
  if (endpoint && accessKeyId === undefined) {
    throw new CheckConfigError('accessKey and secretKey are required with an endpoint');
  }
  const insecure = spec.skipTLSVerify ?? saved?.insecureTls ?? false;
  return {
    region,
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined
      ? {
          credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
        }
      : {}),
    ...awsTransport(insecure),
  };
}

/** Where the check's requests go, for the checks list. */
export function awsEndpoint(spec: AwsConnectionSpec, suffix = ''): string | undefined {
  const base = spec.endpoint ?? spec.region ?? spec.connection;
  return base === undefined ? undefined : `${base}${suffix}`;
}

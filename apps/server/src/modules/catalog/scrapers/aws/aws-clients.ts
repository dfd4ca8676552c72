import { awsTransport, type AwsClientConfig } from '../../../../platform/aws-sdk.ts';
import { ScrapeConfigError, type ScrapeContext } from '../scraper-type.ts';
import type { AwsEntry } from './aws-entry.ts';

export interface AwsAccess {
  /** The regions scraped, in the spec's order. */
  readonly regions: readonly string[];
  configFor(region: string): AwsClientConfig;
}

const defaultRegion = 'us-east-1';

/**
 * The entry's own keys over its connection's (username → access key, password → secret key,
 * url → endpoint, properties.region). The connection check pairs `endpoint` with it.
 */
export async function awsAccess(ctx: ScrapeContext, entry: AwsEntry): Promise<AwsAccess> {
  const saved = entry.connection ? await ctx.connection(entry.connection, entry.endpoint) : null;
  const accessKeyId = (await ctx.resolveValue(entry.accessKey)) ?? saved?.username ?? undefined;
  const secretAccessKey = (await ctx.resolveValue(entry.secretKey)) ?? saved?.password ?? undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ScrapeConfigError('aws: needs both accessKey and secretKey, or neither');
  }
  const endpoint = entry.endpoint ?? saved?.url ?? undefined;
  // The server's own AWS identity (environment, instance role) never goes to a spec's endpoint.
  if (endpoint && accessKeyId === undefined) {
    throw new ScrapeConfigError('aws: accessKey and secretKey are required with an endpoint');
  }
  const savedRegion = saved?.properties.region;
  const fallback = typeof savedRegion === 'string' && savedRegion ? savedRegion : defaultRegion;
  const regions = entry.region && entry.region.length > 0 ? entry.region : [fallback];
  const insecure = entry.skipTLSVerify ?? saved?.insecureTls ?? false;
  const credentials =
    accessKeyId !== undefined && secretAccessKey !== undefined
      ? { accessKeyId, secretAccessKey }
      : undefined;
  return {
    regions,
    configFor: (region) => ({
      region,
      ...(endpoint ? { endpoint } : {}),
      ...(credentials ? { credentials } : {}),
      ...awsTransport(insecure),
    }),
  };
}

/** EC2's `[{Key, Value}]` tags as a map. */
export function tagMap(
  tags: ReadonlyArray<{ Key?: string | undefined; Value?: string | undefined }> | undefined,
): Record<string, string> {
  const map: Record<string, string> = {};
  for (const tag of tags ?? []) if (tag.Key !== undefined) map[tag.Key] = tag.Value ?? '';
  return map;
}

import {
  CloudTrailClient,
  LookupEventsCommand,
  type Event,
  type Resource,
} from '@aws-sdk/client-cloudtrail';
import { z } from 'zod';
import { parseDuration } from '../../../../platform/durations.ts';
import type { ScrapeResult, ScrapedChange } from '../scrape-result.ts';
import { type AwsClientConfig } from '../../../../platform/aws-sdk.ts';
import { excludes, type AwsEntry } from './aws-entry.ts';

/** config-db's default of cloudtrail.maxAge. */
const defaultMaxAgeMs = 7 * 86_400_000;

/** The parts of a CloudTrail record (`CloudTrailEvent`, JSON text) a change is made from. */
const trailRecord = z
  .object({
    recipientAccountId: z.string().optional(),
    userIdentity: z
      .object({
        type: z.string().optional(),
        arn: z.string().optional(),
        userName: z.string().optional(),
        principalId: z.string().optional(),
        sessionContext: z
          .object({
            sessionIssuer: z.object({ userName: z.string().optional() }).loose().optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    resources: z.array(z.object({ ARN: z.string().optional() }).loose()).optional(),
  })
  .loose();
type TrailRecord = z.infer<typeof trailRecord>;

export interface CloudTrailScrape {
  config: AwsClientConfig;
  entry: AwsEntry;
  region: string;
  signal: AbortSignal;
  result: ScrapeResult;
}

/**
 * LookupEvents of the last `cloudtrail.maxAge`: each write event becomes one change per
 * resource it names, on the item of that resource (kept as an orphan until the item exists).
 */
export async function scrapeCloudTrail(scrape: CloudTrailScrape): Promise<void> {
  const { entry, region, signal, result } = scrape;
  if (excludes(entry, 'cloudtrail')) return;
  const maxAge = entry.cloudtrail?.maxAge;
  const maxAgeMs = (maxAge === undefined ? undefined : parseDuration(maxAge)) ?? defaultMaxAgeMs;
  const client = new CloudTrailClient(scrape.config);
  const events: Event[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new LookupEventsCommand({ StartTime: new Date(Date.now() - maxAgeMs), NextToken: token }),
        { abortSignal: signal },
      );
      events.push(...(page.Events ?? []));
      token = page.NextToken;
    } while (token);
  } finally {
    client.destroy();
  }
  const skipped = entry.cloudtrail?.exclude ?? [];
  for (const event of events) {
    const name = event.EventName ?? '';
    if (skipped.some((prefix) => name.startsWith(prefix))) continue;
    // config-db turns AssumeRole* into access logs, not changes; read-only calls change nothing.
    if (name.startsWith('AssumeRole') || event.ReadOnly === 'true') continue;
    const record = parseRecord(event.CloudTrailEvent);
    const resources = event.Resources?.length ? event.Resources : [{}];
    for (const resource of resources) {
      const change = eventChange(event, resource, record, region);
      if (change) result.changes.push(change);
    }
  }
}

function parseRecord(text: string | undefined): TrailRecord {
  try {
    const parsed = trailRecord.safeParse(JSON.parse(text ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** config-db's cloudtrailEventToChange; undefined when no resource names the item. */
function eventChange(
  event: Event,
  resource: Resource,
  record: TrailRecord,
  region: string,
): ScrapedChange | undefined {
  let externalId = resource.ResourceName ?? '';
  let type = resource.ResourceType ?? '';
  const arn = record.resources?.find((named) => named.ARN)?.ARN;
  if (arn) {
    externalId = arn;
    if (!type.startsWith('AWS::')) {
      type = /^arn:[^:]*:ecr(-public)?:/.test(arn) ? 'AWS::ECR::Repository' : '';
    }
  }
  if (externalId === '' || type === '') return undefined;
  const createdBy = creator(record);
  let details: unknown = event.CloudTrailEvent;
  try {
    details = JSON.parse(event.CloudTrailEvent ?? '');
  } catch {
    // Kept as the text CloudTrail gave.
  }
  return {
    config: { type, externalId },
    ...(event.EventId ? { externalChangeId: event.EventId } : {}),
    changeType: event.EventName ?? '',
    source: `AWS::CloudTrail::${region}:${record.recipientAccountId ?? ''}`,
    details,
    ...(createdBy ? { createdBy } : {}),
    ...(event.EventTime ? { createdAt: event.EventTime } : {}),
  };
}

/** Who made the call, as config-db names them per identity type. */
function creator(record: TrailRecord): string | undefined {
  const identity = record.userIdentity;
  if (!identity) return undefined;
  if (identity.type === 'AssumedRole') {
    if (identity.principalId) return identity.sessionContext?.sessionIssuer?.userName;
    return identity.arn?.split('/').pop();
  }
  if (identity.type === 'IAMUser') return identity.userName;
  return identity.arn;
}

import { EC2Client } from '@aws-sdk/client-ec2';
import { emptyScrapeResult, type ScrapeResult } from '../scrape-result.ts';
import { defineScraperType } from '../scraper-type.ts';
import { awsAccess } from './aws-clients.ts';
import { awsErrorText } from '../../../../platform/aws-sdk.ts';
import { scrapeCloudTrail } from './aws-cloudtrail.ts';
import { scrapeEc2 } from './aws-ec2.ts';
import { awsEntry } from './aws-entry.ts';
import { scrapeIamRoles, scrapeS3Buckets } from './aws-global.ts';

/** IAM and S3 are account-wide: config-db reads them once, through us-east-1. */
const globalRegion = 'us-east-1';

/**
 * `spec.aws[]`: per region, EC2 instances, VPCs, subnets and security groups (with their
 * relationships) and CloudTrail write events as changes; once, IAM roles and S3 buckets. Every
 * call goes through the AWS SDK v3 to the AWS endpoints, or to `endpoint` when set.
 */
export const awsScraperType = defineScraperType({
  name: 'aws',
  specKey: 'aws',
  schema: awsEntry,
  async scrape(ctx, entry) {
    const access = await awsAccess(ctx, entry);
    const result = emptyScrapeResult();
    const signal = ctx.signal;
    for (const region of access.regions) {
      const client = new EC2Client(access.configFor(region));
      try {
        await scrapeEc2({ client, entry, region, signal, result });
      } catch (error) {
        failed(result, `EC2 in ${region}`, error, signal);
      } finally {
        client.destroy();
      }
      const config = access.configFor(region);
      await scrapeCloudTrail({ config, entry, region, signal, result }).catch((error: unknown) =>
        failed(result, `CloudTrail in ${region}`, error, signal),
      );
    }
    const config = access.configFor(globalRegion);
    await scrapeIamRoles({ config, entry, signal, result }).catch((error: unknown) =>
      failed(result, 'IAM roles', error, signal),
    );
    await scrapeS3Buckets({ config, entry, signal, result }).catch((error: unknown) =>
      failed(result, 'S3 buckets', error, signal),
    );
    return withKnownEnds(result);
  },
});

/** A failed read is an error of the run (nothing is ingested); a timeout stays a timeout. */
function failed(result: ScrapeResult, what: string, error: unknown, signal: AbortSignal): void {
  if (signal.aborted) throw error;
  result.errors.push(`aws: ${what}: ${awsErrorText(error)}`);
}

/** Relationships to items this entry did not scrape (left out by `include`) are dropped. */
function withKnownEnds(result: ScrapeResult): ScrapeResult {
  const known = new Set(result.items.map((item) => `${item.type}\u0000${item.externalId}`));
  const has = (ref: { type: string; externalId: string }) =>
    known.has(`${ref.type}\u0000${ref.externalId}`);
  return {
    ...result,
    relationships: result.relationships.filter((link) => has(link.config) && has(link.related)),
  };
}

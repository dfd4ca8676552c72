import { IAMClient, ListRolesCommand, type Role } from '@aws-sdk/client-iam';
import { ListBucketsCommand, S3Client, type Bucket } from '@aws-sdk/client-s3';
import { z } from 'zod';
import type { ScrapeResult } from '../scrape-result.ts';
import { plainData, type AwsClientConfig } from '../../../../platform/aws-sdk.ts';
import { excluded, includes, type AwsEntry } from './aws-entry.ts';

export const iamRoleType = 'AWS::IAM::Role';
export const s3BucketType = 'AWS::S3::Bucket';

/** The account-wide reads, made once per entry in us-east-1 as config-db does. */
export interface GlobalScrape {
  config: AwsClientConfig;
  entry: AwsEntry;
  signal: AbortSignal;
  result: ScrapeResult;
}

/** IAM roles: keyed by RoleId, aliased by ARN and config-db's `aws://iam-role/<acct>/<name>`. */
export async function scrapeIamRoles(scrape: GlobalScrape): Promise<void> {
  const { entry, signal, result } = scrape;
  if (!includes(entry, 'Roles')) return;
  const client = new IAMClient(scrape.config);
  const found: Role[] = [];
  try {
    let marker: string | undefined;
    do {
      const page = await client.send(new ListRolesCommand({ Marker: marker }), {
        abortSignal: signal,
      });
      found.push(...(page.Roles ?? []));
      marker = page.IsTruncated ? page.Marker : undefined;
    } while (marker);
  } finally {
    client.destroy();
  }
  for (const role of found) {
    const name = role.RoleName ?? '';
    if (excluded(entry, iamRoleType, name, undefined)) continue;
    const arn = role.Arn ?? '';
    const account = arn.split(':')[4] ?? '';
    const config = plainData(role);
    result.items.push({
      externalId: role.RoleId ?? arn,
      aliases: [arn, `aws://iam-role/${account}/${name}`].filter((alias) => alias !== ''),
      type: iamRoleType,
      configClass: 'Role',
      name,
      config:
        typeof config === 'object' && config !== null
          ? { ...config, AssumeRolePolicyDocument: policyDocument(role.AssumeRolePolicyDocument) }
          : config,
      ...(account ? { tags: { account } } : {}),
      ...(role.CreateDate ? { createdAt: role.CreateDate } : {}),
    });
  }
}

const trustPolicy = z
  .object({
    Statement: z.array(
      z
        .object({
          Principal: z
            .object({ Service: z.union([z.string(), z.array(z.string())]).optional() })
            .loose()
            .optional(),
        })
        .loose(),
    ),
  })
  .loose();

/**
 * IAM answers the trust policy URL-encoded: stored decoded, with service principal lists sorted
 * so that reordering is no change (as config-db). Kept as text when it is not JSON.
 */
export function policyDocument(encoded: string | undefined): unknown {
  if (encoded === undefined) return undefined;
  let document: unknown;
  try {
    document = JSON.parse(decodeURIComponent(encoded.replace(/\+/g, ' ')));
  } catch {
    return encoded;
  }
  const policy = trustPolicy.safeParse(document);
  if (!policy.success) return document;
  for (const statement of policy.data.Statement) {
    const services = statement.Principal?.Service;
    if (Array.isArray(services)) services.sort();
  }
  return policy.data;
}

/** S3 buckets: keyed by name, aliased `AmazonS3/<name>` and by ARN. */
export async function scrapeS3Buckets(scrape: GlobalScrape): Promise<void> {
  const { entry, signal, result } = scrape;
  if (!includes(entry, 'S3Bucket')) return;
  // A custom endpoint has no bucket subdomains: path style, as every S3 fake and MinIO want.
  const client = new S3Client({ ...scrape.config, forcePathStyle: true });
  const found: Bucket[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(new ListBucketsCommand({ ContinuationToken: token }), {
        abortSignal: signal,
      });
      found.push(...(page.Buckets ?? []));
      token = page.ContinuationToken;
    } while (token);
  } finally {
    client.destroy();
  }
  for (const bucket of found) {
    const name = bucket.Name ?? '';
    if (excluded(entry, s3BucketType, name, undefined)) continue;
    result.items.push({
      externalId: name,
      aliases: [`AmazonS3/${name}`, `arn:aws:s3:::${name}`],
      type: s3BucketType,
      configClass: 'ObjectStorage',
      name,
      // config-db ignores the name and creation date in the bucket's document.
      config: plainData({ ...bucket, Name: undefined, CreationDate: undefined }),
      ...(bucket.BucketRegion ? { tags: { region: bucket.BucketRegion } } : {}),
      ...(bucket.CreationDate ? { createdAt: bucket.CreationDate } : {}),
    });
  }
}

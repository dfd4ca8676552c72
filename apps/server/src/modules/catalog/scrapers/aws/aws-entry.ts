import { z } from 'zod';
import { parseDuration } from '../../../../platform/durations.ts';
import { envVar } from '../../../../platform/values/env-var.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { matchItems } from '../rest-json.ts';

const notYet = (what: string) => `is not supported yet: ${what}`;

const exclusion = z
  .object({
    type: z.string().optional().describe('Config types or globs, comma separated'),
    name: z.string().optional().describe('Names or globs, comma separated'),
    tags: z
      .record(z.string(), z.string())
      .optional()
      .describe('Tag values or globs, all must match'),
  })
  .strict();

const cloudtrail = z
  .object({
    exclude: z.array(z.string()).optional().describe('Event name prefixes not recorded'),
    maxAge: z
      .string()
      .optional()
      .refine((age) => age === undefined || parseDuration(age) !== undefined, {
        message: 'must be a duration such as 24h or 7d',
      })
      .describe('How far back events are looked up; 7d by default'),
  })
  .strict();

/** config-db's `AWS` scraper: its AWSConnection inlined, with regions as a list. */
export const awsEntry = scraperEntry({
  connection: z
    .string()
    .optional()
    .describe('connection://ns/name: username is the access key, password the secret key'),
  accessKey: envVar.optional(),
  secretKey: envVar.optional(),
  assumeRole: z
    .string()
    .optional()
    .refine((role) => role === undefined, notYet('assuming a role needs AWS STS')),
  endpoint: z.url().optional().describe('Sent every AWS request instead of the AWS endpoints'),
  skipTLSVerify: z.boolean().optional(),
  region: z.array(z.string().min(1)).optional().describe('Regions scraped; us-east-1 when unset'),
  compliance: z
    .boolean()
    .optional()
    .refine((on) => on !== true, notYet('AWS Config compliance')),
  cloudtrail: cloudtrail.optional(),
  include: z
    .array(z.string())
    .optional()
    .describe('Resources scraped: EC2instance, VPC, subnet, SecurityGroup, Roles, S3Bucket'),
  exclude: z.array(z.string()).optional().describe('Resources skipped, e.g. cloudtrail'),
  exclusions: z.array(exclusion).optional().describe('Items skipped by type, name and tags'),
  costReporting: z
    .record(z.string(), z.unknown())
    .optional()
    .refine((cost) => cost === undefined, notYet('cost comes from the Cost and Usage Report job')),
});
export type AwsEntry = z.infer<typeof awsEntry>;

/** config-db leaves these out unless `include` names them. */
const defaultExclusions = ['ecstaskdefinition'];

/** config-db's AWS.Includes: `include` names resources case-insensitively; all when unset. */
export function includes(entry: AwsEntry, resource: string): boolean {
  const wanted = resource.toLowerCase();
  if (!entry.include || entry.include.length === 0) return !defaultExclusions.includes(wanted);
  return entry.include.some((name) => name.toLowerCase() === wanted);
}

/** config-db's AWS.Excludes: `exclude` names resources case-insensitively. */
export function excludes(entry: AwsEntry, resource: string): boolean {
  const wanted = resource.toLowerCase();
  if (!entry.exclude || entry.exclude.length === 0) return defaultExclusions.includes(wanted);
  return entry.exclude.some((name) => name.toLowerCase() === wanted);
}

const patterns = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** config-db's AWSExclusions: any rule whose given fields all match skips the item. */
export function excluded(
  entry: AwsEntry,
  type: string,
  name: string,
  tags: Record<string, string> | undefined,
): boolean {
  return (entry.exclusions ?? []).some((rule) => {
    if (!rule.type && !rule.name && !rule.tags) return false;
    if (rule.type && !matchItems(type, patterns(rule.type))) return false;
    if (rule.name && !matchItems(name, patterns(rule.name))) return false;
    if (rule.tags) {
      if (!tags) return false;
      for (const [key, pattern] of Object.entries(rule.tags)) {
        const value = tags[key];
        if (value === undefined || !matchItems(value, [pattern])) return false;
      }
    }
    return true;
  });
}

import { z } from 'zod';
import { envVar } from '../../../../platform/values/env-var.ts';
import { applyChangeRules } from '../../scrape-spec/change-rules.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { applyExclusions, applyMasks } from '../../scrape-spec/transform-apply.ts';
import type { TransformSpec } from '../../scrape-spec/transform.ts';
import { emptyScrapeResult, type ScrapeResult } from '../scrape-result.ts';
import { matchItems } from '../rest-json.ts';
import { ScrapeConfigError, defineScraperType, type ScrapeContext } from '../scraper-type.ts';
import {
  activityChanges,
  activityEvent,
  activityLogApiVersion,
  activityLogFilter,
  activityLogMaxAgeMs,
  activityLogPath,
  activityLogSelect,
} from './azure-activity.ts';
import {
  advisorAnalysis,
  advisorApiVersion,
  advisorPath,
  recommendation,
} from './azure-advisor.ts';
import {
  armClient,
  defaultArmEndpoint,
  defaultAuthorityHost,
  type ArmClient,
  type ArmCredentials,
} from './azure-arm.ts';
import {
  armResource,
  itemType,
  resourceGroupRelationship,
  resourceItem,
  resourceKinds,
} from './azure-resources.ts';

/** config-db's `include` names; the ones not scraped here yet fail the run, never silently. */
const scraped = new Set([...resourceKinds.map((kind) => kind.include), 'activityLogs', 'advisor']);
const notYet = new Set([
  'appServices',
  'subscriptions',
  'containerRegistries',
  'databases',
  'dns',
  'firewalls',
  'loadBalancers',
  'privateDNS',
  'publicIPs',
  'securityGroups',
  'trafficManager',
]);

const includeName = z.string().refine(
  (name) => {
    const plain = name.trim().replace(/^!/, '');
    return plain.includes('*') || scraped.has(plain) || notYet.has(plain);
  },
  { message: `is not one of ${[...scraped, ...notYet].join(', ')}` },
);

const azureEntry = scraperEntry({
  connection: z
    .string()
    .optional()
    .describe(
      'connection://ns/name (azure): username the client id, password the client secret, ' +
        'property tenant; its url replaces the ARM endpoint, property authorityHost the login host',
    ),
  subscriptionID: z.string().min(1, 'is required'),
  clientID: envVar.optional(),
  clientSecret: envVar.optional(),
  tenantID: z.string().optional(),
  include: z.array(includeName).optional().describe('Resource kinds or globs; all when unset'),
  exclusions: z
    .object({
      activityLogs: z.array(z.string()).optional().describe('Operation names not recorded'),
    })
    .strict()
    .optional(),
  entra: z.record(z.string(), z.unknown()).optional(),
});
type AzureEntry = z.infer<typeof azureEntry>;

/** config-db drops etags: they change on every write and would record noise. */
const defaultExcludes = [{ jsonpath: '$..etag' }];

/**
 * `spec.azure[]`: resource groups, virtual machines, virtual networks, AKS clusters and storage
 * accounts of one subscription through Azure Resource Manager, related to their resource group;
 * the activity log becomes changes and Advisor recommendations become insights.
 */
export const azureScraperType = defineScraperType({
  name: 'azure',
  specKey: 'azure',
  schema: azureEntry,
  async scrape(ctx, entry) {
    if (entry.entra !== undefined) throw new ScrapeConfigError('azure: entra is not supported yet');
    for (const name of entry.include ?? []) {
      const plain = name.trim();
      if (notYet.has(plain))
        throw new ScrapeConfigError(`azure: include ${plain} is not supported yet`);
    }
    const arm = armClient(await credentialsFor(ctx, entry), ctx.signal);
    const subscription = entry.subscriptionID;
    const includes = (name: string) => matchItems(name, entry.include);
    const result = emptyScrapeResult();
    const transform: TransformSpec = {
      ...entry.transform,
      exclude: [...defaultExcludes, ...(entry.transform?.exclude ?? [])],
    };
    for (const kind of resourceKinds) {
      if (!includes(kind.include)) continue;
      const query = { 'api-version': kind.apiVersion };
      for (const resource of await arm.list(kind.path(subscription), query, armResource)) {
        const type = itemType(kind.armType);
        const config = structuredClone(resource);
        applyExclusions(transform, type, config);
        applyMasks(transform, config);
        const item = resourceItem(kind, subscription, resource, config);
        result.items.push(item);
        const relationship = resourceGroupRelationship(subscription, item);
        if (relationship) result.relationships.push(relationship);
      }
    }
    if (includes('activityLogs')) await addActivityLog(arm, entry, result);
    if (includes('advisor')) await addAdvisor(arm, subscription, result);
    result.changes = applyChangeRules(transform, result.changes);
    return result;
  },
});

async function addActivityLog(arm: ArmClient, entry: AzureEntry, result: ScrapeResult) {
  const since = new Date(Date.now() - activityLogMaxAgeMs);
  const events = await arm.list(
    activityLogPath(entry.subscriptionID),
    {
      'api-version': activityLogApiVersion,
      $filter: activityLogFilter(since),
      $select: activityLogSelect,
    },
    activityEvent,
  );
  result.changes.push(...activityChanges(events, entry.exclusions?.activityLogs ?? []));
}

async function addAdvisor(arm: ArmClient, subscription: string, result: ScrapeResult) {
  const query = { 'api-version': advisorApiVersion };
  for (const item of await arm.list(advisorPath(subscription), query, recommendation)) {
    const analysis = advisorAnalysis(item);
    if (analysis) result.analysis.push(analysis);
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** From the connection when given (as config-db's AzureConnection), else the entry's own fields. */
async function credentialsFor(ctx: ScrapeContext, entry: AzureEntry): Promise<ArmCredentials> {
  const stored = entry.connection ? await ctx.connection(entry.connection) : null;
  // Its secret goes to Azure's login host: only an azure connection is meant for that.
  if (stored && stored.type !== 'azure') {
    throw new ScrapeConfigError(`azure: ${entry.connection ?? ''} is a ${stored.type} connection`);
  }
  const clientId = text(stored?.username) ?? text(await ctx.resolveValue(entry.clientID));
  const clientSecret = stored?.password ?? (await ctx.resolveValue(entry.clientSecret));
  const tenantId = text(stored?.properties.tenant) ?? text(entry.tenantID);
  if (!clientId) throw new ScrapeConfigError('azure: clientID is required (or a connection)');
  if (!clientSecret) {
    throw new ScrapeConfigError('azure: clientSecret is required (or a connection)');
  }
  if (!tenantId) throw new ScrapeConfigError('azure: tenantID is required (or a connection)');
  return {
    tenantId,
    clientId,
    clientSecret,
    armEndpoint: text(stored?.url) ?? defaultArmEndpoint,
    authorityHost: text(stored?.properties.authorityHost) ?? defaultAuthorityHost,
    ca: text(stored?.certificate),
  };
}

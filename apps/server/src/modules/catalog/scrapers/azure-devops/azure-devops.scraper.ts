import { z } from 'zod';
import { parseDuration } from '../../../../platform/durations.ts';
import { envVar } from '../../../../platform/values/env-var.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { emptyScrapeResult } from '../scrape-result.ts';
import { getJson, matchItems } from '../rest-json.ts';
import { ScrapeConfigError, defineScraperType, type ScrapeContext } from '../scraper-type.ts';
import { adoPipeline, adoRun, pipelineItem, runChange } from './azure-runs.ts';

const azureDevopsEntry = scraperEntry({
  connection: z
    .string()
    .optional()
    .describe('connection://ns/name: username is the organization, password the token'),
  organization: z.string().optional(),
  personalAccessToken: envVar.optional(),
  projects: z.array(z.string()).optional().describe('Project names or globs; all when unset'),
  pipelines: z.array(z.string()).optional().describe('Pipeline names or globs; all when unset'),
  maxAge: z.string().optional().describe('Runs created within this duration; 7d by default'),
  permissions: z.record(z.string(), z.unknown()).optional(),
  releases: z.array(z.string()).optional(),
  repositories: z.array(z.string()).optional(),
  auditLog: z.record(z.string(), z.unknown()).optional(),
});
type AzureDevopsEntry = z.infer<typeof azureDevopsEntry>;

const defaultApi = 'https://dev.azure.com';
const apiVersion = '7.1';
const list = <T extends z.ZodType>(item: T) => z.object({ value: z.array(item) }).loose();
const project = z.object({ id: z.string().optional(), name: z.string() }).loose();

/**
 * `spec.azureDevops[]`: each pipeline of the chosen projects becomes an `AzureDevops::Pipeline`
 * item and its runs of the last `maxAge` become changes, through the Azure DevOps REST API.
 */
export const azureDevopsScraperType = defineScraperType({
  name: 'azureDevops',
  specKey: 'azureDevops',
  schema: azureDevopsEntry,
  async scrape(ctx, entry) {
    for (const unsupported of ['permissions', 'releases', 'repositories', 'auditLog'] as const) {
      if (entry[unsupported] !== undefined) {
        throw new ScrapeConfigError(`azureDevops: ${unsupported} is not supported yet`);
      }
    }
    const maxAgeMs = entry.maxAge === undefined ? 7 * 86_400_000 : parseDuration(entry.maxAge);
    if (maxAgeMs === undefined) {
      throw new ScrapeConfigError(`azureDevops: maxAge ${entry.maxAge ?? ''} is not a duration`);
    }
    const api = await apiFor(ctx, entry);
    const cutoff = Date.now() - maxAgeMs;
    const result = emptyScrapeResult();
    const projects = await api.get('/_apis/projects', list(project));
    for (const { name: projectName } of projects.value) {
      if (!matchItems(projectName, entry.projects)) continue;
      const path = `/${encodeURIComponent(projectName)}/_apis/pipelines`;
      const pipelines = await api.get(path, list(adoPipeline));
      for (const pipeline of pipelines.value) {
        if (!matchItems(pipeline.name, entry.pipelines)) continue;
        result.items.push(pipelineItem(api.organization, projectName, pipeline));
        const runs = await api.get(`${path}/${pipeline.id}/runs`, list(adoRun));
        for (const run of runs.value) {
          if (Date.parse(run.createdDate) < cutoff) continue;
          result.changes.push(runChange(api.organization, projectName, pipeline, run));
        }
      }
    }
    return result;
  },
});

interface AdoApi {
  organization: string;
  get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>>;
}

async function apiFor(ctx: ScrapeContext, entry: AzureDevopsEntry): Promise<AdoApi> {
  const stored = entry.connection ? await ctx.connection(entry.connection) : null;
  const organization = stored?.username ?? entry.organization;
  if (!organization) {
    throw new ScrapeConfigError('azureDevops: organization is required (or a connection username)');
  }
  const token = stored?.password ?? (await ctx.resolveValue(entry.personalAccessToken));
  if (!token) {
    throw new ScrapeConfigError('azureDevops: personalAccessToken is required (or a connection)');
  }
  const headers = new Headers({ accept: 'application/json' });
  // Azure DevOps takes a PAT as the password of Basic auth; config-db sends the org as user.
  headers.set(
    'authorization',
    `Basic ${Buffer.from(`${organization}:${token}`).toString('base64')}`,
  );
  const base = `${(stored?.url ?? defaultApi).replace(/\/+$/, '')}/${encodeURIComponent(organization)}`;
  return {
    organization,
    get: (path, schema) => {
      const url = new URL(`${base}${path}`);
      url.searchParams.set('api-version', apiVersion);
      return getJson('azureDevops', url, headers, schema, ctx.signal);
    },
  };
}

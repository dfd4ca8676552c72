import { z } from 'zod';
import { envVar } from '../../../../platform/values/env-var.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { emptyScrapeResult } from '../scrape-result.ts';
import { getJson, matchItems } from '../rest-json.ts';
import { defineScraperType, type ScrapeContext } from '../scraper-type.ts';
import {
  githubRun,
  githubWorkflow,
  runChange,
  workflowExternalId,
  workflowHealth,
  workflowProperties,
  workflowType,
  type GithubRun,
  type GithubWorkflow,
} from './github-runs.ts';

const githubActionsEntry = scraperEntry({
  owner: z.string().min(1, 'is required'),
  repository: z.string().min(1, 'is required'),
  personalAccessToken: envVar.optional(),
  connection: z
    .string()
    .optional()
    .describe('connection://ns/name: its password is the token, its url the API base'),
  workflows: z.array(z.string()).optional().describe('Workflow names or globs; all when unset'),
  status: z.string().optional(),
  actor: z.string().optional(),
  branch: z.string().optional(),
});
type GithubActionsEntry = z.infer<typeof githubActionsEntry>;

const defaultApi = 'https://api.github.com';
/** config-db's default of scrapers.githubactions.maxAge. */
const runMaxAgeMs = 7 * 86_400_000;
const perPage = 100;

const workflowsPage = z.object({ total_count: z.number(), workflows: z.array(githubWorkflow) });
const runsPage = z.object({ total_count: z.number(), workflow_runs: z.array(githubRun) });

/**
 * `spec.githubActions[]`: a repository's workflows become `GitHubAction::Workflow` items and
 * their runs of the last 7 days become changes, through GitHub's REST API.
 */
export const githubActionsScraperType = defineScraperType({
  name: 'githubActions',
  specKey: 'githubActions',
  schema: githubActionsEntry,
  async scrape(ctx, entry) {
    const api = await apiFor(ctx, entry);
    const result = emptyScrapeResult();
    for (const workflow of await listWorkflows(api)) {
      if (!matchItems(workflow.name, entry.workflows)) continue;
      const runs = await listRuns(api, entry, workflow);
      const health = workflowHealth(runs);
      result.items.push({
        externalId: workflowExternalId(workflow),
        aliases: [`${workflow.name}/${workflow.id}`],
        type: workflowType,
        configClass: 'Deployment',
        name: `${entry.repository}/${workflow.name}`,
        config: workflow,
        tags: { org: entry.owner },
        properties: workflowProperties(workflow),
        ...(workflow.created_at ? { createdAt: new Date(workflow.created_at) } : {}),
        ...(health ?? {}),
      });
      result.changes.push(...runs.map((run) => runChange(workflow, run)));
    }
    return result;
  },
});

interface GithubApi {
  base: string;
  repoPath: string;
  headers: Headers;
  signal: AbortSignal;
}

async function apiFor(ctx: ScrapeContext, entry: GithubActionsEntry): Promise<GithubApi> {
  const stored = entry.connection ? await ctx.connection(entry.connection) : null;
  const token = stored?.password ?? (await ctx.resolveValue(entry.personalAccessToken));
  const headers = new Headers({
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
  });
  if (token) headers.set('authorization', `Bearer ${token}`);
  const repoPath = `/repos/${encodeURIComponent(entry.owner)}/${encodeURIComponent(entry.repository)}`;
  return { base: stored?.url ?? defaultApi, repoPath, headers, signal: ctx.signal };
}

function urlOf(api: GithubApi, suffix: string, query: Record<string, string | undefined>): URL {
  const url = new URL(`${api.base.replace(/\/+$/, '')}${api.repoPath}${suffix}`);
  for (const [key, value] of Object.entries(query)) {
    if (value) url.searchParams.set(key, value);
  }
  return url;
}

async function listWorkflows(api: GithubApi): Promise<GithubWorkflow[]> {
  const found: GithubWorkflow[] = [];
  for (let page = 1; ; page++) {
    const query = { per_page: String(perPage), page: String(page) };
    const url = urlOf(api, '/actions/workflows', query);
    const answer = await getJson('githubActions', url, api.headers, workflowsPage, api.signal);
    found.push(...answer.workflows);
    if (answer.workflows.length === 0 || page * perPage >= answer.total_count) return found;
  }
}

/** Pages by `total_count`, as config-db; the API's Link URLs are never followed with the token. */
async function listRuns(
  api: GithubApi,
  entry: GithubActionsEntry,
  workflow: GithubWorkflow,
): Promise<GithubRun[]> {
  const since = new Date(Date.now() - runMaxAgeMs).toISOString().slice(0, 10);
  const found: GithubRun[] = [];
  for (let page = 1; ; page++) {
    const url = urlOf(api, `/actions/workflows/${workflow.id}/runs`, {
      status: entry.status,
      actor: entry.actor,
      branch: entry.branch,
      created: `>=${since}`,
      per_page: String(perPage),
      page: String(page),
    });
    const answer = await getJson('githubActions', url, api.headers, runsPage, api.signal);
    found.push(...answer.workflow_runs);
    if (answer.workflow_runs.length === 0 || page * perPage >= answer.total_count) return found;
  }
}

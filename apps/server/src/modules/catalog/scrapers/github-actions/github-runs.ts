import { z } from 'zod';
import type { ConfigHealth, ScrapedChange, Severity } from '../scrape-result.ts';
import { goDuration } from '../rest-json.ts';

/** config-db's type of a workflow item. */
export const workflowType = 'GitHubAction::Workflow';

const actor = z.object({ login: z.string().optional() }).loose().nullish();

export const githubWorkflow = z
  .object({
    id: z.number(),
    name: z.string(),
    path: z.string().optional(),
    state: z.string().optional(),
    created_at: z.string().optional(),
    html_url: z.string().optional(),
    badge_url: z.string().optional(),
  })
  .loose();
export type GithubWorkflow = z.infer<typeof githubWorkflow>;

export const githubRun = z
  .object({
    id: z.number(),
    run_number: z.number().optional(),
    name: z.string().nullish(),
    display_title: z.string().nullish(),
    head_branch: z.string().nullish(),
    head_sha: z.string().nullish(),
    event: z.string().nullish(),
    status: z.string().nullish(),
    conclusion: z.string().nullish(),
    html_url: z.string().nullish(),
    created_at: z.string(),
    updated_at: z.string().nullish(),
    run_started_at: z.string().nullish(),
    actor,
    triggering_actor: actor,
  })
  .loose();
export type GithubRun = z.infer<typeof githubRun>;

/** `failure` → `Failure`, `timed_out` → `TimedOut`, as lo.PascalCase. */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('');
}

/** config-db uses the conclusion as the severity; here it becomes the nearest Vigil severity. */
function severityOf(conclusion: string): Severity {
  if (conclusion === 'failure' || conclusion === 'startup_failure') return 'high';
  if (conclusion === 'timed_out') return 'medium';
  if (conclusion === 'cancelled' || conclusion === 'action_required') return 'low';
  return 'info';
}

function durationMs(run: GithubRun): number {
  return Date.parse(run.updated_at ?? run.created_at) - Date.parse(run.created_at);
}

/** config-db's summary: `<title> (branch: <branch>)`, with the duration once completed. */
export function runSummary(run: GithubRun): string {
  const summary = `${run.display_title ?? ''} (branch: ${run.head_branch ?? ''})`;
  return run.status === 'completed'
    ? `${summary}; duration: ${goDuration(durationMs(run))}`
    : summary;
}

export function workflowExternalId(workflow: GithubWorkflow): string {
  return `${workflow.id}/${workflow.name}`;
}

/** A run as a change of its workflow: `GitHubActionRun<Conclusion>`. */
export function runChange(workflow: GithubWorkflow, run: GithubRun): ScrapedChange {
  const conclusion = run.conclusion ?? '';
  return {
    config: { type: workflowType, externalId: workflowExternalId(workflow) },
    externalChangeId: `${workflow.name}/${workflow.id}/${run.id}`,
    changeType: `GitHubActionRun${pascalCase(conclusion)}`,
    severity: severityOf(conclusion),
    summary: runSummary(run),
    ...(run.triggering_actor?.login ? { source: run.triggering_actor.login } : {}),
    ...(run.actor?.login ? { createdBy: run.actor.login } : {}),
    createdAt: new Date(run.created_at),
    details: {
      id: run.id,
      run_number: run.run_number,
      name: run.name,
      display_title: run.display_title,
      event: run.event,
      status: run.status,
      conclusion: run.conclusion,
      head_branch: run.head_branch,
      head_sha: run.head_sha,
      html_url: run.html_url,
      created_at: run.created_at,
      updated_at: run.updated_at,
      run_started_at: run.run_started_at,
      duration_ms: durationMs(run),
    },
  };
}

/** The latest completed run (by run number) decides the workflow's health, as config-db. */
export function workflowHealth(
  runs: readonly GithubRun[],
): { health: ConfigHealth; status: string; ready: boolean } | undefined {
  let latest: GithubRun | undefined;
  for (const run of runs) {
    if (run.status !== 'completed') continue;
    if (!latest || (run.run_number ?? 0) > (latest.run_number ?? 0)) latest = run;
  }
  if (!latest) return undefined;
  const conclusion = latest.conclusion ?? '';
  const health: ConfigHealth =
    conclusion === 'success'
      ? 'healthy'
      : conclusion === 'failure'
        ? 'unhealthy'
        : conclusion === 'timed_out'
          ? 'warning'
          : 'unknown';
  return { health, status: pascalCase(conclusion), ready: true };
}

/** Badge, Source and URL properties, as config-db shows a workflow. */
export function workflowProperties(workflow: GithubWorkflow): Array<Record<string, unknown>> {
  const properties: Array<Record<string, unknown>> = [];
  const link = (name: string, type: string, url: string) => ({
    name,
    type,
    text: url,
    links: [{ url, type }],
  });
  if (workflow.badge_url) properties.push(link('Badge', 'badge', workflow.badge_url));
  if (workflow.html_url) {
    properties.push(link('Source', 'url', workflow.html_url));
    const segments = new URL(workflow.html_url).pathname.split('/');
    const file = segments.at(-1);
    if (segments.length > 3 && file) {
      const url = `https://github.com/${segments[1]}/${segments[2]}/actions/workflows/${file}`;
      properties.push(link('URL', 'url', url));
    }
  }
  return properties;
}

import { z } from 'zod';
import type { ScrapedChange, ScrapedItem } from '../scrape-result.ts';
import { goDuration } from '../rest-json.ts';

/** config-db's type of a pipeline item. */
export const pipelineType = 'AzureDevops::Pipeline';

const links = z.record(z.string(), z.object({ href: z.string() }).loose()).optional();

export const adoPipeline = z
  .object({
    id: z.number(),
    name: z.string(),
    url: z.string().optional(),
    folder: z.string().optional(),
    revision: z.number().optional(),
    _links: links,
  })
  .loose();
export type AdoPipeline = z.infer<typeof adoPipeline>;

export const adoRun = z
  .object({
    id: z.number(),
    name: z.string().optional(),
    state: z.string().optional(),
    result: z.string().optional(),
    createdDate: z.string(),
    finishedDate: z.string().optional(),
    duration: z.number().optional(),
    url: z.string().optional(),
    _links: links,
  })
  .loose();
export type AdoRun = z.infer<typeof adoRun>;

export function pipelineExternalId(organization: string, project: string, id: number): string {
  return `azuredevops://${organization}/${project}/pipeline/${id}`;
}

/** config-db's change types of a run's lifecycle (no approvals are read here). */
export function runChangeType(run: AdoRun): string {
  if (run.state === 'cancelling') return 'Cancelling';
  if (run.state === 'completed') {
    const byResult: Record<string, string> = {
      succeeded: 'Succeeded',
      failed: 'Failed',
      canceled: 'Cancelled',
      timedOut: 'TimedOut',
    };
    return byResult[run.result ?? ''] ?? 'InProgress';
  }
  return 'InProgress';
}

/** The run's duration: its `duration` (ms) when given, else finished − created. */
function durationMs(run: AdoRun): number {
  if (run.duration !== undefined) return run.duration;
  if (!run.finishedDate) return 0;
  return Date.parse(run.finishedDate) - Date.parse(run.createdDate);
}

export function runChange(
  organization: string,
  project: string,
  pipeline: AdoPipeline,
  run: AdoRun,
): ScrapedChange {
  const externalId = pipelineExternalId(organization, project, pipeline.id);
  // config-db: `info`, or `failed` for any result but succeeded; `failed` is `high` here.
  const failed = run.result !== undefined && run.result !== '' && run.result !== 'succeeded';
  return {
    config: { type: pipelineType, externalId },
    externalChangeId: `${organization}/${project}/${pipeline.id}/${run.id}`,
    changeType: runChangeType(run),
    severity: failed ? 'high' : 'info',
    source: `AzureDevops/pipeline/${externalId}`,
    summary: `${run.name ?? ''}, ${run.state ?? ''} in ${goDuration(durationMs(run))}`,
    createdAt: new Date(run.createdDate),
    details: {
      id: run.id,
      name: run.name,
      state: run.state,
      result: run.result,
      createdDate: run.createdDate,
      finishedDate: run.finishedDate,
      url: run._links?.web?.href ?? run.url,
    },
  };
}

/** A pipeline as config-db stores it when its YAML is not fetched. */
export function pipelineItem(
  organization: string,
  project: string,
  pipeline: AdoPipeline,
): ScrapedItem {
  const web = pipeline._links?.web?.href;
  const config: Record<string, unknown> = {
    id: pipeline.id,
    name: pipeline.name,
    url: pipeline.url,
    folder: pipeline.folder,
    revision: pipeline.revision,
    ...(web ? { webUrl: web } : {}),
  };
  return {
    externalId: pipelineExternalId(organization, project, pipeline.id),
    ...(web ? { aliases: [stableUrl(web)] } : {}),
    type: pipelineType,
    configClass: 'Deployment',
    name: pipeline.name,
    config,
    tags: { organization, project },
    ...(web ? { properties: [{ name: 'Source', links: [{ type: 'source', url: web }] }] } : {}),
  };
}

/** The web URL without its volatile `revision` parameter (config-db's Pipeline.GetID). */
function stableUrl(href: string): string {
  try {
    const url = new URL(href);
    url.searchParams.delete('revision');
    return url.toString();
  } catch {
    return href;
  }
}

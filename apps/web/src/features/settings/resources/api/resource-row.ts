import { z } from 'zod';
import type { ResourceDefinition } from '../model/resource-definition.ts';

const jobDetailsSchema = z
  .looseObject({
    errors: z.array(z.unknown()).nullish(),
    scrape_summary: z.unknown().optional(),
    summary: z.unknown().optional(),
  })
  .nullish()
  .catch(null);

const embedded = z.object({ id: z.string(), name: z.string().nullish() }).nullish();

/** One row of a settings list or detail (spec 002 §3 "Settings resource"). */
export const resourceRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  icon: z.string().nullish(),
  labels: z.record(z.string(), z.coerce.string()).nullish(),
  spec: z.unknown().optional(),
  source: z.string().nullish(),
  schedule: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  last_runtime: z.string().nullish(),
  job_status: z.string().nullish(),
  job_details: jobDetailsSchema,
  job_last_failed: z.string().nullish(),
  created_by: embedded,
  agent: embedded,
});
export type ResourceRow = z.output<typeof resourceRowSchema>;

/** The columns a table has, so that a select never names one it lacks. */
function baseColumns(definition: ResourceDefinition): string[] {
  const { fields } = definition;
  return [
    'id',
    'name',
    'source',
    'created_at',
    'updated_at',
    'created_by(id,name)',
    ...(fields.namespace ? ['namespace'] : []),
    ...(fields.icon ? ['icon'] : []),
    ...(fields.labels ? ['labels'] : []),
    ...(fields.schedule ? ['schedule'] : []),
    ...(definition.hasAgent ? ['agent(id,name)'] : []),
  ];
}

export function listSelect(definition: ResourceDefinition): string {
  const withStatus = definition.listView !== definition.table;
  const status = withStatus ? ['last_runtime', 'job_status', 'job_details', 'job_last_failed'] : [];
  return [...baseColumns(definition), ...status].join(',');
}

export function detailSelect(definition: ResourceDefinition): string {
  return [...baseColumns(definition), 'spec'].join(',');
}

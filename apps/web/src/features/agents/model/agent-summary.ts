import { agentKubernetesSchema } from '@vigil/domain';
import { z } from 'zod';

const count = z.coerce.number().int().min(0);
const timestamp = z.string().nullable();

/** One row of GET /api/db/agents_summary (docs/agents.md), with created_by embedded. */
export const agentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  properties: z.record(z.string(), z.string()).nullable(),
  kubernetes: agentKubernetesSchema.nullable().catch(null),
  config_count: count,
  checks_count: count,
  config_scrapper_count: count,
  playbook_runs_count: count,
  last_seen: timestamp,
  last_received: timestamp,
  created_at: z.string(),
  updated_at: timestamp,
  created_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
});

export type AgentSummary = z.infer<typeof agentSummarySchema>;

/** The columns the list and the drawer read; secrets are never in agents_summary. */
export const agentSummarySelect = [
  'id',
  'name',
  'description',
  'properties',
  'kubernetes',
  'config_count',
  'checks_count',
  'config_scrapper_count',
  'playbook_runs_count',
  'last_seen',
  'last_received',
  'created_at',
  'updated_at',
  'created_by(id,name)',
].join(',');

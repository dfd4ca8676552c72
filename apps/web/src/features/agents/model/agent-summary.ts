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
  created_by_config: z.string().nullable(),
  created_by_config_name: z.string().nullable(),
  created_by_component: z.string().nullable(),
  created_by_component_name: z.string().nullable(),
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
  'created_by_config',
  'created_by_config_name',
  'created_by_component',
  'created_by_component_name',
].join(',');

export type AgentCreator =
  | { readonly kind: 'link'; readonly label: string; readonly to: string }
  | { readonly kind: 'person'; readonly label: string };

/**
 * The Created By cell (spec 000 §2.6): a link to the catalog item or component that created the
 * agent, else the person who did.
 */
export function agentCreator(agent: AgentSummary): AgentCreator {
  // A name is there only while the item exists; otherwise the cell falls back to the person.
  if (agent.created_by_config && agent.created_by_config_name) {
    return {
      kind: 'link',
      label: agent.created_by_config_name,
      to: `/catalog/${agent.created_by_config}`,
    };
  }
  if (agent.created_by_component && agent.created_by_component_name) {
    return {
      kind: 'link',
      label: agent.created_by_component_name,
      to: `/topology/${agent.created_by_component}`,
    };
  }
  return { kind: 'person', label: agent.created_by?.name ?? '' };
}

import { agentPageSizes } from '@vigil/domain';
import { z } from 'zod';
import type { QueryValue } from '@/lib/http.ts';
import { agentSummarySelect } from './agent-summary.ts';

/** Columns the list sorts by on the server; keys are the URL's sortBy values. */
export const agentSortColumns = [
  'name',
  'config_count',
  'checks_count',
  'config_scrapper_count',
  'playbook_runs_count',
  'status',
  'last_received',
  'created_at',
  'updated_at',
] as const;
export type AgentSortColumn = (typeof agentSortColumns)[number];

export const defaultAgentPageSize = agentPageSizes[0];

const pageSize = z.coerce
  .number()
  .refine((size) => agentPageSizes.some((allowed) => allowed === size))
  .default(defaultAgentPageSize);

/** Query parameters of /agents (spec 000 §2.6, §7); a bad value falls back to its default. */
export const agentUrlSchema = z.object({
  sortBy: z.enum(agentSortColumns).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize,
  /** The agent whose drawer is open. */
  id: z.string().optional(),
  /** `true` opens the create form. */
  addAgent: z.enum(['true']).optional(),
});

export type AgentUrlState = z.output<typeof agentUrlSchema>;
export type AgentListParams = Pick<
  AgentUrlState,
  'sortBy' | 'sortOrder' | 'pageIndex' | 'pageSize'
>;

export function listParams(state: AgentUrlState): AgentListParams {
  const { sortBy, sortOrder, pageIndex, pageSize: size } = state;
  return { sortBy, sortOrder, pageIndex, pageSize: size };
}

/** The spec 000 §7 list call: GET /agents_summary with select, order, limit and offset. */
export function agentsListQuery(params: AgentListParams): Record<string, QueryValue> {
  // A stable tiebreaker keeps rows from moving between pages when the sort key repeats.
  const tiebreak = params.sortBy === 'name' ? '' : ',name.asc';
  return {
    select: agentSummarySelect,
    order: `${params.sortBy}.${params.sortOrder}.nullslast${tiebreak},id.asc`,
    limit: params.pageSize,
    offset: params.pageIndex * params.pageSize,
  };
}

/** Names and text sort A to Z first; counts and times largest or newest first. */
export function nextSort(
  state: Pick<AgentUrlState, 'sortBy' | 'sortOrder'>,
  column: AgentSortColumn,
): { sortBy: AgentSortColumn; sortOrder: 'asc' | 'desc' } {
  if (column === state.sortBy) {
    return { sortBy: column, sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc' };
  }
  return { sortBy: column, sortOrder: column === 'name' || column === 'status' ? 'asc' : 'desc' };
}

import type { AgentListParams } from '../model/agent-url-state.ts';

/** Query keys of agents; every mutation invalidates `all`, so lists and drawers refresh. */
export const agentKeys = {
  all: ['agents'] as const,
  list: (params: AgentListParams) => [...agentKeys.all, 'list', params] as const,
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
};

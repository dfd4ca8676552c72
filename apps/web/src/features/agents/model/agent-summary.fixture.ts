import type { AgentSummary } from './agent-summary.ts';

/** One agents_summary row for tests: a new, never-seen agent, with `overrides` applied. */
export function agentSummaryRow(overrides: Partial<AgentSummary> = {}): AgentSummary {
  return {
    id: 'a1',
    name: 'edge',
    description: null,
    properties: {},
    kubernetes: null,
    config_count: 0,
    checks_count: 0,
    config_scrapper_count: 0,
    playbook_runs_count: 0,
    last_seen: null,
    last_received: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    created_by: null,
    created_by_config: null,
    created_by_config_name: null,
    created_by_component: null,
    created_by_component_name: null,
    ...overrides,
  };
}

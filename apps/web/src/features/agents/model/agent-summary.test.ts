import { describe, expect, it } from 'vitest';
import { agentCreator, agentSummarySchema } from './agent-summary.ts';

const base = agentSummarySchema.parse({
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
  created_at: '2026-11-25T10:00:00Z',
  updated_at: null,
  created_by: { id: 'p1', name: 'Ada Admin' },
  created_by_config: null,
  created_by_component: null,
});

describe('agentCreator', () => {
  it('links to the catalog item that created the agent', () => {
    const agent = { ...base, created_by_config: { id: 'c1', name: 'eu-prod' } };
    expect(agentCreator(agent)).toEqual({ kind: 'link', label: 'eu-prod', to: '/catalog/c1' });
  });

  it('links to the component that created the agent, by id when it has no name', () => {
    const agent = { ...base, created_by_component: { id: 'k1', name: null } };
    expect(agentCreator(agent)).toEqual({ kind: 'link', label: 'k1', to: '/topology/k1' });
  });

  it('names the person otherwise, and nothing when no one is recorded', () => {
    expect(agentCreator(base)).toEqual({ kind: 'person', label: 'Ada Admin' });
    expect(agentCreator({ ...base, created_by: null })).toEqual({ kind: 'person', label: '' });
  });
});

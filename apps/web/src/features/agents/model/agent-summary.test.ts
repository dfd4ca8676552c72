import { describe, expect, it } from 'vitest';
import { agentCreator } from './agent-summary.ts';
import { agentSummaryRow } from './agent-summary.fixture.ts';

const base = agentSummaryRow({ created_by: { id: 'p1', name: 'Ada Admin' } });

describe('agentCreator', () => {
  it('links to the catalog item that created the agent', () => {
    const agent = { ...base, created_by_config: 'c1', created_by_config_name: 'eu-prod' };
    expect(agentCreator(agent)).toEqual({ kind: 'link', label: 'eu-prod', to: '/catalog/c1' });
  });

  it('links to the component that created the agent', () => {
    const agent = { ...base, created_by_component: 'k1', created_by_component_name: 'gateway' };
    expect(agentCreator(agent)).toEqual({ kind: 'link', label: 'gateway', to: '/topology/k1' });
  });

  it('names the person when the catalog item is gone (no name)', () => {
    const agent = { ...base, created_by_config: 'c1', created_by_config_name: null };
    expect(agentCreator(agent)).toEqual({ kind: 'person', label: 'Ada Admin' });
  });

  it('names the person otherwise, and nothing when no one is recorded', () => {
    expect(agentCreator(base)).toEqual({ kind: 'person', label: 'Ada Admin' });
    expect(agentCreator({ ...base, created_by: null })).toEqual({ kind: 'person', label: '' });
  });
});

import { describe, expect, it } from 'vitest';
import { agentFormValues, emptyAgentForm, parseAgentForm, requiredMessage } from './agent-form.ts';
import { agentSummaryRow } from './agent-summary.fixture.ts';

describe('parseAgentForm', () => {
  it('requires a name with the spec text', () => {
    expect(parseAgentForm(emptyAgentForm)).toEqual({
      ok: false,
      issues: [{ path: 'name', message: requiredMessage }],
    });
  });

  it('builds the generate payload: labels as a map, exclusions as a list, blank rows ignored', () => {
    const result = parseAgentForm({
      name: ' eu-prod ',
      description: '  ',
      labels: [
        { key: ' region ', value: 'eu' },
        { key: '', value: '' },
        { key: 'cluster', value: 'prod' },
      ],
      kubernetes: { enabled: true, interval: '1h', exclusions: 'kube-system\n, kube-public,\n' },
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'eu-prod',
        description: null,
        properties: { region: 'eu', cluster: 'prod' },
        kubernetes: { enabled: true, interval: '1h', exclusions: ['kube-system', 'kube-public'] },
      },
    });
  });

  it('names the label row with a missing or repeated key', () => {
    const result = parseAgentForm({
      ...emptyAgentForm,
      name: 'a',
      labels: [
        { key: 'x', value: '1' },
        { key: '', value: '2' },
        { key: 'x', value: '3' },
      ],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'labels.1.key', message: requiredMessage },
        { path: 'labels.2.key', message: 'Duplicate key' },
      ],
    });
  });

  it('refuses an interval outside the spec list', () => {
    const result = parseAgentForm({
      ...emptyAgentForm,
      name: 'a',
      kubernetes: { enabled: false, interval: '3m', exclusions: '' },
    });
    expect(result.ok).toBe(false);
  });
});

describe('agentFormValues', () => {
  it('round-trips an agent into the form', () => {
    const agent = agentSummaryRow({
      properties: { zone: 'a' },
      kubernetes: { enabled: true, interval: '5m', exclusions: ['a', 'b'] },
    });
    const values = agentFormValues(agent);
    expect(values).toEqual({
      name: 'edge',
      description: '',
      labels: [{ key: 'zone', value: 'a' }],
      kubernetes: { enabled: true, interval: '5m', exclusions: 'a\nb' },
    });
    const parsed = parseAgentForm(values);
    expect(parsed.ok && parsed.payload.kubernetes.exclusions).toEqual(['a', 'b']);
  });
});

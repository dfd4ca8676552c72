import type { CheckSummary } from './check-summary.ts';

export function makeCheck(overrides: Partial<CheckSummary> & { name: string }): CheckSummary {
  return {
    id: overrides.name,
    canary_id: 'c1',
    canary_name: 'web',
    status: 'healthy',
    labels: {},
    ...overrides,
  };
}

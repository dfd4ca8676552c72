import type { CheckSummary } from '@vigil/domain';

/** A summary entry as the server answers it, with the fields a test cares about overridden. */
export function makeCheck(overrides: Partial<CheckSummary> & { name: string }): CheckSummary {
  return {
    id: overrides.name,
    canary_id: 'c1',
    canary_name: 'web',
    canary_namespace: 'default',
    agent_id: '00000000-0000-0000-0000-000000000000',
    agent_name: 'local',
    namespace: 'default',
    type: 'http',
    icon: null,
    endpoint: null,
    description: null,
    labels: {},
    severity: null,
    spec: { severity: null },
    owner: null,
    status: 'healthy',
    transformed: false,
    last_runtime: null,
    next_runtime: null,
    last_transition_time: null,
    silenced_at: null,
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
    deleted_at: null,
    uptime: { passed: 0, failed: 0, last_pass: null, last_fail: null },
    latency: { p95: null, p97: null, p99: null, rolling1h: null },
    ...overrides,
  };
}

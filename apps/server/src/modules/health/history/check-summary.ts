import { difference, percentilesOf, readSorted } from './histogram-window.ts';
import type {
  CumulativeSummaryRow,
  ExactSummaryRow,
  SummaryCheckRow,
} from './summary.repository.ts';

/** One entry of `GET /api/canary/api/summary` (the spec's Check, with uptime and latency). */
export interface CheckSummary {
  readonly id: string;
  readonly canary_id: string;
  readonly canary_name: string;
  readonly canary_namespace: string;
  readonly agent_id: string;
  readonly agent_name: string;
  readonly name: string;
  readonly namespace: string;
  readonly type: string;
  readonly icon: string | null;
  readonly endpoint: string | null;
  readonly description: string | null;
  readonly labels: Record<string, unknown>;
  readonly severity: string | null;
  readonly spec: { readonly severity: string | null };
  readonly owner: string | null;
  readonly status: string | null;
  readonly transformed: boolean;
  readonly last_runtime: string | null;
  readonly next_runtime: string | null;
  readonly last_transition_time: string | null;
  readonly silenced_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly deleted_at: string | null;
  readonly uptime: {
    readonly passed: number;
    readonly failed: number;
    readonly last_pass: string | null;
    readonly last_fail: string | null;
  };
  readonly latency: {
    readonly p95: number | null;
    readonly p97: number | null;
    readonly p99: number | null;
    readonly rolling1h: number | null;
  };
}

export function fromExact(row: ExactSummaryRow): CheckSummary {
  const [p95 = null, p97 = null, p99 = null] = row.percentiles ?? [];
  return base(
    row,
    { passed: row.passed, failed: row.failed },
    { p95, p97, p99, rolling1h: row.rolling },
  );
}

export function fromCumulative(row: CumulativeSummaryRow): CheckSummary {
  const now = readSorted(row.cum_hist);
  const [p95 = null, p97 = null, p99 = null] = percentilesOf(
    difference(now, readSorted(row.base_hist)),
    [0.95, 0.97, 0.99],
  );
  const [rolling1h = null] = percentilesOf(difference(now, readSorted(row.hour_hist)), [0.95]);
  return base(
    row,
    {
      passed: Math.max(0, row.cum_passed - (row.base_passed ?? 0)),
      failed: Math.max(0, row.cum_failed - (row.base_failed ?? 0)),
    },
    { p95, p97, p99, rolling1h },
  );
}

function base(
  row: SummaryCheckRow,
  counts: { passed: number; failed: number },
  latency: CheckSummary['latency'],
): CheckSummary {
  return {
    id: row.id,
    canary_id: row.canary_id,
    canary_name: row.canary_name,
    canary_namespace: row.canary_namespace,
    agent_id: row.agent_id,
    agent_name: row.agent_name,
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    icon: row.icon,
    endpoint: row.endpoint,
    description: row.description,
    labels: row.labels,
    severity: row.severity ?? row.spec_severity,
    spec: { severity: row.spec_severity },
    owner: row.owner,
    status: row.status,
    transformed: row.transformed,
    last_runtime: iso(row.last_runtime),
    next_runtime: iso(row.next_runtime),
    last_transition_time: iso(row.last_transition_time),
    silenced_at: iso(row.silenced_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
    uptime: { ...counts, last_pass: iso(row.last_pass_time), last_fail: iso(row.last_fail_time) },
    latency,
  };
}

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

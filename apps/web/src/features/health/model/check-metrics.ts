import type { CheckSummary } from '@vigil/domain';

/** Uptime = passed / (passed + failed) x 100, or null when the check never ran in the window. */
export function uptimePercent(check: {
  uptime: Pick<CheckSummary['uptime'], 'passed' | 'failed'>;
}): number | null {
  const { passed, failed } = check.uptime;
  const total = passed + failed;
  return total === 0 ? null : (passed / total) * 100;
}

/** Percent values show one decimal. */
export function formatPercent(value: number | null): string {
  return value === null ? '-' : `${value.toFixed(1)}%`;
}

/** A latency cell shows p95, else p97, else p99. */
export function displayLatency(check: {
  latency: Pick<CheckSummary['latency'], 'p95' | 'p97' | 'p99'>;
}): number | null {
  const { p95, p97, p99 } = check.latency;
  return p95 ?? p97 ?? p99 ?? null;
}

export function formatLatency(ms: number | null): string {
  if (ms === null) return '-';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`;
}

/** Severity shows '-' when missing. */
export function formatSeverity(severity: string | null | undefined): string {
  return severity === null || severity === undefined || severity === '' ? '-' : severity;
}

/** The Health column shows relative time only beyond this many ms since the last run. */
export const staleRunThresholdMs = 3_600_001;

export function isStaleRun(lastRuntime: string | null | undefined, now: number): boolean {
  if (!lastRuntime) return false;
  const at = Date.parse(lastRuntime);
  return Number.isFinite(at) && now - at >= staleRunThresholdMs;
}

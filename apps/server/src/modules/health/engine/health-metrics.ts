import { Counter, Gauge, Histogram, Summary, type Registry } from 'prom-client';
import type { CheckResult } from '../history/check-result.ts';

export interface CheckLabels {
  readonly name: string;
  readonly type: string;
  readonly canaryName: string;
  readonly canaryNamespace: string;
}

interface CheckChildren {
  readonly labels: CheckLabels;
  readonly status: { set(value: number): void };
  readonly duration: { observe(value: number): void };
  readonly passed: { inc(): void };
  readonly failed: { inc(): void };
  readonly errored: { inc(): void };
}

function commonLabels(labels: CheckLabels) {
  return {
    type: labels.type,
    canary_name: labels.canaryName,
    canary_namespace: labels.canaryNamespace,
    name: labels.name,
  };
}

function sameLabels(a: CheckLabels, b: CheckLabels): boolean {
  return (
    a.name === b.name &&
    a.type === b.type &&
    a.canaryName === b.canaryName &&
    a.canaryNamespace === b.canaryNamespace
  );
}

/**
 * The health engine's Prometheus metrics, named as canary-checker names them so existing
 * dashboards and alerts work: canary_check (0 passing, 1 failing), canary_check_duration and
 * the success/failed/error counters; plus the scheduler's own lateness.
 */
export function createHealthMetrics(registry: Registry) {
  const labelNames = ['key', 'name', 'type', 'canary_name', 'canary_namespace'] as const;
  const status = new Gauge({
    name: 'canary_check',
    help: 'Status of the check: 0 passing, 1 failing',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'canary_check_duration',
    help: 'How long the check took, in milliseconds',
    labelNames: ['type', 'canary_name', 'canary_namespace', 'name'],
    buckets: [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000],
    registers: [registry],
  });
  const counter = (name: string, help: string) =>
    new Counter({
      name,
      help,
      labelNames: ['type', 'canary_name', 'canary_namespace', 'name'],
      registers: [registry],
    });
  const passed = counter('canary_check_success_count', 'Check runs that passed');
  const failed = counter('canary_check_failed_count', 'Check runs that failed');
  const errored = counter(
    'canary_check_error_count',
    'Check runs that could not be evaluated (invalid)',
  );
  // Summaries, not histograms: lateness goals are in single milliseconds, finer than buckets.
  const slotSummary = (name: string, help: string) =>
    new Summary({
      name,
      help: `${help} (last 5 minutes)`,
      percentiles: [0.5, 0.9, 0.99, 0.999],
      maxAgeSeconds: 300,
      ageBuckets: 5,
      registers: [registry],
    });
  const lateness = slotSummary(
    'vigil_health_schedule_lateness_seconds',
    "Delay between a check run's scheduled slot and its start",
  );
  const early = slotSummary(
    'vigil_health_schedule_early_seconds',
    'How far ahead of its slot a run started early, sharing a wake-up with runs due just before it',
  );
  // prom-client hashes a label object on every call; a check's children are looked up once.
  const children = new Map<string, CheckChildren>();
  const childrenOf = (checkId: string, labels: CheckLabels): CheckChildren => {
    const known = children.get(checkId);
    if (known !== undefined && sameLabels(known.labels, labels)) return known;
    // A renamed check's old status series would read as a second, frozen check.
    if (known !== undefined) status.remove({ ...commonLabels(known.labels), key: checkId });
    const common = commonLabels(labels);
    const made: CheckChildren = {
      labels,
      status: status.labels({ ...common, key: checkId }),
      duration: duration.labels(common),
      passed: passed.labels(common),
      failed: failed.labels(common),
      errored: errored.labels(common),
    };
    children.set(checkId, made);
    return made;
  };
  return {
    observe(result: CheckResult, labels: CheckLabels): void {
      const child = childrenOf(result.checkId, labels);
      child.status.set(result.pass ? 0 : 1);
      child.duration.observe(result.duration);
      (result.invalid ? child.errored : result.pass ? child.passed : child.failed).inc();
    },
    /**
     * Every run counts in lateness (one that started early was 0 late); only early runs count
     * in early. At 1,000 runs/s none starts early, and each observation costs a t-digest insert.
     */
    lateness(ms: number): void {
      lateness.observe(Math.max(0, ms) / 1000);
      if (ms < 0) early.observe(-ms / 1000);
    },
  };
}

export type HealthMetrics = ReturnType<typeof createHealthMetrics>;

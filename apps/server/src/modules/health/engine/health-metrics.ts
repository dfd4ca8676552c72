import { Counter, type Registry } from 'prom-client';
import { addExposition } from '../../../platform/http/metrics.ts';
import type { CheckResult } from '../history/check-result.ts';
import { CheckSeries, type CheckLabels } from './check-series.ts';
import { SlidingQuantiles } from './sliding-quantiles.ts';

export type { CheckLabels } from './check-series.ts';

/**
 * The health engine's Prometheus metrics, named as canary-checker names them so existing
 * dashboards and alerts work: canary_check (0 passing, 1 failing), canary_check_duration and
 * the success/failed/error counters (check-series.ts); plus the scheduler's own lateness.
 */
export function createHealthMetrics(registry: Registry) {
  const checks = new CheckSeries();
  addExposition(registry, () => checks.render());
  // Summaries, not histograms: lateness goals are in single milliseconds, finer than buckets.
  const slotSummary = (name: string, help: string) =>
    new SlidingQuantiles({
      name,
      help: `${help} (last 5 minutes)`,
      quantiles: [0.5, 0.9, 0.99, 0.999],
      windowMs: 300_000,
      slices: 5,
    });
  const lateness = slotSummary(
    'vigil_health_schedule_lateness_seconds',
    "Delay between a check run's scheduled slot and its start",
  );
  const early = slotSummary(
    'vigil_health_schedule_early_seconds',
    'How far ahead of its slot a run started early, sharing a wake-up with runs due just before it',
  );
  addExposition(registry, async function* () {
    yield lateness.render() + early.render();
  });
  const lostName = 'vigil_health_slot_leases_lost_total';
  const existing = registry.getSingleMetric(lostName);
  const lost =
    existing instanceof Counter
      ? existing
      : new Counter({
          name: lostName,
          help: 'Runs not recorded because their slot lease lapsed and another replica ran it',
          registers: [registry],
        });
  return {
    observe(result: CheckResult, labels: CheckLabels): void {
      checks.observe(result, labels);
    },
    /**
     * Every run counts in lateness (one that started early was 0 late); only early runs count
     * in early.
     */
    lateness(ms: number): void {
      lateness.observe(Math.max(0, ms));
      if (ms < 0) early.observe(-ms);
    },
    lostLeases(count: number): void {
      lost.inc(count);
    },
  };
}

export type HealthMetrics = ReturnType<typeof createHealthMetrics>;

import type { CanaryRunResult } from './canary-runner.ts';
import type { CheckLabels, HealthMetrics } from './health-metrics.ts';
import type { PreparedCanary } from './prepared-canary.ts';

/** Feeds each result of a canary run to the health metrics, labelled by its check. */
export function createRunObserver(
  metrics: HealthMetrics,
): (canary: PreparedCanary, outcome: CanaryRunResult) => void {
  // A declared check's metric labels, made once per prepared canary rather than once a run.
  const declaredLabels = new WeakMap<PreparedCanary, ReadonlyMap<string, CheckLabels>>();
  function labelsOf(canary: PreparedCanary): ReadonlyMap<string, CheckLabels> {
    let labels = declaredLabels.get(canary);
    if (!labels) {
      const common = { canaryName: canary.name, canaryNamespace: canary.namespace };
      labels = new Map(canary.checks.map((c) => [c.id, { ...common, name: c.name, type: c.type }]));
      declaredLabels.set(canary, labels);
    }
    return labels;
  }

  return (canary, outcome) => {
    const declared = labelsOf(canary);
    for (const result of outcome.results) {
      const labels = declared.get(result.checkId) ?? {
        name: result.checkName ?? result.checkId,
        type: 'transformed',
        canaryName: canary.name,
        canaryNamespace: canary.namespace,
      };
      metrics.observe(result, labels);
    }
  };
}

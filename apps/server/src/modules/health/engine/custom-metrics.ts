import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { MetricSpec } from '../canaries/metric-spec.ts';
import { evaluateCel, ExpressionError } from '../expressions/cel.ts';

export interface CustomMetric {
  readonly name: string;
  readonly type: MetricSpec['type'];
  readonly value: number;
  readonly labels: Record<string, string>;
}

/**
 * Evaluates a check's metric specs against its result (CEL `value` and label `valueExpr`), as
 * canary-checker does; a spec that fails gives an error instead of a metric.
 */
export function customMetricsOf(
  specs: readonly MetricSpec[],
  variables: Record<string, unknown>,
  limitMs: number,
): { metrics: CustomMetric[]; errors: string[] } {
  const metrics: CustomMetric[] = [];
  const errors: string[] = [];
  for (const spec of specs) {
    try {
      const raw = evaluateCel(spec.value, variables, limitMs);
      const value = Number(raw);
      if (!Number.isFinite(value)) throw new ExpressionError(`${String(raw)} is not a number`);
      const labels: Record<string, string> = {};
      for (const label of spec.labels) {
        labels[label.name] = label.valueExpr
          ? String(evaluateCel(label.valueExpr, variables, limitMs))
          : (label.value ?? '');
      }
      metrics.push({ name: spec.name, type: spec.type, value, labels });
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      errors.push(`metric ${spec.name}: ${error.message}`);
    }
  }
  return { metrics, errors };
}

/**
 * A judged outcome with its check's metrics recorded. As canary-checker, a metric that cannot be
 * made or recorded fails the check, its error after the check's own.
 */
export function withMetrics<T extends { pass: boolean; error: string | undefined }>(
  judged: T,
  specs: readonly MetricSpec[],
  variables: Record<string, unknown>,
  deps: {
    readonly expressionLimitMs: number;
    recordMetric(metric: CustomMetric): string | undefined;
  },
): T {
  if (specs.length === 0) return judged;
  const made = customMetricsOf(specs, variables, deps.expressionLimitMs);
  const errors = [...made.errors, ...made.metrics.flatMap((m) => deps.recordMetric(m) ?? [])];
  if (errors.length === 0) return judged;
  return { ...judged, pass: false, error: [judged.error, ...errors].filter(Boolean).join(', ') };
}

type Collector = Gauge | Counter | Histogram;

/** The custom series, registered on first use with their label names, exposed on /api/metrics. */
export class CustomMetricSeries {
  readonly #collectors = new Map<string, { key: string; collector: Collector }>();

  constructor(private readonly registry: Registry) {}

  /** Records one metric; an error when its name was first used with another type or labels. */
  record(metric: CustomMetric): string | undefined {
    const labelNames = Object.keys(metric.labels).sort();
    const key = `${metric.type}|${labelNames.join(',')}`;
    let known = this.#collectors.get(metric.name);
    if (!known) {
      if (this.registry.getSingleMetric(metric.name)) {
        return `metric ${metric.name}: the name is taken by another series`;
      }
      const options = {
        name: metric.name,
        help: 'Custom check metric',
        labelNames,
        registers: [this.registry],
      };
      const collector =
        metric.type === 'gauge'
          ? new Gauge(options)
          : metric.type === 'counter'
            ? new Counter(options)
            : new Histogram(options);
      known = { key, collector };
      this.#collectors.set(metric.name, known);
    }
    if (known.key !== key) {
      return `metric ${metric.name}: first used as ${known.key}, now ${key}`;
    }
    const { collector } = known;
    if (collector instanceof Gauge) collector.set(metric.labels, metric.value);
    else if (collector instanceof Counter) {
      if (metric.value > 0) collector.inc(metric.labels, metric.value);
    } else collector.observe(metric.labels, metric.value);
    return undefined;
  }
}

import { Counter, type Registry } from 'prom-client';

export interface EventMetrics {
  handled(consumer: string, count: number): void;
  failed(consumer: string, count: number): void;
  /** Events a filter (or the lack of any consumer) kept out of the queue. */
  filtered(event: string): void;
}

/** Created once per registry: a second app on the same registry reuses the counters. */
export function createEventMetrics(registry: Registry): EventMetrics {
  const counter = (name: string, help: string, labelNames: readonly string[]) => {
    const existing = registry.getSingleMetric(name);
    if (existing instanceof Counter) return existing;
    return new Counter({ name, help, labelNames, registers: [registry] });
  };
  const handled = counter(
    'vigil_events_handled_total',
    'Events handled and removed from the queue',
    ['consumer'],
  );
  const failed = counter('vigil_events_failed_total', 'Event attempts that failed', ['consumer']);
  const filtered = counter(
    'vigil_events_filtered_total',
    'Events kept out of the queue before they were enqueued',
    ['event'],
  );
  return {
    handled: (consumer, count) => count > 0 && handled.inc({ consumer }, count),
    failed: (consumer, count) => count > 0 && failed.inc({ consumer }, count),
    filtered: (event) => filtered.inc({ event }),
  };
}

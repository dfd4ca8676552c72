import { formatLatency } from '@/features/health/model/check-metrics.ts';
import type { GraphPoint } from '@/features/health/model/graph-points.ts';

const tooltipTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export interface ChartTooltipProps {
  points: readonly GraphPoint[];
  active?: boolean;
  label?: string | number;
}

/** One bucket's runs and latency; empty buckets show nothing. */
export function ChartTooltip({ points, active, label }: ChartTooltipProps) {
  const point = active ? points.find((candidate) => candidate.time === label) : undefined;
  if (!point || point.passed + point.failed === 0) return null;
  return (
    <div className="rounded-md border border-border bg-surface px-3 py-2 text-xs shadow-md">
      <p className="font-medium">{tooltipTime.format(point.time)}</p>
      <p className="text-healthy">Passed: {point.passed}</p>
      <p className="text-unhealthy">Failed: {point.failed}</p>
      <p>Latency: {formatLatency(point.latency)}</p>
    </div>
  );
}

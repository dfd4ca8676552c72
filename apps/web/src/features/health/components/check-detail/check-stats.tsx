import type { ReactNode } from 'react';
import { formatRelative } from '@/ui/relative-time.tsx';
import type { CheckGraph } from '@vigil/domain';
import {
  formatLatency,
  formatPercent,
  formatSeverity,
  uptimePercent,
} from '@/features/health/model/check-metrics.ts';
import type { CheckSummary } from '@vigil/domain';
import type { TimeRange } from '@/features/health/model/check-time-range.ts';
import { TimeRangePicker } from './time-range-picker.tsx';

export interface CheckStatsProps {
  check: CheckSummary;
  now: number;
  /** Uptime and latency over the chosen range; undefined while it loads. */
  figures: Pick<CheckGraph, 'uptime' | 'latency'> | undefined;
  range: TimeRange;
  onRangeChange: (range: TimeRange) => void;
}

function when(value: string | null | undefined, now: number): string {
  return value ? formatRelative(new Date(value), new Date(now)) : '-';
}

/** A next run already due (the engine claims it within a second) reads as due, not as past. */
function nextRun(value: string | null | undefined, now: number): string {
  if (value && new Date(value).getTime() <= now) return 'due now';
  return when(value, now);
}

/** The three percentiles wrap between each other, never inside one. */
function LatencyValue({ latency }: { latency: CheckGraph['latency'] | undefined }) {
  if (!latency) return '…';
  const parts = [
    ['95', latency.p95],
    ['97', latency.p97],
    ['99', latency.p99],
  ] as const;
  return (
    <span className="flex flex-wrap gap-x-2">
      {parts.map(([percentile, ms]) => (
        <span key={percentile} className="whitespace-nowrap">
          {percentile}: {formatLatency(ms)}
        </span>
      ))}
    </span>
  );
}

export function CheckStats({ check, now, figures, range, onRangeChange }: CheckStatsProps) {
  const stats: ReadonlyArray<readonly [string, ReactNode]> = [
    ['Uptime', figures ? formatPercent(uptimePercent(figures)) : '…'],
    ['Latency', <LatencyValue latency={figures?.latency} />],
    ['Severity', formatSeverity(check.severity)],
    ['Last Run', when(check.last_runtime, now)],
    ['Transitioned', when(check.last_transition_time, now)],
    ['Next Run', nextRun(check.next_runtime, now)],
  ];
  return (
    <div className="flex flex-wrap items-start gap-4">
      <dl className="grid flex-1 grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <TimeRangePicker value={range} onChange={onRangeChange} />
    </div>
  );
}

import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatLatency } from '@/features/health/model/check-metrics.ts';
import {
  latencyAxisMax,
  timeTickFormatter,
  type GraphPoint,
} from '@/features/health/model/graph-points.ts';
import { ChartTooltip } from './chart-tooltip.tsx';

export interface HealthChartProps {
  /** Every bucket of the window, evenly spaced. */
  points: readonly GraphPoint[];
  windowMs: number;
}

const colours = {
  passed: 'var(--vigil-healthy)',
  failed: 'var(--vigil-unhealthy)',
  latency: 'var(--vigil-accent)',
  grid: 'var(--vigil-border)',
  axis: 'var(--vigil-fg-muted)',
};

/** Runs per bucket as stacked passed and failed bars, and the average latency as a line. */
export function HealthChart({ points, windowMs }: HealthChartProps) {
  const tick = timeTickFormatter(windowMs);
  return (
    <ResponsiveContainer width="100%" height={180} initialDimension={{ width: 640, height: 180 }}>
      <ComposedChart
        data={[...points]}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        title="Status and latency over time"
      >
        <CartesianGrid stroke={colours.grid} vertical={false} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={tick}
          stroke={colours.axis}
          fontSize={11}
          minTickGap={24}
        />
        <YAxis
          yAxisId="latency"
          tickFormatter={(ms: number) => formatLatency(ms)}
          // Whole milliseconds and at least 0-4 ms: sub-millisecond ticks round to repeated labels.
          allowDecimals={false}
          domain={[0, latencyAxisMax]}
          stroke={colours.axis}
          fontSize={11}
          width={48}
        />
        <YAxis yAxisId="runs" orientation="right" hide allowDecimals={false} />
        <Tooltip
          content={({ active, label }) => (
            <ChartTooltip points={points} active={active} label={label} />
          )}
        />
        <Bar
          yAxisId="runs"
          dataKey="passed"
          name="Passed"
          stackId="runs"
          fill={colours.passed}
          fillOpacity={0.45}
          isAnimationActive={false}
        />
        <Bar
          yAxisId="runs"
          dataKey="failed"
          name="Failed"
          stackId="runs"
          fill={colours.failed}
          fillOpacity={0.7}
          isAnimationActive={false}
        />
        <Line
          yAxisId="latency"
          dataKey="latency"
          name="Latency"
          type="monotone"
          stroke={colours.latency}
          strokeWidth={1.5}
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

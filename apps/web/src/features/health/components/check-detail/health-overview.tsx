import { useId, useMemo } from 'react';
import { timeRangeMs } from '@vigil/domain';
import { cx } from '@/ui/class-names.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { graphPointCount, type useCheckGraph } from '@/features/health/api/check-graph-query.ts';
import { hasRuns, toGraphPoints } from '@/features/health/model/graph-points.ts';
import type { TimeRange } from '@/features/health/model/check-time-range.ts';
import { ChartSkeleton, LazyHealthChart } from './lazy-health-chart.tsx';

export interface HealthOverviewProps {
  graph: ReturnType<typeof useCheckGraph>;
  range: TimeRange;
  className?: string;
}

/** The Health Overview: the check's runs and latency over the chosen range. */
export function HealthOverview({ graph, range, className }: HealthOverviewProps) {
  const headingId = useId();
  const windowMs = timeRangeMs(range);
  const end = graph.dataUpdatedAt;
  const points = useMemo(
    () => toGraphPoints(graph.data?.status ?? [], { end, windowMs, count: graphPointCount }),
    [graph.data, end, windowMs],
  );
  return (
    <section aria-labelledby={headingId} className={cx('space-y-1', className)}>
      <h2 id={headingId} className="text-sm font-semibold">
        Health Overview
      </h2>
      <div className={cx('min-h-[180px]', graph.isPlaceholderData && 'opacity-60')}>
        {graph.isPending ? (
          <ChartSkeleton />
        ) : graph.isError || !hasRuns(points) ? (
          <EmptyState className="h-[180px] p-2" />
        ) : (
          <LazyHealthChart points={points} windowMs={windowMs} />
        )}
      </div>
    </section>
  );
}

import { useId, useMemo } from 'react';
import { timeRangeMs } from '@vigil/domain';
import { cx } from '../../../../ui/class-names.ts';
import { EmptyState } from '../../../../ui/empty-state.tsx';
import type { useCheckGraph } from '../../api/check-graph-query.ts';
import { toGraphPoints } from '../../model/graph-points.ts';
import type { TimeRange } from '../../model/time-range.ts';
import { ChartSkeleton, LazyHealthChart } from './lazy-health-chart.tsx';

export interface HealthOverviewProps {
  graph: ReturnType<typeof useCheckGraph>;
  range: TimeRange;
  className?: string;
}

/** The Health Overview: the check's runs and latency over the chosen range. */
export function HealthOverview({ graph, range, className }: HealthOverviewProps) {
  const headingId = useId();
  const points = useMemo(() => toGraphPoints(graph.data?.status ?? []), [graph.data]);
  const end = graph.dataUpdatedAt;
  return (
    <section aria-labelledby={headingId} className={cx('space-y-1', className)}>
      <h2 id={headingId} className="text-sm font-semibold">
        Health Overview
      </h2>
      <div className={cx('min-h-[180px]', graph.isPlaceholderData && 'opacity-60')}>
        {graph.isPending ? (
          <ChartSkeleton />
        ) : graph.isError || points.length === 0 ? (
          <EmptyState className="h-[180px] p-2" />
        ) : (
          <LazyHealthChart points={points} start={end - timeRangeMs(range)} end={end} />
        )}
      </div>
    </section>
  );
}

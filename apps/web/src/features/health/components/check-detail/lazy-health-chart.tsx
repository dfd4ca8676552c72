import { lazy, Suspense } from 'react';
import { Skeleton } from '@/ui/skeleton.tsx';
import type { HealthChartProps } from './health-chart.tsx';

// Its own chunk: recharts stays out of the /health page until a check is opened.
const HealthChart = lazy(async () => {
  const module = await import('./health-chart.tsx');
  return { default: module.HealthChart };
});

export function ChartSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the chart">
      <Skeleton className="h-[180px] w-full" />
    </div>
  );
}

export function LazyHealthChart(props: HealthChartProps) {
  return (
    <Suspense fallback={<ChartSkeleton />}>
      <HealthChart {...props} />
    </Suspense>
  );
}

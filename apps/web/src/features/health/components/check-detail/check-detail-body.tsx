import { useState } from 'react';
import { useCheckGraph } from '@/features/health/api/check-graph-query.ts';
import type { CheckSummary } from '@vigil/domain';
import { defaultRangeForCheck } from '@/features/health/model/check-time-range.ts';
import { CheckDetailTabs } from './check-detail-tabs.tsx';
import { CheckHeader } from './check-header.tsx';
import { CheckStats } from './check-stats.tsx';
import { HealthOverview } from './health-overview.tsx';
import { tallScreenOnly } from './short-screen.ts';

export interface CheckDetailBodyProps {
  check: CheckSummary;
  now: number;
}

/** Everything under the title; the time range drives the stats, the chart and the history. */
export function CheckDetailBody({ check, now }: CheckDetailBodyProps) {
  const [range, setRange] = useState(() => defaultRangeForCheck(check.last_runtime, now));
  const graph = useCheckGraph(check.id, range);
  return (
    <div className="space-y-4">
      <CheckHeader check={check} />
      <CheckStats
        check={check}
        now={now}
        figures={graph.data}
        range={range}
        onRangeChange={setRange}
      />
      <HealthOverview graph={graph} range={range} className={tallScreenOnly} />
      <CheckDetailTabs checkId={check.id} range={range} graph={graph} />
    </div>
  );
}

import { useId, useState } from 'react';
import { TabList, TabPanel, type TabItem } from '@/ui/tabs.tsx';
import type { useCheckGraph } from '@/features/health/api/check-graph-query.ts';
import { useCheckRelationships } from '@/features/health/api/check-relationships-query.ts';
import { historySince, type TimeRange } from '@/features/health/model/check-time-range.ts';
import { CheckHistory } from '../check-history.tsx';
import { CheckRelationshipsTab } from './check-relationships-tab.tsx';
import { CheckSpecTab } from './check-spec-tab.tsx';
import { HealthOverview } from './health-overview.tsx';
import { shortScreenOnly } from './short-screen.ts';

type DetailTab = 'history' | 'graph' | 'spec' | 'relationships';

export interface CheckDetailTabsProps {
  checkId: string;
  range: TimeRange;
  graph: ReturnType<typeof useCheckGraph>;
}

export function CheckDetailTabs({ checkId, range, graph }: CheckDetailTabsProps) {
  const idPrefix = `check-detail${useId().replace(/[^\w-]/g, '')}`;
  const [tab, setTab] = useState<DetailTab>('history');
  const relationships = useCheckRelationships(checkId);
  const items: ReadonlyArray<TabItem<DetailTab>> = [
    { key: 'history', label: 'History' },
    { key: 'graph', label: 'Graph', className: shortScreenOnly },
    { key: 'spec', label: 'Spec' },
    {
      key: 'relationships',
      label: (
        <>
          Relationships{' '}
          <span className="ml-1 rounded-full border border-border px-1.5 text-xs">
            {relationships.data?.length ?? '…'}
          </span>
        </>
      ),
    },
  ];
  const panel = (key: DetailTab) => ({ idPrefix, tabKey: key, selected: tab === key });
  return (
    <div>
      <TabList
        label="Check details"
        idPrefix={idPrefix}
        items={items}
        selected={tab}
        onSelect={setTab}
      />
      <TabPanel {...panel('history')}>
        <CheckHistory checkId={checkId} since={historySince(range)} />
      </TabPanel>
      <TabPanel {...panel('graph')}>
        {tab === 'graph' && <HealthOverview graph={graph} range={range} />}
      </TabPanel>
      <TabPanel {...panel('spec')}>{tab === 'spec' && <CheckSpecTab checkId={checkId} />}</TabPanel>
      <TabPanel {...panel('relationships')}>
        <CheckRelationshipsTab relationships={relationships} />
      </TabPanel>
    </div>
  );
}

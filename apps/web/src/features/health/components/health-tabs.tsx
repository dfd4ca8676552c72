import type { ReactNode } from 'react';
import { TabList, TabPanel } from '@/ui/tabs.tsx';

export interface HealthTabsProps {
  tabs: ReadonlyArray<{ key: string; count: number }>;
  /** The tab in the URL's `tab` parameter, or All. */
  active: string;
  onSelect: (key: string) => void;
  /** The checks of the active tab. */
  children: ReactNode;
}

const idPrefix = 'health';

/**
 * Tabs by namespace, agent or label value; each shows how many checks it holds. With a single
 * group besides All there is nothing to choose, and the checks show without tabs.
 */
export function HealthTabs({ tabs, active, onSelect, children }: HealthTabsProps) {
  if (tabs.length <= 2) return children;
  const items = tabs.map((tab) => ({
    key: tab.key,
    className: 'whitespace-nowrap',
    label: (
      <>
        {tab.key === '' ? '(none)' : tab.key}
        <span className="ml-1.5 rounded bg-surface-muted px-1.5 text-xs text-fg">{tab.count}</span>
      </>
    ),
  }));
  return (
    <div>
      <TabList
        label="Tabs"
        idPrefix={idPrefix}
        items={items}
        selected={active}
        onSelect={onSelect}
        className="overflow-x-auto"
      />
      <TabPanel idPrefix={idPrefix} tabKey={active} selected>
        {children}
      </TabPanel>
    </div>
  );
}

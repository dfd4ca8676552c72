import { useNavigate } from 'react-router';
import { TabList } from '@/ui/tabs.tsx';

export type CatalogTab = 'catalog' | 'changes' | 'insights' | 'scrapers';

const tabs: ReadonlyArray<{ key: CatalogTab; label: string; path: string }> = [
  { key: 'catalog', label: 'Catalog', path: '/catalog' },
  { key: 'changes', label: 'Changes', path: '/catalog/changes' },
  { key: 'insights', label: 'Insights', path: '/catalog/insights' },
  { key: 'scrapers', label: 'Scrapers', path: '/catalog/scrapers' },
];

export const catalogTabsId = 'catalog';

/** The catalog's tabs are routes (spec 001 §2), so each one is a link of its own. */
export function CatalogTabs({ selected }: { selected: CatalogTab }) {
  const navigate = useNavigate();
  return (
    <TabList
      label="Catalog views"
      idPrefix={catalogTabsId}
      items={tabs}
      selected={selected}
      onSelect={(key) => void navigate(tabs.find((tab) => tab.key === key)?.path ?? '/catalog')}
    />
  );
}

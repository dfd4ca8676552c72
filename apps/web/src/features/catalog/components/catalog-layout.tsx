import type { ReactNode } from 'react';
import { TabPanel } from '@/ui/tabs.tsx';
import { CatalogTabs, catalogTabsId, type CatalogTab } from './catalog-tabs.tsx';

/** The catalog's heading and tabs around the selected tab's page. */
export function CatalogLayout({ tab, children }: { tab: CatalogTab; children: ReactNode }) {
  return (
    <section aria-labelledby="catalog-heading" className="space-y-3">
      <h1 id="catalog-heading" className="text-lg font-semibold">
        Catalog
      </h1>
      <CatalogTabs selected={tab} />
      <TabPanel idPrefix={catalogTabsId} tabKey={tab} selected className="space-y-3">
        {children}
      </TabPanel>
    </section>
  );
}

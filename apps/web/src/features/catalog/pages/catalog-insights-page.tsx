import { usePageTitle } from '@/lib/page-title.ts';
import { CatalogLayout } from '../components/catalog-layout.tsx';
import { InsightsPanel } from '../components/insights/insights-panel.tsx';

/** /catalog/insights: every config's insights (spec 001 §2). */
export function CatalogInsightsPage() {
  usePageTitle('Catalog Insights');
  return (
    <CatalogLayout tab="insights">
      <InsightsPanel />
    </CatalogLayout>
  );
}

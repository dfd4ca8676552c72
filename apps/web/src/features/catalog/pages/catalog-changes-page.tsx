import { usePageTitle } from '@/lib/page-title.ts';
import { CatalogLayout } from '../components/catalog-layout.tsx';
import { ChangesView } from '../components/changes/config-changes-panel.tsx';

/** /catalog/changes: every config's changes, paged (spec 001 §2). */
export function CatalogChangesPage() {
  usePageTitle('Catalog Changes');
  return (
    <CatalogLayout tab="changes">
      <ChangesView />
    </CatalogLayout>
  );
}

import { useState } from 'react';
import { usePageTitle } from '@/lib/page-title.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useConfigsQuery } from '../api/configs-query.ts';
import { CatalogLayout } from '../components/catalog-layout.tsx';
import { CatalogToolbar } from '../components/catalog-toolbar.tsx';
import { ConfigsTable } from '../components/configs-table.tsx';
import { toggleListParam, toggleTag } from '../model/catalog-filter-actions.ts';
import {
  catalogUrlSchema,
  hasListFilter,
  type CatalogSortColumn,
} from '../model/catalog-url-state.ts';
import { CatalogSummary } from '../components/catalog-summary.tsx';
import { hideDeletedCatalogKey, useYesNoPreference } from '../model/stored-preferences.ts';

/**
 * /catalog: with no filter, the summary by provider then type; with one, the flat virtualised
 * list. Every filter is in the URL.
 */
export function CatalogPage() {
  usePageTitle('Catalog');
  const [state, update] = useUrlState(catalogUrlSchema);
  const [hideDeleted, setHideDeleted] = useYesNoPreference(hideDeletedCatalogKey);
  const flat = hasListFilter(state);
  const configs = useConfigsQuery(state, hideDeleted, flat);
  const [now] = useState(() => Date.now());
  const rows = configs.data?.pages.flatMap((page) => page.data) ?? [];
  const total = configs.data?.pages[0]?.totalEntries;
  const sortBy = state.sortBy ?? 'type';
  const sortDesc = state.sortOrder === 'desc';
  const onSort = (column: CatalogSortColumn): void => {
    const desc = column === sortBy ? !sortDesc : false;
    const isDefault = column === 'type' && !desc;
    update({ sortBy: isDefault ? undefined : column, sortOrder: desc ? 'desc' : undefined });
  };

  return (
    <CatalogLayout tab="catalog">
      <CatalogToolbar
        state={state}
        update={update}
        hideDeleted={hideDeleted}
        onHideDeleted={setHideDeleted}
        total={total}
      />
      {!flat ? (
        <CatalogSummary state={state} update={update} hideDeleted={hideDeleted} />
      ) : configs.isPending ? (
        <TableSkeleton label="Loading catalog" rows={8} />
      ) : configs.isError ? (
        <ErrorState message={configs.error.message} onRetry={() => void configs.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No config items"
          description="Nothing in the catalog matches these filters."
        />
      ) : (
        <ConfigsTable
          rows={rows}
          now={now}
          sortBy={sortBy}
          sortDesc={sortDesc}
          onSort={onSort}
          hasMore={configs.hasNextPage}
          loadingMore={configs.isFetchingNextPage}
          onLoadMore={() => void configs.fetchNextPage()}
          onType={(type, include) => update(toggleListParam(state, 'configType', type, include))}
          onStatus={(status, include) => update(toggleListParam(state, 'status', status, include))}
          onTag={(key, value, include) => update(toggleTag(state, key, value, include))}
        />
      )}
    </CatalogLayout>
  );
}

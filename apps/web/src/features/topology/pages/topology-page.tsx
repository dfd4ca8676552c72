import { useEffect, useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { usePageCrumb } from '@/lib/page-crumb.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { useTopologyQuery } from '../api/topology-query.ts';
import { CardGrid, CardGridSkeleton } from '../components/card-grid.tsx';
import { TopologySidePanel } from '../components/panel/topology-side-panel.tsx';
import { TopologyBreadcrumb } from '../components/topology-breadcrumb.tsx';
import { TopologyToolbar } from '../components/topology-toolbar.tsx';
import { useCardWidth } from '../model/card-width.ts';
import { pageComponents } from '../model/page-components.ts';
import { storedSort, storeSort } from '../model/sort-preference.ts';
import { sortComponents, sortFields, type SortField } from '../model/topology-sort.ts';
import { topologyApiQuery, topologyUrlSchema } from '../model/topology-url-state.ts';

export const emptyTopologyText = 'There are no components matching this criteria';
export const duplicateIdText = 'Response has multiple components for the id.';

/** /topology and /topology/{id}: filters in the URL, cards, and the component's side panel. */
export function TopologyPage() {
  const { id } = useParams();
  const { search } = useLocation();
  const [state, update] = useUrlState(topologyUrlSchema);
  const [width, setWidth] = useCardWidth();
  const query = useTopologyQuery(topologyApiQuery(state, id));
  const { current, cards, duplicate } = useMemo(
    () => pageComponents(query.data, id),
    [query.data, id],
  );
  usePageTitle(current?.name ?? 'Topology');
  usePageCrumb(id === undefined ? undefined : current?.name);
  useEffect(() => {
    if (duplicate) toast.warning(duplicateIdText);
  }, [duplicate]);

  const fields = useMemo(() => sortFields(cards), [cards]);
  const stored = storedSort(fields);
  const sortBy = state.sortBy ?? stored.sortBy;
  const sortOrder = state.sortOrder ?? stored.sortOrder;
  const sorted = useMemo(
    () => sortComponents(cards, sortBy, sortOrder),
    [cards, sortBy, sortOrder],
  );
  const onSort = (field: SortField, order: 'asc' | 'desc'): void => {
    storeSort(field, order);
    update({ sortBy: field.value, sortOrder: order });
  };

  return (
    <section aria-labelledby="topology-heading" className="space-y-3">
      <div className="space-y-1">
        {id !== undefined && (
          <TopologyBreadcrumb current={current} refererId={state.refererId} search={search} />
        )}
        <h1 id="topology-heading" className="text-lg font-semibold">
          {id === undefined ? 'Topology' : (current?.name ?? 'Component')}
        </h1>
      </div>
      <TopologyToolbar
        state={state}
        update={update}
        data={query.data}
        sortFields={fields}
        sortBy={sortBy}
        sortOrder={sortOrder}
        onSort={onSort}
        width={width}
        onWidth={setWidth}
      />
      <div className="flex flex-col-reverse gap-4 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          {query.isPending ? (
            <CardGridSkeleton width={width} />
          ) : query.isError ? (
            <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
          ) : sorted.length === 0 ? (
            <EmptyState title={emptyTopologyText} />
          ) : (
            <CardGrid cards={sorted} width={width} currentId={id} />
          )}
        </div>
        {current !== undefined && <TopologySidePanel component={current} />}
      </div>
    </section>
  );
}

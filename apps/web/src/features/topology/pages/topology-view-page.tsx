import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { useTopologyQuery } from '../api/topology-query.ts';
import { TopologyCard } from '../components/card/topology-card.tsx';
import { defaultCardWidth, widthFromSize } from '../model/card-width.ts';

/** /view/topology/{id}: one card on its own, without the shell (spec 000 §2.1). */
export function TopologyViewPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const width = widthFromSize(params.get('size')) ?? defaultCardWidth;
  const query = useTopologyQuery({ id, depth: '2' });
  const component = query.data?.components?.find((c) => c.id === id);
  usePageTitle(component?.name ?? 'Component');
  return (
    <main className="min-h-screen bg-canvas p-4 text-fg">
      <h1 className="sr-only">{component?.name ?? 'Component'}</h1>
      {query.isPending ? (
        <div
          aria-busy="true"
          aria-label="Loading component"
          style={{ width }}
          className="h-40 max-w-full animate-pulse rounded-lg bg-surface-muted"
        />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : component === undefined ? (
        <EmptyState title="Component not found" />
      ) : (
        <TopologyCard component={component} width={width} currentId={id} hideMenu />
      )}
    </main>
  );
}

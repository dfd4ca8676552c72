import { lazy, Suspense, useState } from 'react';
import { usePermission } from '@/lib/session/use-permission.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { SegmentedControl } from '@/ui/segmented-control.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import type { ConfigRelationship, RelatedConfig } from '@/features/catalog/api/catalog-schemas.ts';
import {
  useRelationshipsQuery,
  useUnlinkConfig,
} from '@/features/catalog/api/relationships-query.ts';
import { relationshipsUrlSchema } from '@/features/catalog/model/relationships-url-state.ts';
import { RelationshipsFilters } from './relationships-filters.tsx';
import { RelationshipsTable } from './relationships-table.tsx';

const RelationshipsGraph = lazy(async () => ({
  default: (await import('./relationships-graph.tsx')).RelationshipsGraph,
}));

export const unlinkQuestion = 'Are you sure you want to delete this config link';

/** The Relationships tab: a table or a graph of the related configs (spec 001 §2). */
export function RelationshipsPanel({ config }: { config: RelatedConfig }) {
  const [state, update] = useUrlState(relationshipsUrlSchema);
  const relationships = useRelationshipsQuery(config, state);
  const canWrite = usePermission(['database'], 'write');
  const unlink = useUnlinkConfig();
  const [pending, setPending] = useState<ConfigRelationship | undefined>();
  const view = state.view ?? 'table';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedControl
          label="View"
          options={['Table', 'Graph']}
          value={view === 'graph' ? 'Graph' : 'Table'}
          onChange={(next) => update({ view: next === 'Graph' ? 'graph' : undefined })}
        />
        {view === 'graph' && (
          <>
            <SegmentedControl
              label="Layout"
              options={['Top to bottom', 'Left to right']}
              value={state.direction === 'LR' ? 'Left to right' : 'Top to bottom'}
              onChange={(next) =>
                update({ direction: next === 'Left to right' ? 'LR' : undefined })
              }
            />
            <SegmentedControl
              label="Edge style"
              options={['smoothstep', 'bezier', 'straight']}
              value={state.edges ?? 'smoothstep'}
              onChange={(next) => update({ edges: next === 'smoothstep' ? undefined : next })}
            />
          </>
        )}
      </div>
      <RelationshipsFilters state={state} update={update} />
      {relationships.isPending ? (
        <TableSkeleton label="Loading relationships" />
      ) : relationships.isError ? (
        <ErrorState
          message={relationships.error.message}
          onRetry={() => void relationships.refetch()}
        />
      ) : relationships.data.related.length === 0 ? (
        <EmptyState
          title="No relationships"
          description="No config is related to this one with these filters."
        />
      ) : view === 'graph' ? (
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <RelationshipsGraph
            root={config}
            related={relationships.data.related}
            links={relationships.data.links}
            direction={state.direction ?? 'TB'}
            edgeStyle={state.edges ?? 'smoothstep'}
          />
        </Suspense>
      ) : (
        <RelationshipsTable
          rootId={config.id}
          related={relationships.data.related}
          links={relationships.data.links}
          onUnlink={canWrite ? setPending : undefined}
        />
      )}
      {pending && (
        <ConfirmDialog
          title="Unlink"
          message={unlinkQuestion}
          confirmLabel="Unlink"
          pendingLabel="Unlinking..."
          pending={unlink.isPending}
          onClose={() => setPending(undefined)}
          onConfirm={() => unlink.mutateAsync(pending)}
        />
      )}
    </div>
  );
}

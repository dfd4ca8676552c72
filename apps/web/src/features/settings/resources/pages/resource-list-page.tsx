import { Plus, RefreshCw } from 'lucide-react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useResourcesQuery } from '../api/resources-query.ts';
import { ResourceTable } from '../components/resource-table.tsx';
import type { ResourceDefinition } from '../model/resource-definition.ts';

/** /settings/{table}: the generic settings list (spec 002 §2), add gated by write. */
export function ResourceListPage({ definition }: { definition: ResourceDefinition }) {
  usePageTitle(definition.title);
  const rows = useResourcesQuery(definition);
  const navigate = useNavigate();
  const canWrite = usePermission([definition.permission], 'write');
  const headingId = `${definition.table}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id={headingId} className="text-lg font-semibold">
          {definition.title}
        </h1>
        <div className="flex gap-2">
          <Button
            variant="ghost"
            size="icon"
            label="Refresh"
            disabled={rows.isFetching}
            onClick={() => void rows.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
          </Button>
          {canWrite && (
            <Button variant="primary" onClick={() => void navigate('new')}>
              <Plus aria-hidden="true" className="size-4" />
              Add {definition.singular}
            </Button>
          )}
        </div>
      </div>
      {rows.isPending && <TableSkeleton label={`Loading ${definition.title.toLowerCase()}`} />}
      {rows.isError && (
        <ErrorState
          title={`Could not load the ${definition.title.toLowerCase()}`}
          message={rows.error.message}
          onRetry={() => void rows.refetch()}
        />
      )}
      {rows.isSuccess &&
        (rows.data.length === 0 ? (
          <div className="rounded-lg border border-border bg-surface">
            <EmptyState title="No resources found" description={definition.empty} />
          </div>
        ) : (
          <ResourceTable definition={definition} rows={rows.data} />
        ))}
    </section>
  );
}

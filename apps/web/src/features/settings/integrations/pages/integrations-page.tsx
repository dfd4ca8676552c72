import { Plus } from 'lucide-react';
import { useState } from 'react';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Pagination } from '@/ui/pagination.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { integrationsPageSize, useIntegrationsQuery } from '../api/integrations-query.ts';
import { AddIntegrationDialog } from '../components/add-integration-dialog.tsx';
import { IntegrationsTable } from '../components/integrations-table.tsx';

/** /settings/integrations: scrapers, topologies and log backends (spec 002 §2). */
export function IntegrationsPage() {
  usePageTitle('Integrations');
  const [page, setPage] = useState(0);
  const integrations = useIntegrationsQuery(page);
  const canWrite = usePermission(['integrations'], 'write');
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="integrations-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="integrations-heading" className="text-lg font-semibold">
          Integrations
        </h1>
        {canWrite && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add Integration
          </Button>
        )}
      </div>
      {integrations.isPending && <TableSkeleton label="Loading integrations" />}
      {integrations.isError && (
        <ErrorState
          title="Could not load the integrations"
          message={integrations.error.message}
          onRetry={() => void integrations.refetch()}
        />
      )}
      {integrations.isSuccess &&
        (integrations.data.data.length === 0 && page === 0 ? (
          <div className="rounded-lg border border-border bg-surface">
            <EmptyState
              title="No resources found"
              description="Integrations bring configs, topologies and logs in: catalog scrapers, custom topologies and log backends."
            />
          </div>
        ) : (
          <>
            <IntegrationsTable rows={integrations.data.data} />
            <Pagination
              pageIndex={page}
              pageSize={integrationsPageSize}
              total={integrations.data.totalEntries}
              shown={integrations.data.data.length}
              emptyText="No integrations"
              onPage={setPage}
            />
          </>
        ))}
      {adding && <AddIntegrationDialog onClose={() => setAdding(false)} />}
    </section>
  );
}

import { Plus } from 'lucide-react';
import { useState } from 'react';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useCanariesQuery } from '../api/canaries-query.ts';
import { CanariesTable } from '../components/canaries-table.tsx';
import { TypePickerDialog } from '../components/type-picker-dialog.tsx';

/** /settings/canaries: the settings list of health checks (spec 002 §2). */
export function CanariesPage() {
  usePageTitle('Health Checks');
  const canaries = useCanariesQuery();
  const canWrite = usePermission(['canaries'], 'write');
  const [picking, setPicking] = useState(false);

  return (
    <section aria-labelledby="canaries-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="canaries-heading" className="text-lg font-semibold">
          Health Checks
        </h1>
        {canWrite && (
          <Button variant="primary" onClick={() => setPicking(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add Health Check
          </Button>
        )}
      </div>
      {canaries.isPending && <TableSkeleton label="Loading health checks" />}
      {canaries.isError && (
        <ErrorState
          title="Could not load the health checks"
          message={canaries.error.message}
          onRetry={() => void canaries.refetch()}
        />
      )}
      {canaries.isSuccess &&
        (canaries.data.length === 0 ? (
          <div className="rounded-lg border border-border bg-surface">
            <EmptyState
              title="No resources found"
              description="A canary runs one or more checks on a schedule: HTTP, DNS, TCP, databases and more."
            />
          </div>
        ) : (
          <CanariesTable canaries={canaries.data} />
        ))}
      {picking && <TypePickerDialog onClose={() => setPicking(false)} />}
    </section>
  );
}

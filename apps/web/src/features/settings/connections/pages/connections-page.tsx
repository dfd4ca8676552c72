import { connectionTypeSchema, type ConnectionType } from '@vigil/domain';
import { connectionTypeDefinition } from '@vigil/domain';
import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useConnectionsQuery } from '../api/connections-query.ts';
import { ConnectionFormDialog } from '../components/connection-form-dialog.tsx';
import { ConnectionsTable } from '../components/connections-table.tsx';
import { TypePickerDialog } from '../components/type-picker-dialog.tsx';

/**
 * /settings/connections (spec 001 §2). The open dialog lives in the URL: `?add` the type
 * picker, `?type=<type>` a new connection's form, `?id=<id>` an existing one's.
 */
export function ConnectionsPage() {
  usePageTitle('Connections');
  const connections = useConnectionsQuery();
  const canWrite = usePermission(['connections'], 'write');
  const [params, setParams] = useSearchParams();
  const show = (next: Record<string, string>) => setParams(next, { replace: true });
  const newType = connectionTypeSchema.safeParse(params.get('type'));
  const editing = connections.data?.find((connection) => connection.id === params.get('id'));

  return (
    <section aria-labelledby="connections-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="connections-heading" className="text-lg font-semibold">
          Connections
        </h1>
        {canWrite && (
          <Button variant="primary" onClick={() => show({ add: '1' })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Connection
          </Button>
        )}
      </div>
      {connections.isPending && <TableSkeleton label="Loading connections" />}
      {connections.isError && (
        <ErrorState
          message={connections.error.message}
          onRetry={() => void connections.refetch()}
        />
      )}
      {connections.isSuccess &&
        (connections.data.length === 0 ? (
          <div className="rounded-lg border border-border bg-surface">
            <EmptyState
              title="No result"
              description="A connection keeps the address and credentials of a system that checks and notifications use."
            />
          </div>
        ) : (
          <ConnectionsTable connections={connections.data} onOpen={(id) => show({ id })} />
        ))}
      {canWrite && params.has('add') && (
        <TypePickerDialog
          onPick={(type: ConnectionType) => show({ type })}
          onClose={() => show({})}
        />
      )}
      {canWrite && newType.success && (
        <ConnectionFormDialog
          key={newType.data}
          definition={connectionTypeDefinition(newType.data)}
          onBack={() => show({ add: '1' })}
          onClose={() => show({})}
        />
      )}
      {editing && (
        <ConnectionFormDialog
          key={editing.id}
          definition={connectionTypeDefinition(editing.type)}
          existing={editing}
          readOnly={!canWrite}
          onBack={() => show({})}
          onClose={() => show({})}
        />
      )}
    </section>
  );
}

import { agentPageSizes } from '@vigil/domain';
import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { Button } from '@/ui/button.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Pagination } from '@/ui/pagination.tsx';
import { TableSkeleton } from '@/ui/table.tsx';
import { useAgentsQuery } from '../api/agents-query.ts';
import { AgentDrawer } from '../components/agent-drawer.tsx';
import { AgentsTable } from '../components/agents-table.tsx';
import { CreateAgentDrawer } from '../components/create-agent-drawer.tsx';
import { DeleteAgentDialog } from '../components/delete-agent-dialog.tsx';
import { InstallInstructionsDialog } from '../components/install-instructions-dialog.tsx';
import {
  agentUrlSchema,
  defaultAgentPageSize,
  listParams,
  nextSort,
} from '../model/agent-url-state.ts';
import type { InstallTarget } from '../model/install-instructions.ts';

/** /agents and /settings/agents (spec 000 §2.6): sorting, paging and drawers live in the URL. */
export function AgentsPage() {
  usePageTitle('Agents');
  const [state, update] = useUrlState(agentUrlSchema);
  const agents = useAgentsQuery(listParams(state));
  const canWrite = usePermission(['agents'], 'write');
  // The token stays in memory only: it must never reach the URL or the history.
  const [installing, setInstalling] = useState<InstallTarget | undefined>(undefined);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | undefined>(undefined);

  const onSort = (column: Parameters<typeof nextSort>[1]): void => {
    const next = nextSort(state, column);
    const isDefault = next.sortBy === 'name' && next.sortOrder === 'asc';
    update({
      sortBy: isDefault ? undefined : next.sortBy,
      sortOrder: isDefault ? undefined : next.sortOrder,
      pageIndex: undefined,
    });
  };

  return (
    <section aria-labelledby="agents-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="agents-heading" className="text-lg font-semibold">
          Agents
        </h1>
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            label="Refresh agents"
            disabled={agents.isFetching}
            onClick={() => void agents.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
          </Button>
          {canWrite && (
            <Button variant="primary" onClick={() => update({ addAgent: 'true', id: undefined })}>
              <Plus aria-hidden="true" className="size-4" />
              Add Agent
            </Button>
          )}
        </div>
      </div>
      {agents.isPending && <TableSkeleton label="Loading agents" />}
      {agents.isError && agents.data === undefined && (
        <ErrorState
          title="Could not load the agents"
          message={agents.error.message}
          onRetry={() => void agents.refetch()}
        />
      )}
      {agents.data !== undefined &&
        (agents.data.data.length === 0 && state.pageIndex === 0 ? (
          <div className="rounded-lg border border-border bg-surface">
            <EmptyState description="An agent runs checks and scrapers close to the systems they watch and pushes the results here." />
          </div>
        ) : (
          <div className="space-y-3" aria-busy={agents.isPlaceholderData}>
            <AgentsTable
              agents={agents.data.data}
              now={agents.dataUpdatedAt}
              sortBy={state.sortBy}
              sortOrder={state.sortOrder}
              onSort={onSort}
              onOpen={(agent) => update({ id: agent.id, addAgent: undefined })}
            />
            <Pagination
              pageIndex={state.pageIndex}
              pageSize={state.pageSize}
              total={agents.data.totalEntries}
              shown={agents.data.data.length}
              emptyText="No agents"
              pageSizes={agentPageSizes}
              onPage={(pageIndex) => update({ pageIndex: pageIndex === 0 ? undefined : pageIndex })}
              onPageSize={(size) =>
                update({
                  pageSize: size === defaultAgentPageSize ? undefined : size,
                  pageIndex: undefined,
                })
              }
            />
          </div>
        ))}
      {state.addAgent === 'true' && canWrite && (
        <CreateAgentDrawer
          onClose={() => update({ addAgent: undefined })}
          onCreated={(created) => {
            update({ addAgent: undefined }, { replace: true });
            setInstalling({
              upstream: window.location.origin,
              name: created.name,
              token: created.access_token,
            });
          }}
        />
      )}
      {state.id !== undefined && deleting === undefined && (
        <AgentDrawer
          id={state.id}
          canWrite={canWrite}
          onClose={() => update({ id: undefined })}
          onDelete={setDeleting}
        />
      )}
      {deleting !== undefined && (
        <DeleteAgentDialog
          agent={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            setDeleting(undefined);
            update({ id: undefined });
          }}
        />
      )}
      {installing !== undefined && (
        <InstallInstructionsDialog target={installing} onClose={() => setInstalling(undefined)} />
      )}
    </section>
  );
}

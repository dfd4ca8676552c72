import { agentStatus } from '@vigil/domain';
import { Drawer } from '@/ui/drawer.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { ErrorState } from '@/ui/error-state.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { useAgentQuery } from '../api/agent-query.ts';
import { useUpdateAgent } from '../api/update-agent.ts';
import { AgentForm } from './agent-form.tsx';
import { AgentStatusBadge } from './agent-status-badge.tsx';

export interface AgentDrawerProps {
  id: string;
  canWrite: boolean;
  onClose: () => void;
  onDelete: (agent: { id: string; name: string }) => void;
}

/** The drawer of one agent (URL `id`): its status and the edit form. */
export function AgentDrawer({ id, canWrite, onClose, onDelete }: AgentDrawerProps) {
  const agent = useAgentQuery(id);
  const update = useUpdateAgent();
  const data = agent.data;
  return (
    <Drawer
      open
      onOpenChange={closeOnDismiss(onClose)}
      title={data ? (canWrite ? `Edit Agent ${data.name}` : `Agent ${data.name}`) : 'Agent'}
    >
      {agent.isPending && <Skeleton className="h-40 w-full" />}
      {agent.isError && (
        <ErrorState
          title="Could not load the agent"
          message={agent.error.message}
          onRetry={() => void agent.refetch()}
        />
      )}
      {data === null && <ErrorState title="Agent not found" message="It may have been deleted." />}
      {data && (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-2 rounded-md border border-border p-3 text-sm">
            <dt className="text-fg-muted">Status</dt>
            <dd>
              <AgentStatusBadge status={agentStatus(data.last_seen, agent.dataUpdatedAt)} />
            </dd>
            <dt className="text-fg-muted">Last seen</dt>
            <dd>{data.last_seen ? <RelativeTime value={data.last_seen} /> : 'Never'}</dd>
            <dt className="text-fg-muted">Last pushed</dt>
            <dd>{data.last_received ? <RelativeTime value={data.last_received} /> : 'Never'}</dd>
          </dl>
          <AgentForm
            key={data.updated_at ?? data.id}
            agent={data}
            canWrite={canWrite}
            pending={update.isPending}
            onCancel={onClose}
            onDelete={() => onDelete({ id: data.id, name: data.name })}
            onSubmit={async (payload) => {
              await update.mutateAsync({ id: data.id, patch: payload });
              onClose();
            }}
          />
        </div>
      )}
    </Drawer>
  );
}

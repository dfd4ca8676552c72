import { localAgentId } from '@vigil/domain';
import { Server } from 'lucide-react';

/** Names the remote agent that runs a check; local checks get no badge. */
export function AgentBadge({
  agentId,
  agentName,
}: {
  agentId: string | null | undefined;
  agentName: string | null | undefined;
}) {
  if (agentId === null || agentId === undefined || agentId === localAgentId) return null;
  const name = agentName ?? agentId;
  return (
    <span
      title={`Agent: ${name}`}
      className="inline-flex max-w-40 shrink-0 items-center gap-1 rounded border border-border px-1.5 py-0.5 text-xs text-fg-muted"
    >
      <Server aria-hidden="true" className="size-3 shrink-0" />
      <span className="sr-only">Agent </span>
      <span className="truncate">{name}</span>
    </span>
  );
}

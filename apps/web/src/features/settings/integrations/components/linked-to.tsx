import { localAgentId } from '@vigil/domain';
import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';

export interface LinkedToProps {
  source?: string | null | undefined;
  agent?: { id: string; name?: string | null | undefined } | null | undefined;
}

/** The form footer's 'Linked to' (spec 002 §4): the agent, a local file, or the source. */
export function LinkedTo({ source, agent }: LinkedToProps) {
  const link = cx('font-medium hover:underline', focusRing);
  if (agent && agent.id !== localAgentId)
    return (
      <p className="text-sm text-fg-muted">
        Linked to{' '}
        <Link className={link} to={`/settings/agents?id=${agent.id}`}>
          {agent.name ?? agent.id}
        </Link>
      </p>
    );
  if (source === 'ConfigFile') return <p className="text-sm text-fg-muted">Linked to local file</p>;
  if (source?.startsWith('component'))
    return (
      <p className="text-sm text-fg-muted">
        Linked to{' '}
        <Link className={link} to={`/topology/${source.split('/')[1] ?? ''}`}>
          component
        </Link>
      </p>
    );
  if (source?.startsWith('kubernetes'))
    return <p className="text-sm text-fg-muted">Linked to Kubernetes ({source})</p>;
  return null;
}

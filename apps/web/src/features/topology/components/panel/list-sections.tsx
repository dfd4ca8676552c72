import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import {
  useComponentChanges,
  useComponentChecks,
  useComponentIncidents,
  useComponentInsights,
  useComponentTeams,
} from '@/features/topology/api/panel-queries.ts';
import { AvatarStack } from '../card/avatar-stack.tsx';
import { StatusDot } from '../status-dot.tsx';
import { PanelList } from './panel-list.tsx';

const linkClass = cx('min-w-0 flex-1 truncate rounded hover:underline', focusRing);
const muted = 'shrink-0 text-xs text-fg-muted';

export function IncidentsSection({ componentId }: { componentId: string }) {
  return (
    <PanelList
      query={useComponentIncidents(componentId)}
      label="Incidents"
      empty="No incidents involve this component."
      rowKey={(row) => row.id}
      render={(row) => (
        <>
          <Link to={`/incidents/${row.id}`} className={linkClass}>
            {row.title}
          </Link>
          <span className={muted}>{[row.type, row.status].filter(Boolean).join(' · ')}</span>
          <span className={muted}>
            <RelativeTime value={row.created_at} />
          </span>
        </>
      )}
    />
  );
}

export function ChangesSection({ componentId }: { componentId: string }) {
  return (
    <PanelList
      query={useComponentChanges(componentId)}
      label="Changes"
      empty="The catalog items linked to this component have no changes."
      rowKey={(row) => row.id}
      render={(row) => (
        <>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{row.change_type}</span>
            <Link to={`/catalog/${row.config_id}/changes`} className={cx(linkClass, 'text-xs')}>
              {row.name ?? row.config_id}
            </Link>
          </span>
          <span className={muted}>
            <RelativeTime value={row.created_at} />
          </span>
        </>
      )}
    />
  );
}

export function ChecksSection({ componentId }: { componentId: string }) {
  return (
    <PanelList
      query={useComponentChecks(componentId)}
      label="Checks"
      empty="No health checks are linked to this component."
      rowKey={(row) => row.id}
      render={(row) => (
        <>
          <StatusDot status={row.status} />
          <Link to={`/health?checkId=${encodeURIComponent(row.id)}`} className={linkClass}>
            {row.name}
          </Link>
          <span className={muted}>{row.type}</span>
        </>
      )}
    />
  );
}

export function InsightsSection({ componentId }: { componentId: string }) {
  return (
    <PanelList
      query={useComponentInsights(componentId)}
      label="Insights"
      empty="The catalog items linked to this component have no open insights."
      rowKey={(row) => row.analysis_id}
      render={(row) => (
        <>
          <span className="min-w-0 flex-1">
            <Link
              to={`/catalog/insights?insight=${encodeURIComponent(row.analysis_id)}`}
              className={cx(linkClass, 'block')}
            >
              {row.analyzer ?? row.message}
            </Link>
            <span className="block truncate text-xs text-fg-muted">{row.name}</span>
          </span>
          <span className={muted}>{row.severity === 'low' ? 'medium' : row.severity}</span>
        </>
      )}
    />
  );
}

export function TeamsSection({ componentId }: { componentId: string }) {
  const query = useComponentTeams(componentId);
  const names = (query.data ?? []).flatMap((row) => (row.team ? [row.team.name] : []));
  return (
    <div className="space-y-2">
      {names.length > 0 && <AvatarStack names={names} label="Team avatars" />}
      <PanelList
        query={query}
        label="Teams"
        empty="No team owns this component."
        rowKey={(row) => `${row.team_id}-${row.selector_id ?? ''}`}
        render={(row) => (
          <>
            <span className="min-w-0 flex-1 truncate">{row.team?.name ?? row.team_id}</span>
            {row.role && <span className={muted}>{row.role}</span>}
          </>
        )}
      />
    </div>
  );
}

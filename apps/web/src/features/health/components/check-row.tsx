import { TableCell } from '@/ui/table.tsx';
import { formatRelative } from '@/ui/relative-time.tsx';
import {
  displayLatency,
  formatLatency,
  formatPercent,
  isStaleRun,
  uptimePercent,
} from '../model/check-metrics.ts';
import type { CheckGroup } from '../model/check-groups.ts';
import type { CheckSummary } from '@vigil/domain';
import { groupHealthColour, healthColour } from '../model/health-colour.ts';
import { AgentBadge } from './agent-badge.tsx';
import { HealthDot } from './health-badge.tsx';
import { recentRuns } from '../model/recent-runs.ts';
import { LatencySparkline, StatusStrip } from './recent-runs.tsx';

export interface CheckRowProps {
  check: CheckSummary;
  now: number;
  onOpen: (id: string) => void;
  indent: boolean;
}

export function CheckRow({ check, now, onOpen, indent }: CheckRowProps) {
  const status = check.status ?? 'unknown';
  const runs = recentRuns(check);
  return (
    <tr className="h-9 hover:bg-surface-muted">
      {/* w-full + max-w-0: the name column takes what the others leave and truncates in it. */}
      <TableCell className={indent ? 'w-full max-w-0 pl-7' : 'w-full max-w-0'}>
        <span className="flex min-w-0 items-center gap-2">
          <button
            type="button"
            className="min-w-0 truncate text-left underline-offset-2 hover:underline"
            title={check.description ?? check.name}
            onClick={() => onOpen(check.id)}
          >
            {check.name}
          </button>
          <AgentBadge agentId={check.agent_id} agentName={check.agent_name} />
        </span>
      </TableCell>
      <TableCell>
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <HealthDot colour={healthColour(status)} label={status} />
          {status}
          {isStaleRun(check.last_runtime, now) && check.last_runtime && (
            <span className="text-xs text-fg-muted">
              {formatRelative(new Date(check.last_runtime), new Date(now))}
            </span>
          )}
        </span>
      </TableCell>
      <TableCell className="py-0">
        <StatusStrip runs={runs} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatPercent(uptimePercent(check))}</TableCell>
      <TableCell className="whitespace-nowrap">
        <span className="inline-flex items-center gap-2">
          <LatencySparkline runs={runs} />
          <span className="tabular-nums">{formatLatency(displayLatency(check))}</span>
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {check.last_transition_time
          ? formatRelative(new Date(check.last_transition_time), new Date(now))
          : '-'}
      </TableCell>
    </tr>
  );
}

export function GroupRow({ group }: { group: CheckGroup }) {
  return (
    <tr className="h-9 bg-surface-muted">
      <TableCell className="w-full max-w-0 font-medium">
        <span className="flex min-w-0 items-center gap-2">
          <HealthDot colour={groupHealthColour(group.health)} label={group.health} />
          <span className="truncate">{group.key === '' ? '(none)' : group.key}</span>
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {group.passing} of {group.total} passing
      </TableCell>
      <TableCell>{''}</TableCell>
      <TableCell>{''}</TableCell>
      <TableCell>{''}</TableCell>
      <TableCell>{''}</TableCell>
    </tr>
  );
}

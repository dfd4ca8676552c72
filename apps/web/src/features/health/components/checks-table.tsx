import { Fragment } from 'react';
import { Table, TableCell } from '../../../ui/table.tsx';
import { formatRelative } from '../../../ui/relative-time.tsx';
import {
  displayLatency,
  formatLatency,
  formatPercent,
  isStaleRun,
  uptimePercent,
} from '../model/check-metrics.ts';
import type { CheckGroup } from '../model/check-groups.ts';
import type { CheckSummary } from '../model/check-summary.ts';
import { groupHealthColour, healthColour } from '../model/health-colour.ts';
import { HealthDot } from './health-badge.tsx';

const columns = ['Checks', 'Health', 'Uptime', 'Latency', 'Transition'] as const;

interface CheckRowProps {
  check: CheckSummary;
  now: number;
  onOpen: (id: string) => void;
}

function CheckRow({ check, now, onOpen }: CheckRowProps) {
  const status = check.status ?? 'unknown';
  return (
    <tr className="hover:bg-surface-muted">
      <TableCell>
        <button
          type="button"
          className="text-left underline-offset-2 hover:underline"
          onClick={() => onOpen(check.id)}
        >
          {check.name}
        </button>
      </TableCell>
      <TableCell>
        <span className="inline-flex items-center gap-2">
          <HealthDot colour={healthColour(status)} label={status} />
          {status}
          {isStaleRun(check.last_runtime, now) && check.last_runtime && (
            <span className="text-xs text-fg-muted">
              {formatRelative(new Date(check.last_runtime), new Date(now))}
            </span>
          )}
        </span>
      </TableCell>
      <TableCell>{formatPercent(uptimePercent(check))}</TableCell>
      <TableCell>{formatLatency(displayLatency(check))}</TableCell>
      <TableCell>
        {check.last_transition_time
          ? formatRelative(new Date(check.last_transition_time), new Date(now))
          : '-'}
      </TableCell>
    </tr>
  );
}

export interface ChecksTableProps {
  checks: readonly CheckSummary[];
  groups: readonly CheckGroup[] | null;
  /** When the data was fetched; ages are measured from it. */
  now: number;
  onOpen: (id: string) => void;
}

export function ChecksTable({ checks, groups, now, onOpen }: ChecksTableProps) {
  return (
    <Table label="Checks" columns={columns}>
      {groups === null
        ? checks.map((check) => <CheckRow key={check.id} check={check} now={now} onOpen={onOpen} />)
        : groups.map((group) => (
            <Fragment key={group.key}>
              <tr className="bg-surface-muted">
                <TableCell className="font-medium">
                  <span className="inline-flex items-center gap-2">
                    <HealthDot colour={groupHealthColour(group.health)} label={group.health} />
                    {group.key === '' ? '(none)' : group.key}
                  </span>
                </TableCell>
                <TableCell>
                  {group.passing} of {group.total} passing
                </TableCell>
                <TableCell>{''}</TableCell>
                <TableCell>{''}</TableCell>
                <TableCell>{''}</TableCell>
              </tr>
              {group.checks.map((check) => (
                <CheckRow key={check.id} check={check} now={now} onOpen={onOpen} />
              ))}
            </Fragment>
          ))}
    </Table>
  );
}

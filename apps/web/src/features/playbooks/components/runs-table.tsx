import type { PlaybookRunRow } from '@vigil/domain';
import { Link } from 'react-router';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import { displayName } from '../model/categories.ts';
import { durationBetween } from '../model/run-status.ts';
import { PlaybookIcon } from './playbook-icon.tsx';
import { RunResource } from './run-resource.tsx';
import { RunStatusBadge } from './run-status-badge.tsx';

const columns = ['Playbook', 'Status', 'Resource', 'Started', 'Duration', 'Run By'] as const;

function runBy(run: PlaybookRunRow): string {
  if (run.created_by === null || run.created_by === undefined) return 'Trigger';
  return typeof run.created_by === 'string' ? run.created_by : (run.created_by.name ?? '');
}

/** Runs newest first; the playbook's name opens the run. */
export function RunsTable({ runs }: { runs: readonly PlaybookRunRow[] }) {
  return (
    <Table label="Playbook runs" columns={columns}>
      {runs.map((run) => {
        const name = run.playbook ? displayName(run.playbook) : run.playbook_id;
        return (
          <tr key={run.id} className="hover:bg-surface-muted">
            <TableCell>
              <Link
                to={`/playbooks/runs/${run.id}`}
                className="flex items-center gap-2 font-medium hover:underline"
              >
                <PlaybookIcon name={run.playbook?.icon} />
                {name}
              </Link>
            </TableCell>
            <TableCell>
              <RunStatusBadge status={run.status} />
            </TableCell>
            <TableCell>
              <RunResource run={run} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <RelativeTime value={run.start_time ?? run.created_at} />
            </TableCell>
            <TableCell className="tabular-nums whitespace-nowrap">
              {durationBetween(run.start_time, run.end_time)}
            </TableCell>
            <TableCell>{runBy(run)}</TableCell>
          </tr>
        );
      })}
    </Table>
  );
}

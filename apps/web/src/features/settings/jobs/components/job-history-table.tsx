import { localAgentId, type JobHistory } from '@vigil/domain';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { TableCell } from '@/ui/table.tsx';
import { availableTabs } from '../model/job-details.ts';
import { formatJobDuration, resourceLink, resourceTypeLabel } from '../model/job-format.ts';
import type { SortColumn } from '../model/job-url-state.ts';
import { JobStatusBadge } from '@/ui/job-status-badge.tsx';

const columns: ReadonlyArray<readonly [SortColumn, string]> = [
  ['name', 'Job Name'],
  ['resource_name', 'Resource'],
  ['status', 'Status'],
  ['duration_millis', 'Duration'],
  ['success_count', 'Success Count'],
  ['error_count', 'Error Count'],
  // time_start and created_at differ by the write delay only: one column, with the sort's.
  ['created_at', 'Created'],
];

export interface JobHistoryTableProps {
  jobs: readonly JobHistory[];
  sortBy: SortColumn;
  sortOrder: 'asc' | 'desc';
  onSort: (column: SortColumn) => void;
  onOpen: (job: JobHistory) => void;
}

/** The resource's name (linked to its page), its type and the agent that ran it. */
function Resource({ job }: { job: JobHistory }) {
  const link = resourceLink(job.resource_type, job.resource_id);
  const name = job.resource_name ?? job.resource_id ?? '';
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      {link ? (
        <Link
          to={link}
          onClick={(event) => event.stopPropagation()}
          className={cx('hover:underline', focusRing)}
        >
          {name}
        </Link>
      ) : (
        name
      )}
      {job.resource_type && (
        <span className="text-xs text-fg-muted">{resourceTypeLabel(job.resource_type)}</span>
      )}
      {job.agent && job.agent.id !== localAgentId && (
        <span className="rounded border border-border px-1.5 py-0.5 text-xs text-fg-muted">
          {job.agent.name}
        </span>
      )}
    </span>
  );
}

/** Runs with sortable headers; a run with details opens them on a click or with Enter. */
export function JobHistoryTable({ jobs, sortBy, sortOrder, onSort, onOpen }: JobHistoryTableProps) {
  return (
    <div className="overflow-auto rounded-lg border border-border bg-surface">
      <table aria-label="Job history" className="key-column w-full text-left text-sm">
        <thead className="border-b border-border bg-surface text-xs text-fg-muted uppercase">
          <tr>
            {columns.map(([column, label]) => {
              const sorted = column === sortBy;
              const Arrow = sortOrder === 'asc' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={sorted ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className="px-3 py-2 font-medium whitespace-nowrap"
                >
                  <button
                    type="button"
                    onClick={() => onSort(column)}
                    className={cx('inline-flex items-center gap-1 uppercase', focusRing)}
                  >
                    {label}
                    {sorted && <Arrow aria-hidden="true" className="size-3" />}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {jobs.map((job) => {
            const openable = availableTabs(job.details).length > 0;
            return (
              <tr
                key={job.id}
                onClick={openable ? () => onOpen(job) : undefined}
                className={cx(openable && 'cursor-pointer hover:bg-surface-muted')}
              >
                <TableCell className="font-medium whitespace-nowrap">
                  {openable ? (
                    <button
                      type="button"
                      aria-label={`${job.name} details`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(job);
                      }}
                      className={cx('hover:underline', focusRing)}
                    >
                      {job.name}
                    </button>
                  ) : (
                    job.name
                  )}
                </TableCell>
                <TableCell>
                  <Resource job={job} />
                </TableCell>
                <TableCell>
                  <JobStatusBadge status={job.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {formatJobDuration(job.duration_millis)}
                </TableCell>
                <TableCell className="tabular-nums">{job.success_count ?? ''}</TableCell>
                <TableCell className="tabular-nums">{job.error_count ?? ''}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <RelativeTime value={job.created_at} />
                </TableCell>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

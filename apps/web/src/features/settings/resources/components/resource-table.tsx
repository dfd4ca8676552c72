import { localAgentId } from '@vigil/domain';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { JobDetailsDialog, jobDetailTabsOf } from '@/features/settings/jobs/index.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { JobStatusBadge } from '@/ui/job-status-badge.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import type { ResourceRow } from '../api/resource-row.ts';
import {
  visibleColumns,
  type ListColumn,
  type ResourceDefinition,
} from '../model/resource-definition.ts';
import { TagsCell } from './tags-cell.tsx';

const jobDialogSchema = z.object({ job: z.string().optional(), tab: z.string().optional() });

type Cell = (row: ResourceRow, open: (id: string) => void) => ReactNode;

function nameCell(table: string): Cell {
  return (row) => (
    <>
      <Link
        to={`/settings/${table}/${row.id}`}
        onClick={(event) => event.stopPropagation()}
        className={cx('hover:underline', focusRing)}
      >
        {row.name}
      </Link>
      {row.agent && row.agent.id !== localAgentId && (
        <span className="ml-2 rounded border border-border px-1.5 py-0.5 text-xs font-normal text-fg-muted">
          {row.agent.name}
        </span>
      )}
    </>
  );
}

const cells: Record<Exclude<ListColumn, 'Name'>, Cell> = {
  Source: (row) => row.source ?? '',
  Schedule: (row) => row.schedule ?? '',
  Namespace: (row) => row.namespace ?? '',
  'Job Status': (row, open) =>
    row.job_status && (
      <span className="flex items-center gap-2 whitespace-nowrap">
        <JobStatusBadge status={row.job_status} />
        {jobDetailTabsOf(row.job_details).length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={(event) => {
              event.stopPropagation();
              open(row.id);
            }}
          >
            View details
          </Button>
        )}
      </span>
    ),
  'Last Run': (row) => <RelativeTime value={row.last_runtime} />,
  'Last Failed': (row) => <RelativeTime value={row.job_last_failed} />,
  Tags: (row) => <TagsCell labels={row.labels} />,
  Created: (row) => <RelativeTime value={row.created_at} />,
  Updated: (row) => <RelativeTime value={row.updated_at} />,
  'Created By': (row) => row.created_by?.name ?? '',
};

/** The settings list of one table (spec 002 §2); a row click opens its detail page. */
export function ResourceTable({
  definition,
  rows,
}: {
  definition: ResourceDefinition;
  rows: readonly ResourceRow[];
}) {
  const navigate = useNavigate();
  const [state, update] = useUrlState(jobDialogSchema);
  const columns = visibleColumns(definition);
  const details = rows.find((row) => row.id === state.job);
  const open = (id: string) => update({ job: id, tab: undefined });
  return (
    <>
      <Table label={definition.title} columns={columns}>
        {rows.map((row) => (
          <tr
            key={row.id}
            onClick={() => void navigate(`/settings/${definition.table}/${row.id}`)}
            className="cursor-pointer hover:bg-surface-muted"
          >
            {columns.map((column) => (
              <TableCell
                key={column}
                className={
                  column === 'Name' ? 'font-medium whitespace-nowrap' : 'whitespace-nowrap'
                }
              >
                {column === 'Name'
                  ? nameCell(definition.table)(row, open)
                  : cells[column](row, open)}
              </TableCell>
            ))}
          </tr>
        ))}
      </Table>
      {details?.job_details && (
        <JobDetailsDialog
          title={details.name}
          details={details.job_details}
          onClose={() => update({ job: undefined, tab: undefined })}
        />
      )}
    </>
  );
}

import { localAgentId } from '@vigil/domain';
import { Link, useNavigate } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { JobStatusBadge } from '@/ui/job-status-badge.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import type { IntegrationRow } from '../api/integrations-query.ts';
import { integrationTypeLabels } from '../model/integration-labels.ts';

const columns = [
  'Name',
  'Type',
  'Namespace',
  'Source',
  'Job Status',
  'Last Run',
  'Created By',
  'Created',
  'Updated',
] as const;

/** /settings/integrations: a row click opens /settings/integrations/{type}/{id}. */
export function IntegrationsTable({ rows }: { rows: readonly IntegrationRow[] }) {
  const navigate = useNavigate();
  return (
    <Table label="Integrations" columns={columns}>
      {rows.map((row) => {
        const to = `/settings/integrations/${row.integration_type}/${row.id}`;
        return (
          <tr
            key={`${row.integration_type}-${row.id}`}
            onClick={() => void navigate(to)}
            className="cursor-pointer hover:bg-surface-muted"
          >
            <TableCell className="font-medium whitespace-nowrap">
              <Link
                to={to}
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
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {integrationTypeLabels[row.integration_type]}
            </TableCell>
            <TableCell>{row.namespace ?? ''}</TableCell>
            <TableCell>{row.source ?? ''}</TableCell>
            <TableCell>{row.job_status && <JobStatusBadge status={row.job_status} />}</TableCell>
            <TableCell className="whitespace-nowrap">
              <RelativeTime value={row.job_time_start} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{row.creator?.name ?? ''}</TableCell>
            <TableCell className="whitespace-nowrap">
              <RelativeTime value={row.created_at} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <RelativeTime value={row.updated_at} />
            </TableCell>
          </tr>
        );
      })}
    </Table>
  );
}

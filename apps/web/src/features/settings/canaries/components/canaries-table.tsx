import { localAgentId } from '@vigil/domain';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { JobDetailsDialog, jobDetailTabsOf } from '@/features/settings/jobs/index.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { hiddenWhenNarrow, Table, TableCell } from '@/ui/table.tsx';
import type { CanaryListItem } from '../api/canaries-query.ts';
import { JobStatusBadge } from '@/ui/job-status-badge.tsx';

/**
 * Spec 002 §2: the settings list columns; canaries hide Namespace. Source (blank for canaries
 * made here), Last Failed (Job Status says failed) and Created go when the table is narrow,
 * so that at 1440 px Updated and Created By stay in view.
 */
const columns = [
  'Name',
  { label: 'Source', className: hiddenWhenNarrow },
  'Schedule',
  'Job Status',
  'Last Run',
  { label: 'Last Failed', className: hiddenWhenNarrow },
  'Tags',
  { label: 'Created', className: hiddenWhenNarrow },
  'Updated',
  'Created By',
] as const;

function Tags({ labels }: { labels: Record<string, string> | null | undefined }) {
  const tags = Object.entries(labels ?? {}).map(([key, value]) => `${key}: ${value}`);
  const [first] = tags;
  if (first === undefined) return null;
  return (
    <span className="flex items-center gap-1 whitespace-nowrap">
      <span className="rounded bg-surface-muted px-1.5 py-0.5 text-xs">{first}</span>
      {tags.length > 1 && (
        <span className="text-xs text-fg-muted" title={tags.slice(1).join(', ')}>
          +{tags.length - 1} more
        </span>
      )}
    </span>
  );
}

/** The canary whose last run's details are open, and their tab, as on /settings/jobs. */
const jobDialogSchema = z.object({ job: z.string().optional(), tab: z.string().optional() });

export function CanariesTable({ canaries }: { canaries: readonly CanaryListItem[] }) {
  const navigate = useNavigate();
  const [state, update] = useUrlState(jobDialogSchema);
  const details = canaries.find((canary) => canary.id === state.job);
  return (
    <>
      <Table label="Health checks" columns={columns}>
        {canaries.map((canary) => (
          <tr
            key={canary.id}
            onClick={() => void navigate(`/settings/canaries/${canary.id}`)}
            className="cursor-pointer hover:bg-surface-muted"
          >
            <TableCell className="font-medium whitespace-nowrap">
              <Link
                to={`/settings/canaries/${canary.id}`}
                onClick={(event) => event.stopPropagation()}
                className={cx('hover:underline', focusRing)}
              >
                {canary.name}
              </Link>
              {canary.agent && canary.agent.id !== localAgentId && (
                <span className="ml-2 rounded border border-border px-1.5 py-0.5 text-xs font-normal text-fg-muted">
                  {canary.agent.name}
                </span>
              )}
            </TableCell>
            <TableCell className={hiddenWhenNarrow}>{canary.source ?? ''}</TableCell>
            <TableCell className="whitespace-nowrap">{canary.schedule ?? ''}</TableCell>
            <TableCell>
              {canary.job_status && (
                // Wraps "View details" under the badge rather than widening the table.
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 whitespace-nowrap">
                  <JobStatusBadge status={canary.job_status} />
                  {jobDetailTabsOf(canary.job_details).length > 0 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={(event) => {
                        event.stopPropagation();
                        update({ job: canary.id, tab: undefined });
                      }}
                    >
                      View details
                    </Button>
                  )}
                </span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <RelativeTime value={canary.last_runtime} />
            </TableCell>
            <TableCell className={cx('whitespace-nowrap', hiddenWhenNarrow)}>
              <RelativeTime value={canary.job_last_failed} />
            </TableCell>
            <TableCell>
              <Tags labels={canary.labels} />
            </TableCell>
            <TableCell className={cx('whitespace-nowrap', hiddenWhenNarrow)}>
              <RelativeTime value={canary.created_at} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <RelativeTime value={canary.updated_at} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{canary.created_by?.name ?? ''}</TableCell>
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

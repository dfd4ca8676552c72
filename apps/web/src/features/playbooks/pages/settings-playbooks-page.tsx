import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell, TableSkeleton } from '@/ui/table.tsx';
import { usePlaybookSpecsQuery } from '../api/playbook-specs-query.ts';
import { PlaybookIcon } from '../components/playbook-icon.tsx';

const columns = ['Name', 'Namespace', 'Category', 'Source', 'Created', 'Updated', 'Created By'];

/** /settings/playbooks: the playbook specs, each opening its editor (spec 002 §2 Settings). */
export function SettingsPlaybooksPage() {
  usePageTitle('Playbooks');
  const rows = usePlaybookSpecsQuery();
  const mayEdit = usePermission(['playbooks'], 'write');
  return (
    <section aria-labelledby="settings-playbooks-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="settings-playbooks-heading" className="text-lg font-semibold">
          Playbooks
        </h1>
        {mayEdit && (
          <Link
            to="/settings/playbooks/new"
            className={cx(
              'inline-flex h-9 items-center gap-2 rounded-md bg-accent px-3 text-sm font-medium text-accent-fg hover:bg-accent-hover',
              focusRing,
            )}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add Playbook
          </Link>
        )}
      </div>
      {rows.isPending && <TableSkeleton label="Loading playbooks" />}
      {rows.isError && (
        <ErrorState
          title="Could not load the playbooks"
          message={rows.error.message}
          onRetry={() => void rows.refetch()}
        />
      )}
      {rows.isSuccess &&
        (rows.data.length === 0 ? (
          <div className="rounded-lg border border-border bg-surface">
            <EmptyState
              title="No resources found"
              description="A playbook is a list of actions, with parameters, that operators run on configs, components and checks."
            />
          </div>
        ) : (
          <Table label="Playbooks" columns={columns}>
            {rows.data.map((row) => (
              <tr key={row.id} className="hover:bg-surface-muted">
                <TableCell>
                  <Link
                    to={`/settings/playbooks/${row.id}`}
                    className="flex items-center gap-2 font-medium hover:underline"
                  >
                    <PlaybookIcon name={row.icon} />
                    {row.name}
                  </Link>
                </TableCell>
                <TableCell>{row.namespace}</TableCell>
                <TableCell>{row.category}</TableCell>
                <TableCell>{row.source}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <RelativeTime value={row.created_at} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <RelativeTime value={row.updated_at} />
                </TableCell>
                <TableCell>{row.created_by?.name}</TableCell>
              </tr>
            ))}
          </Table>
        ))}
    </section>
  );
}

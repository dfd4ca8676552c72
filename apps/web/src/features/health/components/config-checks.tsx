import { Activity } from 'lucide-react';
import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { QueryList } from '@/ui/query-list.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import { useConfigChecks } from '../api/config-checks-query.ts';
import { healthColour } from '../model/health-colour.ts';
import { HealthDot } from './health-badge.tsx';

/** A config's Checks tab (spec 001 §2): the checks linked to it, each opening its check. */
export function ConfigChecks({ configId }: { configId: string }) {
  return (
    <QueryList
      query={useConfigChecks(configId)}
      loadingLabel="Loading checks"
      errorTitle="Could not load the checks"
      empty={{
        icon: Activity,
        title: 'No checks',
        description: 'No health check is linked to this config.',
      }}
    >
      {(checks) => (
        <Table label="Checks of this config" columns={['Name', 'Type', 'Status', 'Last run']}>
          {checks.map((check) => (
            <tr key={check.id}>
              <TableCell>
                <Link
                  to={`/health?checkId=${encodeURIComponent(check.id)}`}
                  className={cx('rounded font-medium hover:underline', focusRing)}
                >
                  {check.name}
                </Link>
                {check.namespace && (
                  <span className="ml-2 text-xs text-fg-muted">{check.namespace}</span>
                )}
              </TableCell>
              <TableCell className="text-fg-muted">{check.type ?? '—'}</TableCell>
              <TableCell>
                <span className="inline-flex items-center gap-2">
                  <HealthDot
                    colour={healthColour(check.status)}
                    label={check.status ?? 'unknown'}
                  />
                  {check.status ?? 'unknown'}
                </span>
              </TableCell>
              <TableCell className="text-fg-muted">
                {check.last_runtime ? <RelativeTime value={check.last_runtime} /> : 'Never'}
              </TableCell>
            </tr>
          ))}
        </Table>
      )}
    </QueryList>
  );
}

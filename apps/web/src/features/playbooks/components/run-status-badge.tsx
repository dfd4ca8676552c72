import type { PlaybookActionStatus } from '@vigil/domain';
import { cx } from '@/ui/class-names.ts';
import { statusLabels, statusTones } from '../model/run-status.ts';

export function RunStatusBadge({ status }: { status: PlaybookActionStatus }) {
  return (
    <span
      className={cx(
        'inline-block rounded border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap',
        statusTones[status],
      )}
    >
      {statusLabels[status]}
    </span>
  );
}

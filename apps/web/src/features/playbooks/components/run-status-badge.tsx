import { cx } from '@/ui/class-names.ts';
import { statusLabels, statusTones, type AnyRunStatus } from '../model/run-status.ts';

export function RunStatusBadge({ status }: { status: AnyRunStatus }) {
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

import type { AgentStatus } from '@vigil/domain';
import { cx } from '@/ui/class-names.ts';

/** Online in the healthy colour, Offline in the neutral one: offline is not an error. */
export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span
        aria-hidden="true"
        className={cx('size-2 rounded-full', status === 'Online' ? 'bg-healthy' : 'bg-unknown')}
      />
      {status}
    </span>
  );
}

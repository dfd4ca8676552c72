import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { useComponentPlaybookRuns } from '@/features/topology/api/panel-queries.ts';
import { PanelList } from './panel-list.tsx';

/** The component's playbook runs (id, status, start time, playbook), 50 at most. */
export function PlaybooksSection({ componentId }: { componentId: string }) {
  return (
    <PanelList
      query={useComponentPlaybookRuns(componentId)}
      label="Playbook runs"
      empty="No playbook has run on this component."
      rowKey={(row) => row.id}
      render={(row) => (
        <>
          <Link
            to={`/playbooks/runs/${row.id}`}
            className={cx('min-w-0 flex-1 truncate rounded hover:underline', focusRing)}
          >
            {row.playbooks?.name ?? row.id}
          </Link>
          <span className="shrink-0 text-xs text-fg-muted">{row.status}</span>
          <span className="shrink-0 text-xs text-fg-muted">
            <RelativeTime value={row.start_time} />
          </span>
        </>
      )}
    />
  );
}

import type { PlaybookRow } from '@vigil/domain';
import type { RunStats } from '../api/playbooks-query.ts';
import { History, Pencil, Play, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { displayName } from '../model/categories.ts';
import { PlaybookIcon } from './playbook-icon.tsx';

export interface PlaybookCardProps {
  playbook: PlaybookRow;
  /** Runs of the last 30 days; undefined while unknown. */
  stats: RunStats | undefined;
  mayRun: boolean;
  mayEdit: boolean;
  onRun: () => void;
  onDelete: () => void;
}

const linkButton = cx(
  'inline-flex h-7 items-center gap-1.5 rounded-md border border-border bg-surface px-2 text-xs font-medium text-fg hover:bg-surface-muted',
  focusRing,
);

function runCountText(stats: RunStats | undefined): string {
  if (stats === undefined) return '';
  return `${stats.count === 1 ? '1 run' : `${stats.count} runs`} in 30 days`;
}

/** A playbook: what it does and how often it ran, with History, Run, Edit and Delete. */
export function PlaybookCard({
  playbook,
  stats,
  mayRun,
  mayEdit,
  onRun,
  onDelete,
}: PlaybookCardProps) {
  const name = displayName(playbook);
  const description = playbook.description ?? playbook.spec.description ?? '';
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex items-start gap-3">
        <span className="rounded-md bg-surface-muted p-2">
          <PlaybookIcon name={playbook.icon ?? playbook.spec.icon} className="size-5 text-fg" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium" title={name}>
            {name}
          </h3>
          <p className="text-xs text-fg-muted">
            {runCountText(stats)}
            {stats?.last !== undefined && (
              <>
                {' · last '}
                <RelativeTime value={stats.last} />
              </>
            )}
          </p>
        </div>
      </div>
      {description !== '' && <p className="line-clamp-2 text-sm text-fg-muted">{description}</p>}
      <div className="mt-auto flex items-center gap-2">
        <Link
          to={`/playbooks/runs?playbook=${playbook.id}`}
          className={linkButton}
          aria-label={`History of ${name}`}
        >
          <History aria-hidden="true" className="size-3.5" />
          History
        </Link>
        {mayRun && (
          <Button size="sm" variant="primary" aria-label={`Run ${name}`} onClick={onRun}>
            <Play aria-hidden="true" className="size-3.5" />
            Run
          </Button>
        )}
        {mayEdit && (
          <span className="ml-auto flex gap-1">
            <Link
              to={`/settings/playbooks/${playbook.id}`}
              className={cx(linkButton, 'border-transparent px-1.5')}
              aria-label={`Edit ${name}`}
              title={`Edit ${name}`}
            >
              <Pencil aria-hidden="true" className="size-3.5" />
            </Link>
            <Button size="sm" variant="ghost" label={`Delete ${name}`} onClick={onDelete}>
              <Trash2 aria-hidden="true" className="size-3.5" />
            </Button>
          </span>
        )}
      </div>
    </li>
  );
}

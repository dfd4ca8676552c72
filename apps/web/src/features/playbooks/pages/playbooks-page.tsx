import type { PlaybookRow } from '@vigil/domain';
import { BookOpen, ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { useDeletePlaybook } from '../api/delete-playbook.ts';
import { usePlaybookRowsQuery, useRecentRunStatsQuery } from '../api/playbooks-query.ts';
import { PlaybookCard } from '../components/playbook-card.tsx';
import { RunPlaybookDialog } from '../components/run-playbook-dialog.tsx';
import { displayName, groupByCategory } from '../model/categories.ts';

const headerLink = cx(
  'inline-flex h-9 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm font-medium hover:bg-surface-muted',
  focusRing,
);

const primaryLink = cx(
  'inline-flex h-9 items-center gap-2 rounded-md bg-accent px-3 text-sm font-medium text-accent-fg hover:bg-accent-hover',
  focusRing,
);

/** /playbooks: cards by category (default 'Other') with History, Run, edit and delete (spec 002 §2). */
export function PlaybooksPage() {
  usePageTitle('Playbooks');
  const playbooks = usePlaybookRowsQuery();
  const stats = useRecentRunStatsQuery();
  const mayRun = usePermission(['playbook_runs'], 'write');
  const mayEdit = usePermission(['playbooks'], 'write');
  const [running, setRunning] = useState<PlaybookRow | undefined>(undefined);
  const [deleting, setDeleting] = useState<PlaybookRow | undefined>(undefined);
  const remove = useDeletePlaybook();

  return (
    <section aria-labelledby="playbooks-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="playbooks-heading" className="text-lg font-semibold">
          Playbooks
        </h1>
        <div className="flex gap-2">
          <Link to="/playbooks/runs" className={headerLink}>
            <ListChecks aria-hidden="true" className="size-4" />
            Runs
          </Link>
          {mayEdit && (
            <Link to="/settings/playbooks/new" className={primaryLink}>
              <Plus aria-hidden="true" className="size-4" />
              Add Playbook
            </Link>
          )}
        </div>
      </div>
      {playbooks.isPending && (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading playbooks"
          className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
        >
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-32 w-full" />
          ))}
        </div>
      )}
      {playbooks.isError && (
        <ErrorState
          title="Could not load the playbooks"
          message={playbooks.error.message}
          onRetry={() => void playbooks.refetch()}
        />
      )}
      {playbooks.isSuccess && playbooks.data.length === 0 && (
        <div className="rounded-lg border border-border bg-surface">
          <EmptyState
            icon={BookOpen}
            title="No resources found"
            description="A playbook is a parameterised list of actions (scripts, HTTP calls, SQL, GitOps changes) that operators run on a config, component or check."
          />
        </div>
      )}
      {playbooks.isSuccess &&
        groupByCategory(playbooks.data).map((category) => (
          <section key={category.name} aria-label={category.name} className="space-y-3">
            <h2 className="text-sm font-semibold text-fg-muted">
              {category.name} <span className="font-normal">({category.playbooks.length})</span>
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {category.playbooks.map((playbook) => (
                <PlaybookCard
                  key={playbook.id}
                  playbook={playbook}
                  stats={
                    stats.data?.get(playbook.id) ??
                    (stats.isSuccess ? { count: 0, last: undefined } : undefined)
                  }
                  mayRun={mayRun}
                  mayEdit={mayEdit}
                  onRun={() => setRunning(playbook)}
                  onDelete={() => setDeleting(playbook)}
                />
              ))}
            </ul>
          </section>
        ))}
      {running !== undefined && (
        <RunPlaybookDialog playbook={running} onClose={() => setRunning(undefined)} />
      )}
      {deleting !== undefined && (
        <ConfirmDialog
          title="Delete playbook"
          message={`Delete ${displayName(deleting)}? Its runs stay in the history.`}
          pending={remove.isPending}
          onConfirm={() => remove.mutateAsync({ id: deleting.id, name: displayName(deleting) })}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </section>
  );
}

import { liveRunStatuses, type PlaybookRunRow, type PlaybookRunActionRow } from '@vigil/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import type { PlaybookTarget } from '../api/playbook-keys.ts';
import { useRunApprovalsQuery, useRunDetailQuery } from '../api/run-detail-query.ts';
import { useRunDecision, type RunDecision } from '../api/run-decisions.ts';
import { useRunLogStream } from '../api/run-log-stream.ts';
import { ActionList } from '../components/action-list.tsx';
import { ActionOutput } from '../components/action-output.tsx';
import { ApprovalPanel } from '../components/approval-panel.tsx';
import { ParamsDialog } from '../components/params-dialog.tsx';
import { RunHeader } from '../components/run-header.tsx';
import { RunPlaybookDialog } from '../components/run-playbook-dialog.tsx';
import { displayName } from '../model/categories.ts';
import { hasInitializationStep, initializationStepId } from '../model/run-logs.ts';

const runPageUrl = z.object({ action: z.string().optional() });

function defaultStep(
  run: PlaybookRunRow,
  actions: readonly PlaybookRunActionRow[],
): string | undefined {
  if (hasInitializationStep(run, actions)) return initializationStepId;
  const open = actions.filter((action) => action.status !== 'skipped');
  return (
    open.find((action) => action.status === 'failed' || action.status === 'running')?.id ??
    open.at(-1)?.id
  );
}

function targetOf(run: PlaybookRunRow): PlaybookTarget | undefined {
  if (run.config_id) return { kind: 'config', id: run.config_id };
  if (run.component_id) return { kind: 'component', id: run.component_id };
  if (run.check_id) return { kind: 'check', id: run.check_id };
  return undefined;
}

/** /playbooks/runs/{id}: actions, their output, approvals, Params, Re-run, Download, Cancel. */
export function PlaybookRunPage() {
  const { id = '' } = useParams();
  const detail = useRunDetailQuery(id);
  const name = detail.data?.run.playbook ? displayName(detail.data.run.playbook) : 'Playbook Run';
  usePageTitle(name);
  return (
    <section aria-labelledby="run-heading" className="space-y-4">
      {detail.isPending && (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading the playbook run"
          className="space-y-3"
        >
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
      {detail.isError && (
        <ErrorState
          title="Could not load the playbook run"
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
        />
      )}
      {detail.isSuccess && detail.data === null && (
        <ErrorState title="Playbook run not found" message={`No playbook run has the id ${id}.`} />
      )}
      {detail.isSuccess && detail.data !== null && (
        <LoadedRun run={detail.data.run} actions={detail.data.actions} />
      )}
    </section>
  );
}

type Overlay = 'params' | 'rerun' | 'cancel' | undefined;

function LoadedRun({ run, actions }: { run: PlaybookRunRow; actions: PlaybookRunActionRow[] }) {
  const [url, update] = useUrlState(runPageUrl);
  const [overlay, setOverlay] = useState<Overlay>(undefined);
  const mayRun = usePermission(['playbook_runs'], 'write');
  const live = liveRunStatuses.includes(run.status);
  const approvals = useRunApprovalsQuery(run.id, live);
  const streamed = useRunLogStream(run.id, live);
  const decide = useRunDecision();
  const selected = url.action ?? defaultStep(run, actions);
  const action = actions.find((item) => item.id === selected);
  const onDecide = (decision: RunDecision) => decide.mutate({ decision, runId: run.id });

  return (
    <>
      <RunHeader
        run={run}
        actions={actions}
        mayRun={mayRun}
        cancelling={decide.isPending && decide.variables.decision === 'cancel'}
        onParams={() => setOverlay('params')}
        onRerun={() => setOverlay('rerun')}
        onCancel={() => setOverlay('cancel')}
      />
      <ApprovalPanel
        spec={run.playbook?.spec}
        approvals={approvals.data ?? []}
        waiting={run.status === 'pending_approval'}
        mayDecide={mayRun}
        pending={decide.isPending}
        onDecide={onDecide}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(16rem,22rem)_1fr]">
        <div className="space-y-2">
          <h2 className="text-sm font-semibold text-fg-muted">Actions</h2>
          {actions.length === 0 && !hasInitializationStep(run, actions) ? (
            <p className="rounded-md border border-border bg-surface p-3 text-sm text-fg-muted">
              {live ? 'No action has started yet.' : 'This run has no actions.'}
            </p>
          ) : (
            <ActionList
              run={run}
              actions={actions}
              selected={selected}
              onSelect={(step) => update({ action: step }, { replace: true })}
            />
          )}
        </div>
        <div className="min-w-0 rounded-lg border border-border bg-surface p-4">
          {selected === initializationStepId ? (
            <article aria-label="Output of Initialization" className="space-y-2">
              <h2 className="font-semibold">Initialization</h2>
              <pre className="overflow-auto rounded-md border border-unhealthy/40 bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap text-unhealthy">
                {run.error}
              </pre>
            </article>
          ) : actions.length === 0 ? (
            <EmptyState
              title="No output yet"
              description={
                run.status === 'pending_approval'
                  ? 'The actions start once the run is approved.'
                  : "Each action's logs and result appear here as it runs."
              }
            />
          ) : action === undefined ? (
            <EmptyState
              title="No action selected"
              description="Choose an action to see its logs and result."
            />
          ) : (
            <ActionOutput action={action} liveText={streamed.get(action.id)} />
          )}
        </div>
      </div>
      {overlay === 'params' && (
        <ParamsDialog parameters={run.parameters ?? {}} onClose={() => setOverlay(undefined)} />
      )}
      {overlay === 'rerun' && run.playbook?.spec !== undefined && (
        <RunPlaybookDialog
          playbook={{
            id: run.playbook_id,
            name: run.playbook.name,
            title: run.playbook.title,
            spec: run.playbook.spec,
          }}
          target={targetOf(run)}
          initialParams={run.parameters}
          onClose={() => setOverlay(undefined)}
        />
      )}
      {overlay === 'cancel' && (
        <ConfirmDialog
          title="Cancel playbook run"
          message="Actions that have not finished are stopped, and the run ends as cancelled."
          confirmLabel="Stop run"
          pendingLabel="Cancelling..."
          pending={decide.isPending}
          onConfirm={() => decide.mutateAsync({ decision: 'cancel', runId: run.id })}
          onClose={() => setOverlay(undefined)}
        />
      )}
    </>
  );
}

import type { ReactNode } from 'react';
import { finishedRunStatuses, type PlaybookRunRow, type PlaybookRunActionRow } from '@vigil/domain';
import { Ban, Download, ListTree, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/ui/button.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { displayName } from '../model/categories.ts';
import { runLogText } from '../model/run-logs.ts';
import { durationBetween } from '../model/run-status.ts';
import { PlaybookIcon } from './playbook-icon.tsx';
import { RunResource } from './run-resource.tsx';
import { RunStatusBadge } from './run-status-badge.tsx';

export interface RunHeaderProps {
  run: PlaybookRunRow;
  actions: readonly PlaybookRunActionRow[];
  mayRun: boolean;
  cancelling: boolean;
  onParams: () => void;
  onRerun: () => void;
  onCancel: () => void;
}

function downloadLogs(run: PlaybookRunRow, actions: readonly PlaybookRunActionRow[]) {
  try {
    const blob = new Blob([runLogText(run, actions)], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `playbook-run-${run.id}.log`;
    link.click();
    URL.revokeObjectURL(url);
    toast.success('Downloaded logs');
  } catch {
    toast.error('Failed to download logs');
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** The run's name, status and facts, with Params, Re-run, Download logs and Cancel. */
export function RunHeader({
  run,
  actions,
  mayRun,
  cancelling,
  onParams,
  onRerun,
  onCancel,
}: RunHeaderProps) {
  const name = run.playbook ? displayName(run.playbook) : 'Playbook run';
  const runBy =
    run.created_by === null || run.created_by === undefined
      ? 'Trigger'
      : typeof run.created_by === 'string'
        ? run.created_by
        : (run.created_by.name ?? '');
  return (
    <header className="space-y-4 rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <PlaybookIcon name={run.playbook?.icon} className="size-6 text-fg" />
          <div>
            <h1 id="run-heading" className="text-lg font-semibold">
              {name}
            </h1>
            <Link
              to={`/playbooks/runs?playbook=${run.playbook_id}`}
              className="text-xs text-accent hover:underline"
            >
              All runs of this playbook
            </Link>
          </div>
          <RunStatusBadge status={run.status} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onParams}>
            <ListTree aria-hidden="true" className="size-4" />
            Params
          </Button>
          <Button onClick={() => downloadLogs(run, actions)}>
            <Download aria-hidden="true" className="size-4" />
            Download logs
          </Button>
          {mayRun && run.playbook?.spec !== undefined && (
            <Button onClick={onRerun}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Re-run playbook
            </Button>
          )}
          {mayRun && !finishedRunStatuses.includes(run.status) && (
            <Button variant="danger" disabled={cancelling} onClick={onCancel}>
              <Ban aria-hidden="true" className="size-4" />
              {cancelling ? 'Cancelling...' : 'Cancel run'}
            </Button>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Resource">
          <RunResource run={run} />
        </Fact>
        <Fact label="Run By">{runBy}</Fact>
        <Fact label="Created">
          <RelativeTime value={run.created_at} />
        </Fact>
        <Fact label="Started">
          {run.start_time ? (
            <RelativeTime value={run.start_time} />
          ) : (
            <span className="text-fg-muted">Not yet</span>
          )}
        </Fact>
        <Fact label="Ended">
          {run.end_time ? (
            <RelativeTime value={run.end_time} />
          ) : (
            <span className="text-fg-muted">–</span>
          )}
        </Fact>
        <Fact label="Duration">
          <span className="tabular-nums">
            {durationBetween(run.start_time, run.end_time) || '–'}
          </span>
        </Fact>
      </dl>
      {run.error && (
        <p
          role="alert"
          className="rounded-md border border-unhealthy/40 bg-surface-muted p-2 text-sm text-unhealthy"
        >
          {run.error}
        </p>
      )}
    </header>
  );
}

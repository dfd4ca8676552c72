import { Link } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '../../../lib/session/session-queries.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { formatRelative } from '../../../ui/relative-time.tsx';
import { runInitiatedMessage, useRunCheck } from '../api/check-history-query.ts';
import {
  formatLatency,
  formatPercent,
  formatSeverity,
  uptimePercent,
} from '../model/check-metrics.ts';
import type { CheckSummary } from '../model/check-summary.ts';
import { healthColour } from '../model/health-colour.ts';
import { canRunChecks } from '@vigil/domain';
import { CheckHistory } from './check-history.tsx';
import { HealthDot } from './health-badge.tsx';

export interface CheckDetailModalProps {
  check: CheckSummary;
  now: number;
  onClose: () => void;
}

function when(value: string | null | undefined, now: number): string {
  return value ? formatRelative(new Date(value), new Date(now)) : '-';
}

/** A next run already due (the engine claims it within a second) reads as due, not as past. */
function nextRun(value: string | null | undefined, now: number): string {
  if (value && new Date(value).getTime() <= now) return 'due now';
  return when(value, now);
}

export function CheckDetailModal({ check, now, onClose }: CheckDetailModalProps) {
  const session = useSession();
  const runCheck = useRunCheck();
  const mayRun = canRunChecks(session.data?.roles ?? []);
  const latency = check.latency;
  const stats: ReadonlyArray<readonly [string, string]> = [
    ['Uptime', formatPercent(uptimePercent(check))],
    [
      'Latency',
      `95: ${formatLatency(latency?.p95 ?? null)} · 97: ${formatLatency(latency?.p97 ?? null)} · 99: ${formatLatency(latency?.p99 ?? null)}`,
    ],
    ['Severity', formatSeverity(check.severity)],
    ['Last Run', when(check.last_runtime, now)],
    ['Transitioned', when(check.last_transition_time, now)],
    ['Next Run', nextRun(check.next_runtime, now)],
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={check.name}
      size="large"
      footer={
        <div className="flex w-full justify-between gap-2">
          <Link
            to={`/settings/canaries/${check.canary_id}`}
            className="text-sm text-accent underline"
          >
            Edit
          </Link>
          {mayRun && (
            <Button
              disabled={runCheck.isPending}
              onClick={() =>
                runCheck.mutate(check.id, {
                  onSuccess: () => toast.success(runInitiatedMessage),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              Run Now
            </Button>
          )}
        </div>
      }
    >
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm">
          <HealthDot colour={healthColour(check.status)} label={check.status ?? 'unknown'} />
          {check.status ?? 'unknown'} · {check.type ?? ''} · {check.canary_name ?? ''}
        </p>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          {stats.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-fg-muted">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <h2 className="text-sm font-semibold">History</h2>
        <CheckHistory checkId={check.id} />
      </div>
    </Dialog>
  );
}

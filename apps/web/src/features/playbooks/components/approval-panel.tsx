import type { PlaybookApprovalRow, PlaybookSpecView } from '@vigil/domain';
import { Check, ShieldQuestion, X } from 'lucide-react';
import { Button } from '@/ui/button.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import type { RunDecision } from '../api/run-decisions.ts';

export interface ApprovalPanelProps {
  spec: PlaybookSpecView | null | undefined;
  approvals: readonly PlaybookApprovalRow[];
  waiting: boolean;
  mayDecide: boolean;
  pending: boolean;
  onDecide: (decision: RunDecision) => void;
}

function approverText(spec: PlaybookSpecView | null | undefined): string {
  const approval = spec?.approval;
  if (approval === undefined) return '';
  const who = [
    ...(approval.approvers?.people ?? []),
    ...(approval.approvers?.teams ?? []).map((team) => `team ${team}`),
  ];
  if (who.length === 0) return '';
  const rule = approval.type === 'all' ? 'All of' : 'Any of';
  return `${rule}: ${who.join(', ')}`;
}

/** Who may approve, who decided, and Approve / Reject while the run waits (issue #26). */
export function ApprovalPanel({
  spec,
  approvals,
  waiting,
  mayDecide,
  pending,
  onDecide,
}: ApprovalPanelProps) {
  const approvers = approverText(spec);
  if (!waiting && approvals.length === 0) return null;
  return (
    <section
      aria-label="Approval"
      className="space-y-3 rounded-lg border border-warning/40 bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <ShieldQuestion aria-hidden="true" className="size-5 text-warning" />
          <div>
            <h2 className="font-semibold">{waiting ? 'Waiting for approval' : 'Approvals'}</h2>
            {approvers !== '' && <p className="text-sm text-fg-muted">{approvers}</p>}
          </div>
        </div>
        {waiting && mayDecide && (
          <div className="flex gap-2">
            <Button variant="danger" disabled={pending} onClick={() => onDecide('reject')}>
              <X aria-hidden="true" className="size-4" />
              Reject
            </Button>
            <Button variant="primary" disabled={pending} onClick={() => onDecide('approve')}>
              <Check aria-hidden="true" className="size-4" />
              Approve
            </Button>
          </div>
        )}
      </div>
      {approvals.length > 0 && (
        <ul className="space-y-1 text-sm">
          {approvals.map((approval) => (
            <li key={approval.id} className="flex flex-wrap items-center gap-2">
              <span className={approval.status === 'rejected' ? 'text-unhealthy' : 'text-healthy'}>
                {approval.status === 'rejected' ? 'Rejected' : 'Approved'}
              </span>
              <span>by {approval.person?.name ?? approval.team?.name ?? 'someone'}</span>
              <span className="text-fg-muted">
                <RelativeTime value={approval.created_at} />
              </span>
              {approval.comment && <span className="text-fg-muted">“{approval.comment}”</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

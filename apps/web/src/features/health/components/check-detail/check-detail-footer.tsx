import { Link } from 'react-router';
import { toast } from 'sonner';
import { canRunChecks } from '@vigil/domain';
import { useSession } from '@/lib/session/session-queries.ts';
import { Button } from '@/ui/button.tsx';
import { PlaybooksMenu } from '@/features/playbooks/index.ts';
import { useCheckCanary } from '@/features/health/api/check-canary-query.ts';
import { runInitiatedMessage, useRunCheck } from '@/features/health/api/check-history-query.ts';
import { canarySource } from '@/features/health/model/canary-source.ts';
import { LinkToIncidentButton } from '@/features/incidents/index.ts';
import type { CheckSummary } from '@vigil/domain';

const linkClass = 'text-sm text-accent underline';

/** Edit for canaries written here; for canaries managed elsewhere, where they come from. */
function SourceOrEdit({ canaryId }: { canaryId: string }) {
  const canary = useCheckCanary(canaryId);
  const source = canarySource(canary.data?.source);
  switch (source.kind) {
    case 'console':
      return (
        <Link to={`/settings/canaries/${canaryId}`} className={linkClass}>
          Edit
        </Link>
      );
    case 'internal':
      return (
        <Link to={source.to} className={linkClass}>
          {source.label}
        </Link>
      );
    case 'external':
      return (
        <a href={source.href} target="_blank" rel="noreferrer" className={linkClass}>
          {source.label}
        </a>
      );
    case 'text':
      return <span className="text-sm text-fg-muted">{source.label}</span>;
  }
}

export function CheckDetailFooter({ check }: { check: CheckSummary }) {
  const session = useSession();
  const runCheck = useRunCheck();
  const mayRun = canRunChecks(session.data?.roles ?? []);
  return (
    <div className="flex w-full items-center justify-between gap-2">
      <SourceOrEdit canaryId={check.canary_id} />
      <div className="flex items-center gap-2">
        <PlaybooksMenu target={{ kind: 'check', id: check.id }} placement="above" />
        <LinkToIncidentButton target={{ kind: 'check', id: check.id, name: check.name }} />
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
    </div>
  );
}

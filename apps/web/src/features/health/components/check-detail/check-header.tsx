import type { ReactNode } from 'react';
import type { CheckSummary } from '@vigil/domain';
import { healthColour } from '@/features/health/model/health-colour.ts';
import { HealthDot } from '../health-badge.tsx';
import { CheckLabels } from './check-labels.tsx';
import { CopyButton } from '@/ui/copy-button.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 font-medium">{children}</dd>
    </div>
  );
}

/** Who and where: the check's status, namespace, endpoint and agent, then its labels. */
export function CheckHeader({ check }: { check: CheckSummary }) {
  const status = check.status ?? 'unknown';
  const endpoint = check.endpoint ?? '';
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <HealthDot colour={healthColour(check.status)} label={status} />
        <span>{status}</span>
        {check.type && <span className="text-fg-muted">· {check.type}</span>}
        {check.canary_name && <span className="text-fg-muted">· {check.canary_name}</span>}
        <CopyButton label="Copy check id" text={check.id} />
      </p>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto]">
        <Field label="Namespace">{check.namespace ?? '-'}</Field>
        <Field label="Endpoint">
          {endpoint === '' ? (
            '-'
          ) : (
            <>
              <span className="truncate font-mono text-xs" title={endpoint}>
                {endpoint}
              </span>
              <CopyButton label="Copy endpoint" text={endpoint} />
            </>
          )}
        </Field>
        <Field label="Agent">{check.agent_name ?? '-'}</Field>
      </dl>
      <CheckLabels labels={check.labels ?? {}} />
    </div>
  );
}

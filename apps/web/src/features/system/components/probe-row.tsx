import { CircleCheck, CircleX } from 'lucide-react';
import type { ProbeStatus } from '../api/health-query.ts';

export interface ProbeRowProps {
  label: string;
  status: ProbeStatus;
}

export function ProbeRow({ label, status }: ProbeRowProps) {
  const healthy = status === 'ok';
  const Icon = healthy ? CircleCheck : CircleX;
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-fg-muted">{label}</dt>
      <dd
        className={`flex items-center gap-1.5 font-medium ${healthy ? 'text-healthy' : 'text-unhealthy'}`}
      >
        <Icon aria-hidden="true" className="size-4" />
        {healthy ? 'Healthy' : 'Unhealthy'}
      </dd>
    </div>
  );
}

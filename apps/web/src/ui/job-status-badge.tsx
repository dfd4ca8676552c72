import { cx } from './class-names.ts';

/** Spec 002 §4: each job status has its colour; STALE reads as a run nobody finished. */
const tones: Record<string, string> = {
  RUNNING: 'text-accent border-accent/40',
  SUCCESS: 'text-healthy border-healthy/40',
  WARNING: 'text-warning border-warning/40',
  FAILED: 'text-unhealthy border-unhealthy/40',
  STOPPED: 'text-unknown border-unknown/40',
  STALE: 'text-unknown border-dashed border-unknown/60',
};

export function JobStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cx(
        'rounded border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[status] ?? 'border-border text-fg-muted',
      )}
    >
      {status}
    </span>
  );
}

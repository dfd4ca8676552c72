import type { PlaybookActionStatus, PlaybookRunStatus } from '@vigil/domain';

export type AnyRunStatus = PlaybookRunStatus | PlaybookActionStatus;

/** Colour of a status, from the health tokens: colour means state, nothing else. */
export const statusTones: Record<AnyRunStatus, string> = {
  scheduled: 'text-fg-muted border-border',
  pending: 'text-fg-muted border-border',
  pending_approval: 'text-warning border-warning/40',
  waiting: 'text-accent border-accent/40',
  sleeping: 'text-fg-muted border-border',
  running: 'text-accent border-accent/40',
  completed: 'text-healthy border-healthy/40',
  failed: 'text-unhealthy border-unhealthy/40',
  cancelled: 'text-unknown border-unknown/40',
  timed_out: 'text-unhealthy border-unhealthy/40',
  skipped: 'text-unknown border-dashed border-unknown/60',
};

export const statusLabels: Record<AnyRunStatus, string> = {
  scheduled: 'Scheduled',
  pending: 'Pending',
  pending_approval: 'Pending Approval',
  waiting: 'Waiting',
  sleeping: 'Sleeping',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  timed_out: 'Timed Out',
  skipped: 'Skipped',
};

/** Duration display (spec 000 §9): under 1 s in ms, otherwise d h m s. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  let seconds = Math.round(ms / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
  ] as const) {
    if (seconds >= size) {
      parts.push(`${Math.floor(seconds / size)}${unit}`);
      seconds %= size;
    }
  }
  if (seconds > 0 || parts.length === 0) parts.push(`${seconds}s`);
  return parts.join(' ');
}

/** How long a run or action took, or has taken so far; blank before it starts. */
export function durationBetween(
  start: string | null | undefined,
  end: string | null | undefined,
  now: number = Date.now(),
): string {
  if (start === null || start === undefined || start === '') return '';
  const from = Date.parse(start);
  const to = end === null || end === undefined || end === '' ? now : Date.parse(end);
  if (Number.isNaN(from) || Number.isNaN(to)) return '';
  return formatDuration(to - from);
}

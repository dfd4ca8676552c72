import { cx } from '@/ui/class-names.ts';

const colours: Record<string, string> = {
  low: 'border-severity-low text-severity-low',
  medium: 'border-severity-medium text-severity-medium',
  high: 'border-severity-high text-severity-high',
  critical: 'border-severity-critical text-severity-critical',
  blocker: 'border-severity-blocker text-severity-blocker',
  warning: 'border-severity-warning text-fg',
};

/** Low and medium green, high orange, critical and blocker red (spec 001 §4). */
export function SeverityBadge({ severity }: { severity: string | null | undefined }) {
  if (!severity) return null;
  return (
    <span
      className={cx(
        'rounded border px-1.5 text-xs whitespace-nowrap',
        colours[severity] ?? 'border-border text-fg-muted',
      )}
    >
      {severity}
    </span>
  );
}

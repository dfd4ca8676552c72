import { cx } from '@/ui/class-names.ts';
import { formatBadgeCount } from '../model/catalog-format.ts';

/** A count in a pill: red from 500, thousands as 'k+' above 999. */
export function CountBadge({ count, label }: { count: number; label?: string }) {
  const { text, alarming } = formatBadgeCount(count);
  return (
    <span
      aria-label={label === undefined ? undefined : `${count} ${label}`}
      className={cx(
        'inline-flex min-w-5 justify-center rounded-full border px-1.5 text-xs tabular-nums',
        alarming ? 'border-unhealthy bg-unhealthy text-on-status' : 'border-border text-fg-muted',
      )}
    >
      {text}
    </span>
  );
}

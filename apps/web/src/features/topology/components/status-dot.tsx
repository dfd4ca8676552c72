import { cx } from '@/ui/class-names.ts';
import { statusDot } from './status-styles.ts';

/** Green, red, orange, grey otherwise (spec 001 §4). */
export function StatusDot({ status }: { status: string | null | undefined }) {
  const label = status ?? 'unknown';
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cx('inline-block size-2 shrink-0 rounded-full', statusDot[label] ?? 'bg-unknown')}
    />
  );
}

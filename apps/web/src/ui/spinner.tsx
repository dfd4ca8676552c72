import { LoaderCircle } from 'lucide-react';
import { cx } from './class-names.ts';

export interface SpinnerProps {
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('inline-flex items-center text-fg-muted', className)}>
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

import { cx } from './class-names.ts';

export interface SkeletonProps {
  className?: string;
}

/** A placeholder block; wrap groups in an element with aria-busy and a label. */
export function Skeleton({ className }: SkeletonProps) {
  return (
    <div aria-hidden="true" className={cx('animate-pulse rounded bg-surface-muted', className)} />
  );
}

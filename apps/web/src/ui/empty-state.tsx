import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { cx } from './class-names.ts';

export interface EmptyStateProps {
  title?: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({
  title = 'No data available',
  description,
  action,
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center gap-2 p-8 text-center text-fg-muted',
        className,
      )}
    >
      <Inbox aria-hidden="true" className="size-8" />
      <p className="font-medium text-fg">{title}</p>
      {description !== undefined && <div className="text-sm">{description}</div>}
      {action}
    </div>
  );
}

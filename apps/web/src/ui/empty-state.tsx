import type { ReactNode } from 'react';
import { Inbox, type LucideIcon } from 'lucide-react';
import { cx } from './class-names.ts';

export interface EmptyStateProps {
  /** What is empty, e.g. 'No health checks yet' (spec 000 §8's 'No data available' by default). */
  title?: string;
  /** One line: why it is empty, or what to do about it. */
  description?: ReactNode;
  /**
   * The next step, when the user may take it (a Button or a link styled as one), and the page
   * shows no other control for it: one name, one button.
   */
  action?: ReactNode;
  icon?: LucideIcon;
  className?: string;
}

/** The one empty state of every list and panel: an icon, a title, a line and an action. */
export function EmptyState({
  title = 'No data available',
  description,
  action,
  icon: Icon = Inbox,
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center gap-2 p-8 text-center text-fg-muted',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-8" />
      <p className="font-medium text-fg">{title}</p>
      {description !== undefined && <div className="max-w-md text-sm">{description}</div>}
      {action !== undefined && <div className="pt-2">{action}</div>}
    </div>
  );
}

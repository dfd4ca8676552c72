import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Button } from './button.tsx';
import { cx } from './class-names.ts';

export interface ErrorStateProps {
  title?: string;
  message?: string;
  onRetry?: () => void;
  children?: ReactNode;
  className?: string;
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  children,
  className,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col items-start gap-2 rounded-md border border-unhealthy/40 bg-unhealthy/5 p-4',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-medium text-unhealthy">
        <CircleAlert aria-hidden="true" className="size-4" />
        {title}
      </p>
      {message !== undefined && message !== '' && (
        <p className="text-sm break-words text-fg">{message}</p>
      )}
      {children}
      {onRetry !== undefined && (
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

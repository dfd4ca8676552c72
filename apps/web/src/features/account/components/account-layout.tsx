import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { Spinner } from '@/ui/spinner.tsx';
import { VigilLogo } from './vigil-logo.tsx';

export interface AccountCardProps {
  title?: string;
  description?: ReactNode;
  /** Links under the card (sign in, go back). */
  footer?: ReactNode;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** The account pages: a centred card with the logo, outside the application shell. */
export function AccountCard({
  title,
  description,
  footer,
  width = 'narrow',
  children,
}: AccountCardProps) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-canvas px-4 py-10">
      <VigilLogo />
      <div
        className={cx(
          'w-full space-y-5 rounded-xl border border-border bg-surface p-6 shadow-sm sm:p-8',
          width === 'wide' ? 'max-w-2xl' : 'max-w-sm',
        )}
      >
        {title !== undefined && (
          <header className="space-y-1">
            <h1 className="text-xl font-semibold text-fg">{title}</h1>
            {description !== undefined && <p className="text-sm text-fg-muted">{description}</p>}
          </header>
        )}
        {children}
      </div>
      {footer !== undefined && (
        <div className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm text-fg-muted">
          {footer}
        </div>
      )}
    </main>
  );
}

export interface AccountLinkProps {
  to: string;
  children: ReactNode;
}

export function AccountLink({ to, children }: AccountLinkProps) {
  return (
    <Link to={to} className={cx('rounded text-accent underline underline-offset-2', focusRing)}>
      {children}
    </Link>
  );
}

/** Shown while a flow loads. */
export function FlowLoading() {
  return (
    <div className="flex justify-center py-6">
      <Spinner label="Loading form" />
    </div>
  );
}

/** The route fallback while an account page's code loads. */
export function AccountFallback() {
  return (
    <main className="flex min-h-full items-center justify-center bg-canvas">
      <Spinner label="Loading" />
    </main>
  );
}

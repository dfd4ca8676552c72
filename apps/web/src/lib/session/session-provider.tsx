import type { ReactNode } from 'react';
import { ErrorState } from '@/ui/error-state.tsx';
import { ApiError } from '../api-error.ts';
import { useAbout, usePropertiesQuery, useSession } from './session-queries.ts';

export interface SessionProviderProps {
  /** Shown while the session, the edition and the feature flags load. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Renders its children once the session is known, and the edition and flags have settled, so
 * the navigation does not flash entries that are about to disappear.
 */
export function SessionProvider({ fallback, children }: SessionProviderProps) {
  const session = useSession();
  const about = useAbout();
  const properties = usePropertiesQuery();

  if (session.isError) {
    // The call layer already sent the browser to the session check.
    if (session.error instanceof ApiError && session.error.status === 401) return fallback;
    return (
      <div className="mx-auto max-w-xl p-6">
        <ErrorState
          title="Could not load your session"
          message={session.error.message}
          onRetry={() => void session.refetch()}
        />
      </div>
    );
  }
  if (session.isPending || about.isPending || properties.isPending) return fallback;
  return children;
}

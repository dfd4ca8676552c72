import { useState, type ReactNode } from 'react';
import { ErrorState } from '@/ui/error-state.tsx';
import { ApiError } from '../api-error.ts';
import { networkErrorMessage } from '../http.ts';
import { useAbout, usePropertiesQuery, useSession } from './session-queries.ts';

export interface SessionProviderProps {
  /** Shown while the session, the edition and the feature flags load. */
  fallback: ReactNode;
  /** Hosted mode: shown while the organisation's backend is not ready (spec 000 §8). */
  provisioning?: ReactNode;
  children: ReactNode;
}

/** Hosted mode: a 5xx or 404 from whoami, or no backend at all, means still provisioning. */
export function isProvisioningError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 404 || error.status >= 500;
  return error instanceof Error && error.message === networkErrorMessage;
}

/**
 * Renders its children once the session is known, and the edition and flags have settled, so
 * the navigation does not flash entries that are about to disappear.
 */
export function SessionProvider({ fallback, provisioning, children }: SessionProviderProps) {
  const session = useSession();
  const about = useAbout();
  // Flags are read as the session's organisation: not before there is one.
  const properties = usePropertiesQuery(session.isSuccess);
  const hosted = about.data?.auth === 'oidc-org';
  // A refetch after an error reads as pending: keep the provisioning screen through it.
  const [wasProvisioning, setWasProvisioning] = useState(false);
  const provisioningNow = session.isError && hosted && isProvisioningError(session.error);
  const settled = session.isSuccess || !hosted;
  if (provisioningNow && !wasProvisioning) setWasProvisioning(true);
  if (settled && wasProvisioning) setWasProvisioning(false);
  if ((provisioningNow || (wasProvisioning && !settled)) && provisioning !== undefined) {
    return provisioning;
  }

  if (session.isError) {
    // The call layer already sent the browser to the session check.
    if (session.error instanceof ApiError && session.error.status === 401) return fallback;
    if (about.isPending) return fallback;
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
  if (hosted && !session.data.organization?.backend_url) return provisioning ?? fallback;
  return children;
}

import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { AccountCard, FlowLoading } from '../components/account-layout.tsx';
import { sameOriginPath } from '../flows/return-to.ts';

const failures: Record<string, string> = {
  signin_failed: 'Sign-in failed. Please try again.',
  signin_expired: 'Your sign-in expired or was started in another browser. Please try again.',
};

/** Where the server starts sign-in at the organisation's provider. */
export function hostedSignInUrl(returnTo: string | undefined): string {
  const query = returnTo === undefined ? '' : `?return_to=${encodeURIComponent(returnTo)}`;
  return `/api/auth/hosted/login${query}`;
}

/**
 * Hosted mode's sign-in and sign-up: both happen at the provider. The page goes there at
 * once, unless it is back from a failed attempt, which it explains.
 */
export function HostedSignInPage() {
  usePageTitle('Sign In');
  const [query] = useSearchParams();
  const error = query.get('error');
  const url = hostedSignInUrl(sameOriginPath(query.get('return_to')));
  useEffect(() => {
    if (error === null) window.location.assign(url);
  }, [error, url]);
  return (
    <AccountCard title="Sign In">
      {error === null ? (
        <FlowLoading />
      ) : (
        <div className="space-y-4">
          <p role="alert" className="text-sm text-unhealthy">
            {failures[error] ?? 'Sign-in failed. Please try again.'}
          </p>
          <a
            href={url}
            className={cx(
              'inline-flex h-9 w-full items-center justify-center rounded-md bg-accent px-3 text-sm font-medium text-accent-fg',
              focusRing,
            )}
          >
            Sign in with your organization
          </a>
        </div>
      )}
    </AccountCard>
  );
}

import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { Spinner } from '@/ui/spinner.tsx';
import { isIdentityError } from '../api/identity-error.ts';
import { checkSession } from '../api/session-api.ts';
import { AccountCard } from '../components/account-layout.tsx';
import { sameOriginPath } from '../flows/return-to.ts';

/** Where a failed session check sends the browser. */
export function sessionCheckRedirect(error: unknown, returnTo: string | null): string {
  const suffix = returnTo === null ? '' : `return_to=${encodeURIComponent(returnTo)}`;
  if (isIdentityError(error)) {
    if (error.status === 401) return `/login${suffix === '' ? '' : `?${suffix}`}`;
    if (error.status === 403 || error.status === 422) {
      return `/login?aal=aal2${suffix === '' ? '' : `&${suffix}`}`;
    }
  }
  return '/error?error_code=BAD_SESSION';
}

/** Landing after a rejected request: decides between going back, signing in, or a second factor. */
export function AuthStateCheckerPage() {
  usePageTitle('Checking session');
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const returnTo = query.get('return_to');

  useEffect(() => {
    let cancelled = false;
    checkSession()
      .then(() => {
        if (!cancelled) void navigate(sameOriginPath(returnTo) ?? '/', { replace: true });
      })
      .catch((error: unknown) => {
        if (!cancelled) void navigate(sessionCheckRedirect(error, returnTo), { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, returnTo]);

  return (
    <AccountCard>
      <div className="flex flex-col items-center gap-3 py-4 text-sm text-fg-muted">
        <Spinner label="Checking your session" />
        <p>Checking your session…</p>
      </div>
    </AccountCard>
  );
}

import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { ErrorScreen } from './error-screen.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** Render-error boundary for the router: a thrown render or loader error lands here. */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Error');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <div role="alert" className="mx-auto max-w-2xl space-y-4 p-6">
      <h1 className="text-lg font-semibold">Sorry.. there was an error</h1>
      <ErrorScreen
        error={
          isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error
        }
        hideDetails={import.meta.env.PROD}
      />
      <Link to="/" className={cx('text-accent underline', focusRing)}>
        Go back
      </Link>
    </div>
  );
}

import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { cx, focusRing } from '@/ui/class-names.ts';

/** Shown by a route guard when the user lacks read permission on the page's resource. */
export function UnauthorizedPage() {
  usePageTitle('Unauthorized');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 py-12 text-center">
      <ShieldAlert aria-hidden="true" className="size-8 text-unhealthy" />
      <h1 className="text-lg font-semibold">Unauthorized</h1>
      <p className="text-fg-muted">You do not have permission to access this page</p>
      <Link to="/" className={cx('rounded text-accent underline', focusRing)}>
        Go back
      </Link>
    </section>
  );
}

import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { cx, focusRing } from '@/ui/class-names.ts';

export function NotFoundPage() {
  usePageTitle('Not found');
  return (
    <section className="mx-auto max-w-xl space-y-3 py-12 text-center">
      <h1 className="text-lg font-semibold">Page not found</h1>
      <p className="text-fg-muted">This page does not exist, or it is not available yet.</p>
      <Link to="/" className={cx('inline-block rounded text-accent underline', focusRing)}>
        Go back
      </Link>
    </section>
  );
}

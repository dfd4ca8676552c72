import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { cx, focusRing } from '../../../ui/class-names.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';

/** Home of the health edition until the health dashboard is built. */
export function HealthPage() {
  usePageTitle('Health');
  return (
    <section aria-labelledby="health-heading" className="space-y-4">
      <h1 id="health-heading" className="text-lg font-semibold">
        Health
      </h1>
      <div className="rounded-lg border border-border bg-surface">
        <EmptyState
          description="The health dashboard is coming in a later version."
          action={
            <Link to="/status" className={cx('text-sm text-accent underline', focusRing)}>
              View system status
            </Link>
          }
        />
      </div>
    </section>
  );
}

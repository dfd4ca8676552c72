import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { cx, focusRing } from '../../../ui/class-names.ts';
import { PlaceholderPage } from '../../../ui/placeholder-page.tsx';

/** Home of the health edition until the health dashboard is built. */
export function HealthPage() {
  usePageTitle('Health');
  return (
    <PlaceholderPage
      headingId="health-heading"
      title="Health"
      description="The health dashboard is coming in a later version."
      action={
        <Link to="/status" className={cx('text-sm text-accent underline', focusRing)}>
          View system status
        </Link>
      }
    />
  );
}

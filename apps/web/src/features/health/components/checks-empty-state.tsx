import { Link } from 'react-router';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { EmptyState } from '@/ui/empty-state.tsx';

export interface ChecksEmptyStateProps {
  /** Whether the installation has any check at all (else only filters hide them). */
  hasChecks: boolean;
  hidingPassing: boolean;
  onShowPassing: () => void;
}

/** 'No data available' (spec 000 §2.3), with why and the next step. */
export function ChecksEmptyState({
  hasChecks,
  hidingPassing,
  onShowPassing,
}: ChecksEmptyStateProps) {
  const canAdd = usePermission(['canaries'], 'write');
  if (!hasChecks) {
    return (
      <EmptyState
        description="No health check has run yet. A canary defines checks and their schedule."
        action={
          canAdd && (
            <Link
              to="/settings/canaries/new"
              className={cx(
                'inline-flex h-9 items-center rounded-md bg-accent px-3 text-sm font-medium text-accent-fg hover:bg-accent-hover',
                focusRing,
              )}
            >
              Add a canary
            </Link>
          )
        }
      />
    );
  }
  if (hidingPassing) {
    return (
      <EmptyState
        description="Every check that matches is passing, and Hide Passing is on."
        action={<Button onClick={onShowPassing}>Show passing checks</Button>}
      />
    );
  }
  return <EmptyState description="No check matches the search and the filters." />;
}

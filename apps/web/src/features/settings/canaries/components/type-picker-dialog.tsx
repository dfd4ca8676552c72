import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { ErrorState } from '@/ui/error-state.tsx';
import { Spinner } from '@/ui/spinner.tsx';
import { useCanarySchemaQuery } from '../api/canary-schema-query.ts';
import { checkTypeIcon } from '../model/check-type-icons.ts';
import { offeredCanaryTypes } from '../model/offered-types.ts';

/**
 * The add flow's first step: the check types the server accepts, as its Canary schema says,
 * sorted by label (spec 002 §2).
 */
export function TypePickerDialog({ onClose }: { onClose: () => void }) {
  const schema = useCanarySchemaQuery();
  return (
    <Dialog
      open
      size="large"
      title="Add Health Check"
      description="Choose the type of check"
      onOpenChange={closeOnDismiss(onClose)}
    >
      {schema.isPending ? (
        <Spinner label="Loading check types" />
      ) : schema.isError ? (
        <ErrorState message={schema.error.message} onRetry={() => void schema.refetch()} />
      ) : (
        <ul
          aria-label="Check types"
          className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4"
        >
          {offeredCanaryTypes(schema.data).map((type) => {
            const Icon = checkTypeIcon(type.id);
            return (
              <li key={type.id}>
                <Link
                  to={`/settings/canaries/new?type=${type.id}`}
                  className={cx(
                    'flex h-12 items-center justify-center gap-2 rounded-md border border-border px-2 text-center text-sm hover:bg-surface-muted',
                    focusRing,
                  )}
                >
                  <Icon
                    aria-hidden="true"
                    data-icon={type.id}
                    className="size-4 shrink-0 text-fg-muted"
                  />
                  {type.label}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}

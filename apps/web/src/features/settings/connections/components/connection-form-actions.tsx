import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { cx } from '@/ui/class-names.ts';
import { useDeleteConnection } from '../api/delete-connection.ts';
import { useTestConnection } from '../api/test-connection.ts';

export interface ConnectionFormActionsProps {
  readonly existingId: string | undefined;
  readonly saving: boolean;
  /** Without write permission: only Back and Test. */
  readonly readOnly: boolean;
  onBack: () => void;
  onDeleted: () => void;
}

/**
 * New: Back and Save. Existing: Delete (asks once more), Back, Test (of the stored
 * connection, with its result shown here) and Update.
 */
export function ConnectionFormActions({
  existingId,
  saving,
  readOnly,
  onBack,
  onDeleted,
}: ConnectionFormActionsProps) {
  const remove = useDeleteConnection();
  const test = useTestConnection();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-3 border-t border-border pt-3">
      {test.data && (
        <p
          role="status"
          className={cx(
            'rounded-md border px-3 py-2 text-sm break-words',
            test.data.ok ? 'border-healthy text-healthy' : 'border-unhealthy text-unhealthy',
          )}
        >
          {test.data.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {existingId !== undefined && !readOnly && (
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              confirming ? remove.mutate(existingId, { onSuccess: onDeleted }) : setConfirming(true)
            }
          >
            {confirming ? 'Confirm Delete' : 'Delete'}
          </Button>
        )}
        <span className="grow" />
        <Button onClick={onBack}>Back</Button>
        {existingId !== undefined && (
          <Button disabled={test.isPending} onClick={() => test.mutate(existingId)}>
            {test.isPending ? 'Testing…' : 'Test'}
          </Button>
        )}
        {!readOnly && (
          <Button type="submit" variant="primary" disabled={saving}>
            {existingId === undefined ? 'Save' : 'Update'}
          </Button>
        )}
      </div>
    </div>
  );
}

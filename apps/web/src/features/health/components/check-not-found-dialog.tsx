import { SearchX } from 'lucide-react';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { EmptyState } from '@/ui/empty-state.tsx';

export interface CheckNotFoundDialogProps {
  checkId: string;
  onClose: () => void;
}

/** A checkId in the URL that names no check (deleted, or a stale link) says so, not nothing. */
export function CheckNotFoundDialog({ checkId, onClose }: CheckNotFoundDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Check not found"
      size="small"
    >
      <EmptyState
        icon={SearchX}
        title="This check does not exist"
        description={
          <>
            No check has the id <code className="break-all text-fg">{checkId}</code>. It may have
            been deleted, or the link is out of date.
          </>
        }
        action={
          <Button variant="primary" onClick={onClose}>
            Back to all checks
          </Button>
        }
      />
    </Dialog>
  );
}

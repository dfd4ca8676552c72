import { Dialog } from '@/ui/dialog.tsx';
import type { CheckSummary } from '@vigil/domain';
import { CheckDetailBody } from './check-detail-body.tsx';
import { CheckDetailFooter } from './check-detail-footer.tsx';

export interface CheckDetailDialogProps {
  check: CheckSummary;
  now: number;
  onClose: () => void;
}

export function CheckDetailDialog({ check, now, onClose }: CheckDetailDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={check.name}
      size="large"
      footer={<CheckDetailFooter check={check} />}
    >
      {/* Another check starts afresh: its own default range, tab and filters. */}
      <CheckDetailBody key={check.id} check={check} now={now} />
    </Dialog>
  );
}

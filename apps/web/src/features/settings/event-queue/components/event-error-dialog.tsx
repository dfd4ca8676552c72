import { Dialog } from '@/ui/dialog.tsx';
import type { EventQueueSummary } from '../api/event-queue-summary-query.ts';

export interface EventErrorDialogProps {
  row: EventQueueSummary;
  onClose: () => void;
}

/** The most common error of one event name's failed events. */
export function EventErrorDialog({ row, onClose }: EventErrorDialogProps) {
  return (
    <Dialog
      open
      size="large"
      title={row.name}
      description={`Most common error of ${row.failed} failed ${row.failed === 1 ? 'event' : 'events'}`}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <pre
        aria-label="Most common error"
        className="max-h-96 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap"
      >
        {row.most_common_error}
      </pre>
    </Dialog>
  );
}

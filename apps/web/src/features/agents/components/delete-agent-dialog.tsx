import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { closeAfterSuccess, closeOnDismiss } from '@/ui/dialog-close.ts';
import { useDeleteAgent } from '../api/delete-agent.ts';
import type { AgentSummary } from '../model/agent-summary.ts';

export interface DeleteAgentDialogProps {
  agent: Pick<AgentSummary, 'id' | 'name'>;
  onClose: () => void;
  onDeleted: () => void;
}

/** Spec 000 §4: first whether to delete what the agent created, then confirm, then delete. */
export function DeleteAgentDialog({ agent, onClose, onDeleted }: DeleteAgentDialogProps) {
  const [cleanup, setCleanup] = useState<boolean | undefined>(undefined);
  const remove = useDeleteAgent();

  if (cleanup === undefined) {
    return (
      <Dialog
        open
        size="small"
        onOpenChange={closeOnDismiss(onClose)}
        title="Delete resources"
        description={`Delete the resources created by agent ${agent.name} too? Its canaries, checks, components, catalog items and scrapers are removed; their history is kept.`}
      >
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button onClick={() => setCleanup(false)}>No</Button>
          <Button variant="danger" onClick={() => setCleanup(true)}>
            Yes
          </Button>
        </div>
      </Dialog>
    );
  }

  const confirm = () =>
    closeAfterSuccess(() => remove.mutateAsync({ id: agent.id, cleanup }), onDeleted);
  return (
    <Dialog
      open
      size="small"
      onOpenChange={closeOnDismiss(onClose)}
      title="Delete Agent"
      description={
        cleanup
          ? `Delete agent ${agent.name} and the resources it created? Its access token stops working at once.`
          : `Delete agent ${agent.name}? What it created is kept. Its access token stops working at once.`
      }
    >
      <DialogActions
        onCancel={onClose}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        confirmVariant="danger"
        onConfirm={() => void confirm()}
      />
    </Dialog>
  );
}

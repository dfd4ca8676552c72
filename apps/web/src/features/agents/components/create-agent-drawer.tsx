import type { AgentCreated } from '@vigil/domain';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { Drawer } from '@/ui/drawer.tsx';
import { useCreateAgent } from '../api/create-agent.ts';
import { AgentForm } from './agent-form.tsx';

export interface CreateAgentDrawerProps {
  onClose: () => void;
  /** Called once with the generated token; the page shows the installation dialog. */
  onCreated: (created: AgentCreated & { name: string }) => void;
}

/** `addAgent=true`: the create form; Next creates the agent (spec 000 §4). */
export function CreateAgentDrawer({ onClose, onCreated }: CreateAgentDrawerProps) {
  const create = useCreateAgent();
  return (
    <Drawer open onOpenChange={closeOnDismiss(onClose)} title="Add Agent">
      <AgentForm
        canWrite
        pending={create.isPending}
        onCancel={onClose}
        onSubmit={async (payload) => {
          const created = await create.mutateAsync(payload);
          onCreated({ ...created, name: payload.name });
        }}
      />
    </Drawer>
  );
}

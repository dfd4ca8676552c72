import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { TabList, TabPanel } from '@/ui/tabs.tsx';
import {
  applyCommand,
  cliCommand,
  kubernetesManifest,
  kubernetesName,
  sourceCommand,
  type InstallTarget,
} from '../model/install-instructions.ts';
import { CodeBlock } from './code-block.tsx';

type InstallTab = 'kubernetes' | 'cli';

const tabs = [
  { key: 'kubernetes', label: 'Kubernetes (GitOps)' },
  { key: 'cli', label: 'CLI' },
] as const;

export const tokenWarning =
  'This access token is shown only once. Copy it now: it cannot be shown again. If it is lost, delete the agent and create a new one.';

/** Spec 000 §2.6 and §4: after create, how to run the agent, with its one-time token. */
export function InstallInstructionsDialog({
  target,
  onClose,
}: {
  target: InstallTarget;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<InstallTab>('kubernetes');
  return (
    <Dialog
      open
      size="large"
      onOpenChange={closeOnDismiss(onClose)}
      title="Installation Instructions"
      description={`Run agent ${target.name} next to the systems it watches; it pushes to ${target.upstream}.`}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="space-y-4">
        <div
          role="alert"
          className="flex gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <p>{tokenWarning}</p>
        </div>
        <CodeBlock wrap label="Access token" code={target.token} />
        <TabList
          label="Installation method"
          idPrefix="agent-install"
          items={tabs}
          selected={tab}
          onSelect={setTab}
        />
        <TabPanel idPrefix="agent-install" tabKey="kubernetes" selected={tab === 'kubernetes'}>
          <div className="space-y-3 text-sm">
            <p>
              Save this manifest as <code>{kubernetesName(target.name)}.yaml</code> in your GitOps
              repository, or apply it directly. The token is kept in a Secret.
            </p>
            <CodeBlock label="Kubernetes manifest" code={kubernetesManifest(target)} />
            <CodeBlock wrap label="Apply command" code={applyCommand(target)} />
          </div>
        </TabPanel>
        <TabPanel idPrefix="agent-install" tabKey="cli" selected={tab === 'cli'}>
          <div className="space-y-3 text-sm">
            <p>Run the agent with an installed vigil:</p>
            <CodeBlock wrap label="CLI command" code={cliCommand(target)} />
            <p>Or from a source checkout of Vigil:</p>
            <CodeBlock wrap label="Source checkout command" code={sourceCommand(target)} />
          </div>
        </TabPanel>
        <section aria-labelledby="agent-next-steps" className="space-y-1 text-sm">
          <h3 id="agent-next-steps" className="font-medium">
            Next steps
          </h3>
          <ol className="list-decimal space-y-1 pl-5 text-fg-muted">
            <li>Start the agent with one of the methods above.</li>
            <li>
              Within a minute the agent shows Online on the Agents page; it heartbeats every 30
              seconds.
            </li>
            <li>
              Its checks appear on the Health page, under the agent&apos;s tab when the page is
              tabbed by agent.
            </li>
          </ol>
        </section>
      </div>
    </Dialog>
  );
}

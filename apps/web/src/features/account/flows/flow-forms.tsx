import type { Flow } from '../api/flow-schema.ts';
import type { FlowBody } from '../api/flow-body.ts';
import { FlowMessages } from '../nodes/ui-messages.tsx';
import { FlowForm } from './flow-form.tsx';

export interface FlowFormsProps {
  flow: Flow;
  revision: number;
  onSubmit: (body: FlowBody) => Promise<void>;
}

/**
 * Social sign-in gets a form of its own, so Enter in a password field submits the password and
 * not the first provider button.
 */
export function FlowForms({ flow, revision, onSubmit }: FlowFormsProps) {
  const social = flow.ui.nodes.some((node) => node.group === 'oidc');
  return (
    <div className="space-y-5">
      <FlowMessages messages={flow.ui.messages} />
      {social && (
        <>
          <FlowForm
            key={`oidc:${revision}`}
            flow={flow}
            groups={['oidc']}
            showMessages={false}
            onSubmit={onSubmit}
          />
          <div className="flex items-center gap-3 text-xs text-fg-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
        </>
      )}
      <FlowForm
        key={`main:${revision}`}
        flow={flow}
        excludeGroups={['oidc']}
        showMessages={false}
        onSubmit={onSubmit}
      />
    </div>
  );
}

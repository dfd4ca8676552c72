import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FlowBody } from '../api/flow-body.ts';
import type { Flow, InputNode, UiNode } from '../api/flow-schema.ts';
import { NodeView } from '../nodes/node-view.tsx';
import { buttonValue, initialValues, isSubmitNode, nodeKey } from '../nodes/node-values.ts';
import { FlowMessages } from '../nodes/ui-messages.tsx';
import {
  installWebAuthnBridge,
  isWebAuthnResult,
  webauthnResultEvent,
} from '../webauthn/webauthn-bridge.ts';

export interface FlowFormProps {
  flow: Flow;
  /** Node groups to render; the csrf_token node always comes along. All nodes when omitted. */
  groups?: readonly string[];
  /** Leave out these groups (social sign-in has its own form). */
  excludeGroups?: readonly string[];
  /** Show `ui.messages` above the form; pages with several forms show them once themselves. */
  showMessages?: boolean;
  onSubmit: (body: FlowBody) => Promise<void>;
}

function pickNodes(flow: Flow, groups?: readonly string[], exclude?: readonly string[]): UiNode[] {
  return flow.ui.nodes.filter((node) => {
    if (node.type === 'input' && node.attributes.name === 'csrf_token') return true;
    if (exclude?.includes(node.group) === true) return false;
    return groups === undefined || groups.includes(node.group);
  });
}

/**
 * A form rendered from a flow's nodes. It posts the name/value map, with the clicked button's
 * name=value; a submit while one is pending is ignored. Key it by flow revision so a new flow
 * from the server resets the fields.
 */
export function FlowForm({
  flow,
  groups,
  excludeGroups,
  showMessages = true,
  onSubmit,
}: FlowFormProps) {
  const nodes = pickNodes(flow, groups, excludeGroups);
  const [values, setValues] = useState(() => initialValues(nodes));
  const [busyKey, setBusyKey] = useState<string>();
  const pending = useRef(false);
  const clicked = useRef<InputNode>(undefined);

  const send = async (body: FlowBody, key: string) => {
    pending.current = true;
    setBusyKey(key);
    try {
      await onSubmit(body);
    } finally {
      pending.current = false;
      setBusyKey(undefined);
    }
  };

  // A WebAuthn ceremony this form started fills its hidden field and submits the form.
  const hiddenNames = nodes.flatMap((node) =>
    node.type === 'input' && node.attributes.type === 'hidden' ? [node.attributes.name] : [],
  );
  const webauthnTarget = hiddenNames.find((name) => name.startsWith('webauthn_'));
  useEffect(() => {
    installWebAuthnBridge();
    if (webauthnTarget === undefined) return;
    const listener = (event: Event) => {
      const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
      if (!isWebAuthnResult(detail) || detail.name !== webauthnTarget || pending.current) return;
      void send({ ...values, [detail.name]: detail.value, method: 'webauthn' }, detail.name);
    };
    document.addEventListener(webauthnResultEvent, listener);
    return () => document.removeEventListener(webauthnResultEvent, listener);
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const button = clicked.current ?? nodes.find(isSubmitNode);
    clicked.current = undefined;
    if (pending.current) return;
    const body: FlowBody = { ...values };
    if (button !== undefined) {
      body[button.attributes.name] = buttonValue(button);
      if (body.method === undefined && button.group !== 'default') body.method = button.group;
    }
    await send(body, button === undefined ? '' : nodeKey(button));
  };

  return (
    <form
      action={flow.ui.action}
      method={flow.ui.method}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
    >
      {showMessages && <FlowMessages messages={flow.ui.messages} />}
      {nodes.map((node) => {
        const key = nodeKey(node);
        return (
          <NodeView
            key={key}
            node={node}
            value={node.type === 'input' ? values[node.attributes.name] : undefined}
            pending={busyKey !== undefined}
            busy={busyKey === key}
            onChange={(name, value) => setValues((previous) => ({ ...previous, [name]: value }))}
            onButtonClick={(button) => {
              if (button.attributes.type === 'submit') clicked.current = button;
            }}
          />
        );
      })}
    </form>
  );
}

import { Button } from '@/ui/button.tsx';
import { Spinner } from '@/ui/spinner.tsx';
import type { InputNode } from '../api/flow-schema.ts';
import { inputValue, nodeLabel } from './node-values.ts';
import { NodeMessages } from './ui-messages.tsx';
import { parseScriptCall, runScriptCall } from './webauthn-trigger.ts';

export interface InputButtonProps {
  node: InputNode;
  /** This button's submit is in flight. */
  busy?: boolean;
  disabled?: boolean;
  onClick?: (node: InputNode) => void;
}

/**
 * WebAuthn buttons carry an `onclick` script calling a function of the flow's script node. A
 * plain call is run directly; anything else is set as the DOM attribute for the browser to run.
 */
function attachOnclick(code: string | undefined) {
  return (wrapper: HTMLDivElement | null) => {
    if (code === undefined || parseScriptCall(code) !== undefined) return;
    wrapper?.querySelector('button')?.setAttribute('onclick', code);
  };
}

function runOnclick(code: string | undefined): void {
  const call = code === undefined ? undefined : parseScriptCall(code);
  if (call !== undefined) runScriptCall(call);
}

/** Submit and plain buttons; the label comes from meta.label.text. */
export function InputButton({ node, busy = false, disabled = false, onClick }: InputButtonProps) {
  const { name, type, value, onclick } = node.attributes;
  const social = node.group === 'oidc';
  const label = nodeLabel(node) ?? inputValue(value);
  return (
    <div ref={attachOnclick(onclick)} className="space-y-1">
      <Button
        type={type === 'submit' ? 'submit' : 'button'}
        name={name}
        value={inputValue(value)}
        variant={social ? 'secondary' : 'primary'}
        disabled={disabled || node.attributes.disabled === true}
        aria-busy={busy || undefined}
        onClick={() => {
          runOnclick(onclick);
          onClick?.(node);
        }}
        className="w-full justify-center"
      >
        {busy && !social && <Spinner label="Submitting" className="text-current" />}
        {label}
      </Button>
      <NodeMessages messages={node.messages} />
    </div>
  );
}

import type { InputNode } from '../api/flow-schema.ts';
import { InputButton } from './input-button.tsx';
import { InputCheckbox } from './input-checkbox.tsx';
import { InputField } from './input-field.tsx';

export interface InputNodeViewProps {
  node: InputNode;
  value?: string | boolean;
  /** The form is submitting: its buttons are locked. */
  pending?: boolean;
  /** This is the button whose submit is in flight. */
  busy?: boolean;
  onChange: (name: string, value: string | boolean) => void;
  onButtonClick?: (node: InputNode) => void;
}

export function InputNodeView({
  node,
  value,
  pending = false,
  busy = false,
  onChange,
  onButtonClick,
}: InputNodeViewProps) {
  const { name, type } = node.attributes;
  switch (type) {
    case 'hidden':
      return <input type="hidden" name={name} value={typeof value === 'string' ? value : ''} />;
    case 'submit':
    case 'button':
      return <InputButton node={node} busy={busy} disabled={pending} onClick={onButtonClick} />;
    case 'checkbox':
      return <InputCheckbox node={node} checked={value === true} onChange={onChange} />;
    default:
      return (
        <InputField
          node={node}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      );
  }
}

import { useId } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { InputNode } from '../api/flow-schema.ts';
import { nodeLabel } from './node-values.ts';
import { NodeMessages } from './ui-messages.tsx';

export interface InputFieldProps {
  node: InputNode;
  value: string;
  disabled?: boolean;
  onChange: (name: string, value: string) => void;
}

/** Text-like inputs: text, email, password, tel, number, url, date and so on. */
export function InputField({ node, value, disabled = false, onChange }: InputFieldProps) {
  const id = useId();
  const messagesId = `${id}-messages`;
  const { name, type, required, autocomplete, pattern } = node.attributes;
  const label = nodeLabel(node) ?? name;
  const invalid = node.messages.some((message) => message.type === 'error');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        required={required}
        disabled={disabled || node.attributes.disabled === true}
        autoComplete={autocomplete}
        pattern={pattern}
        aria-invalid={invalid || undefined}
        aria-describedby={node.messages.length > 0 ? messagesId : undefined}
        onChange={(event) => onChange(name, event.target.value)}
        className={cx(
          'h-9 w-full rounded-md border bg-surface px-3 text-sm text-fg placeholder:text-fg-muted disabled:opacity-60',
          invalid ? 'border-unhealthy' : 'border-border',
          focusRing,
        )}
      />
      <NodeMessages id={messagesId} messages={node.messages} />
    </div>
  );
}

import { useId } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { InputNode } from '../api/flow-schema.ts';
import { nodeLabel } from './node-values.ts';
import { NodeMessages } from './ui-messages.tsx';

export interface InputCheckboxProps {
  node: InputNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (name: string, checked: boolean) => void;
}

export function InputCheckbox({ node, checked, disabled = false, onChange }: InputCheckboxProps) {
  const id = useId();
  const { name, required } = node.attributes;
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          required={required}
          disabled={disabled || node.attributes.disabled === true}
          onChange={(event) => onChange(name, event.target.checked)}
          className={cx('size-4 rounded border-border accent-accent', focusRing)}
        />
        <label htmlFor={id} className="text-sm text-fg">
          {nodeLabel(node) ?? name}
        </label>
      </div>
      <NodeMessages messages={node.messages} />
    </div>
  );
}

import { parseSecretSource, secretSourceModes, type SecretSourceMode } from '@vigil/domain';
import { useId, useState } from 'react';
import { cx } from '@/ui/class-names.ts';
import { SegmentedControl } from '@/ui/segmented-control.tsx';
import { errorIdFor, inputClassName, textareaClassName } from '@/ui/form-field.tsx';

export interface SecretSourceInputProps {
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  /** Static values of secrets are typed as passwords; a username is not a secret. */
  readonly concealed: boolean;
  /** Certificates, keys and kubeconfigs keep their line breaks, so they get a text area. */
  readonly multiline: boolean;
  readonly hint?: string | undefined;
  onChange: (value: string) => void;
}

const schemes = { Secret: 'secret', ConfigMap: 'configmap' } as const;

/**
 * A secret-like value from one of three sources (spec 001 §2): Static (a password input),
 * or a Kubernetes Secret / ConfigMap by name and key. Switching the source clears the value.
 */
export function SecretSourceInput({
  label,
  value,
  error,
  concealed,
  multiline,
  hint,
  onChange,
}: SecretSourceInputProps) {
  const id = useId();
  const parsed = parseSecretSource(value);
  const [mode, setMode] = useState<SecretSourceMode>(parsed.mode);
  const [ref, setRef] = useState(
    parsed.mode === 'Static' ? { name: '', key: '' } : { name: parsed.name, key: parsed.key },
  );
  const choose = (next: SecretSourceMode) => {
    if (next === mode) return;
    setMode(next);
    setRef({ name: '', key: '' });
    onChange('');
  };
  const changeRef = (part: 'name' | 'key', text: string) => {
    const next = { ...ref, [part]: text };
    setRef(next);
    if (mode !== 'Static') onChange(`${schemes[mode]}://${next.name}/${next.key}`);
  };
  const described = error === undefined ? {} : { 'aria-describedby': errorIdFor(id) };
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">{label}</legend>
      <SegmentedControl
        label={`${label} source`}
        options={secretSourceModes}
        value={mode}
        onChange={choose}
      />
      {mode === 'Static' && multiline ? (
        <textarea
          id={id}
          aria-label={label}
          spellCheck={false}
          className={cx(textareaClassName, 'font-mono text-xs')}
          value={value}
          aria-invalid={error !== undefined}
          {...described}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : mode === 'Static' ? (
        <input
          id={id}
          type={concealed ? 'password' : 'text'}
          aria-label={label}
          autoComplete={concealed ? 'new-password' : 'off'}
          className={inputClassName}
          value={value}
          aria-invalid={error !== undefined}
          {...described}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <div className="grid grid-cols-2 gap-2">
          {(['name', 'key'] as const).map((part) => (
            <input
              key={part}
              aria-label={`${label} ${mode} ${part}`}
              placeholder={part === 'name' ? `${mode} name` : 'Key'}
              className={inputClassName}
              value={ref[part]}
              aria-invalid={error !== undefined}
              {...(part === 'name' ? { id, ...described } : {})}
              onChange={(event) => changeRef(part, event.target.value)}
            />
          ))}
        </div>
      )}
      {hint !== undefined && <p className="text-xs text-fg-muted">{hint}</p>}
      {error !== undefined && (
        <p id={errorIdFor(id)} role="alert" className="text-xs text-unhealthy">
          {error}
        </p>
      )}
    </fieldset>
  );
}

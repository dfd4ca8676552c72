import { cx, focusRing } from '../../../../ui/class-names.ts';

export interface ChoiceButtonsProps {
  readonly label: string;
  readonly options: readonly string[];
  readonly value: string;
  onChange: (value: string) => void;
}

/** SwitchField and ConnectionSwitch: one of a few values, as a row of radio buttons. */
export function ChoiceButtons({ label, options, value, onChange }: ChoiceButtonsProps) {
  return (
    <div className="space-y-1">
      <span className="block text-sm font-medium">{label}</span>
      <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-1">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={value === option}
            onClick={() => onChange(option)}
            className={cx(
              'rounded-md border px-2.5 py-1 text-xs',
              value === option
                ? 'border-accent bg-accent text-accent-fg'
                : 'border-border bg-surface text-fg hover:bg-surface-muted',
              focusRing,
            )}
          >
            {option}
          </button>
        ))}
      </div>
    </div>
  );
}

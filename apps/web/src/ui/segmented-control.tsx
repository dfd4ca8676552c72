import { cx, focusRing } from './class-names.ts';

export interface SegmentedControlProps<T extends string> {
  /** The radio group's accessible name. */
  readonly label: string;
  readonly options: readonly T[];
  readonly value: string;
  onChange: (value: T) => void;
}

/** One of a few values, as a row of toggle-like radio buttons. */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
}: SegmentedControlProps<T>) {
  return (
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
  );
}

import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import { describedBy, type ParameterFieldProps } from './parameter-field-props.ts';

/** Memory units of the input (spec 000 §9: Mi, Gi, Ti, default Mi). */
const byteUnits = ['Mi', 'Gi', 'Ti'] as const;
type ByteUnit = (typeof byteUnits)[number];

function isByteUnit(value: string): value is ByteUnit {
  return byteUnits.some((unit) => unit === value);
}

export function splitBytes(value: string): { amount: string; unit: ByteUnit } {
  const match = /^(\d*(?:\.\d+)?)(Mi|Gi|Ti)?$/.exec(value.trim());
  const unit = match?.[2] ?? 'Mi';
  return { amount: match?.[1] ?? value, unit: isByteUnit(unit) ? unit : 'Mi' };
}

/** Bytes as an amount and a unit; CPU in millicores, stored with the 'm' suffix. */
export function QuantityInput(props: ParameterFieldProps & { format: 'bytes' | 'millicores' }) {
  if (props.format === 'millicores') {
    const amount = props.value.replace(/m$/, '');
    return (
      <div className="flex items-center gap-2">
        <input
          {...describedBy(props)}
          type="number"
          min={0}
          inputMode="numeric"
          value={amount}
          disabled={props.disabled}
          onBlur={props.onBlur}
          onChange={(event) =>
            props.onChange(event.target.value === '' ? '' : `${event.target.value}m`)
          }
          className={cx(inputClassName, 'max-w-40')}
        />
        <span className="text-sm text-fg-muted">millicores</span>
      </div>
    );
  }
  const { amount, unit } = splitBytes(props.value);
  return (
    <div className="flex items-center gap-2">
      <input
        {...describedBy(props)}
        type="number"
        min={0}
        value={amount}
        disabled={props.disabled}
        onBlur={props.onBlur}
        onChange={(event) =>
          props.onChange(event.target.value === '' ? '' : `${event.target.value}${unit}`)
        }
        className={cx(inputClassName, 'max-w-40')}
      />
      <div className="w-24">
        <select
          aria-label={`${props.label} unit`}
          value={unit}
          disabled={props.disabled}
          onChange={(event) => amount !== '' && props.onChange(`${amount}${event.target.value}`)}
          className={inputClassName}
        >
          {byteUnits.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </div>
    </div>
  );
}

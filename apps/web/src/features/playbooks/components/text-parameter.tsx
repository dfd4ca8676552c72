import { textPropertiesOf } from '@vigil/domain';
import { inputClassName, textareaClassName } from '@/ui/form-field.tsx';
import { describedBy, type ParameterFieldProps } from './parameter-field-props.ts';
import { QuantityInput } from './quantity-input.tsx';

/** Text: one line, several (multiline), or a quantity in bytes or millicores. */
export function TextParameter(props: ParameterFieldProps) {
  const properties = textPropertiesOf(props.parameter);
  const common = {
    ...describedBy(props),
    value: props.value,
    disabled: props.disabled,
    onBlur: props.onBlur,
  };
  if (properties.format === 'bytes' || properties.format === 'millicores')
    return <QuantityInput {...props} format={properties.format} />;
  if (properties.multiline === true)
    return (
      <textarea
        {...common}
        rows={4}
        className={textareaClassName}
        onChange={(event) => props.onChange(event.target.value)}
      />
    );
  const numeric = properties.min !== undefined || properties.max !== undefined;
  return (
    <input
      {...common}
      type={numeric ? 'number' : 'text'}
      min={properties.min}
      max={properties.max}
      spellCheck={false}
      className={inputClassName}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

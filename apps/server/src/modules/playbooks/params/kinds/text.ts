import { asText, defineParameterKind, propertyNumber, propertyText } from '../parameter-kind.ts';
import { formatError, formats } from '../text-formats.ts';

/** text: one line or multiline, with lengths, a regex, a format and numeric bounds. */
export const textParameter = defineParameterKind({
  type: 'text',
  checkSpec(parameter) {
    const regex = propertyText(parameter, 'regex');
    if (regex !== undefined) {
      try {
        new RegExp(regex);
      } catch {
        return `properties.regex is not a valid regular expression`;
      }
    }
    const format = propertyText(parameter, 'format');
    if (format !== undefined && !formats.has(format)) {
      return `properties.format must be one of ${[...formats.keys()].join(', ')}`;
    }
    return undefined;
  },
  async check(value, parameter) {
    const text = asText(value);
    if (text === undefined) return { error: 'must be text' };
    const minLength = propertyNumber(parameter, 'minLength');
    const maxLength = propertyNumber(parameter, 'maxLength');
    if (minLength !== undefined && text.length < minLength) {
      return { error: `must be at least ${minLength} characters` };
    }
    if (maxLength !== undefined && text.length > maxLength) {
      return { error: `must be at most ${maxLength} characters` };
    }
    const regex = propertyText(parameter, 'regex');
    if (regex !== undefined && !new RegExp(`^(?:${regex})$`).test(text)) {
      return { error: `must match ${regex}` };
    }
    const format = propertyText(parameter, 'format');
    const error = format ? formatError(format, text) : undefined;
    if (error) return { error };
    const min = propertyNumber(parameter, 'min');
    const max = propertyNumber(parameter, 'max');
    if (min !== undefined || max !== undefined) {
      const amount = format ? formats.get(format)?.amount(text) : Number(text);
      if (amount === undefined || !Number.isFinite(amount)) return { error: 'must be a number' };
      if (min !== undefined && amount < min) return { error: `must be at least ${min}` };
      if (max !== undefined && amount > max) return { error: `must be at most ${max}` };
    }
    return { value: text };
  },
});

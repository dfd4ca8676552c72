import { parseDuration } from '../../../../platform/durations.ts';
import { asText, defineParameterKind, propertyText } from '../parameter-kind.ts';

/** duration: a Go-style duration within optional min and max. */
export const durationParameter = defineParameterKind({
  type: 'duration',
  async check(value, parameter) {
    const text = asText(value);
    const ms = text === undefined ? undefined : parseDuration(text);
    if (text === undefined || ms === undefined) return { error: 'must be a duration such as 5m' };
    const min = propertyText(parameter, 'min');
    const max = propertyText(parameter, 'max');
    if (min && ms < (parseDuration(min) ?? 0)) return { error: `must be at least ${min}` };
    if (max && ms > (parseDuration(max) ?? Infinity)) return { error: `must be at most ${max}` };
    return { value: text };
  },
});

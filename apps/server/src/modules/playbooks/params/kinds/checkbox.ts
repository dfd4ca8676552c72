import { defineParameterKind } from '../parameter-kind.ts';

/** checkbox: true or false (YAML and forms may send the words). */
export const checkboxParameter = defineParameterKind({
  type: 'checkbox',
  async check(value) {
    if (typeof value === 'boolean') return { value };
    if (value === 'true' || value === 'false') return { value: value === 'true' };
    return { error: 'must be true or false' };
  },
});

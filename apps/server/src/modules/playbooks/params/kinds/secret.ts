import { asText, defineParameterKind } from '../parameter-kind.ts';

/** secret: text that is masked in every log and output of the run. */
export const secretParameter = defineParameterKind({
  type: 'secret',
  async check(value) {
    const text = asText(value);
    return text === undefined ? { error: 'must be text' } : { value: text };
  },
});

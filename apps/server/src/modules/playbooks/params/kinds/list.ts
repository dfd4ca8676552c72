import { z } from 'zod';
import type { PlaybookParameter } from '@vigil/domain';
import { asText, defineParameterKind } from '../parameter-kind.ts';

const options = z.array(
  z.union([z.string(), z.object({ label: z.string().optional(), value: z.string() }).loose()]),
);

function valuesOf(parameter: PlaybookParameter): string[] | undefined {
  const parsed = options.safeParse(parameter.properties?.options);
  return parsed.success
    ? parsed.data.map((option) => (typeof option === 'string' ? option : option.value))
    : undefined;
}

/** list: one of the declared options. */
export const listParameter = defineParameterKind({
  type: 'list',
  checkSpec: (parameter) =>
    parameter.properties?.options !== undefined && !valuesOf(parameter)
      ? 'properties.options must be a list of values or {label, value}'
      : undefined,
  async check(value, parameter) {
    const text = asText(value);
    if (text === undefined) return { error: 'must be one of the options' };
    const allowed = valuesOf(parameter);
    if (allowed && allowed.length > 0 && !allowed.includes(text)) {
      return { error: `must be one of ${allowed.join(', ')}` };
    }
    return { value: text };
  },
});

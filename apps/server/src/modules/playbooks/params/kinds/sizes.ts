import { defineParameterKind, type ParameterKind } from '../parameter-kind.ts';
import { textParameter } from './text.ts';

/** Mission Control's `bytes` and `millicores` types: text with that format. */
function formatted(type: 'bytes' | 'millicores'): ParameterKind {
  return defineParameterKind({
    type,
    check: (value, parameter, db) =>
      textParameter.check(
        value,
        { ...parameter, properties: { ...parameter.properties, format: type } },
        db,
      ),
  });
}

export const bytesParameter = formatted('bytes');
export const millicoresParameter = formatted('millicores');

import { mask } from '../actions/action-type.ts';

/** Masks every string inside a result an agent reports (its stdout, a response body …). */
export function maskDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return mask(value, secrets);
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, secrets));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, maskDeep(item, secrets)]),
    );
  }
  return value;
}

import type { JSONSchema7 } from 'json-schema';

/** A JSON object served as a schema; the editor tolerates keywords it does not know. */
export function isJsonSchema(value: unknown): value is JSONSchema7 {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

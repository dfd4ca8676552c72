import type { JSONSchema7 } from 'json-schema';

/**
 * Guarantee: /api/schemas/canary.schema.json is a JSON schema document (zod's
 * toJSONSchema output); the editor only needs an object and ignores keywords it does not know.
 */
export function isJsonSchema(value: unknown): value is JSONSchema7 {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

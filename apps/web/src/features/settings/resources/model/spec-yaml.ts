import type { JSONSchema7 } from 'json-schema';
import { parseDocument, stringify } from 'yaml';

export type SpecParse =
  | { ok: true; spec: Record<string, unknown> }
  | { ok: false; message: string; line: number | undefined };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The Spec editor's text: empty resets to {} (spec 002 §4); otherwise a YAML mapping. */
export function parseSpecYaml(text: string): SpecParse {
  if (text.trim() === '') return { ok: true, spec: {} };
  const document = parseDocument(text);
  const [error] = document.errors;
  if (error) return { ok: false, message: error.message, line: error.linePos?.[0]?.line };
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return { ok: true, spec: {} };
  if (!isRecord(value)) return { ok: false, message: 'The spec must be a mapping', line: 1 };
  return { ok: true, spec: value };
}

export function specToYaml(spec: unknown): string {
  if (!isRecord(spec) || Object.keys(spec).length === 0) return '';
  return stringify(spec, { lineWidth: 0 });
}

/**
 * The schema of a resource's `spec` from the schema of the whole resource, keeping its shared
 * definitions so that references still resolve.
 */
export function specSchemaOf(
  resource: Record<string, unknown> | undefined,
): JSONSchema7 | undefined {
  const properties = resource?.properties;
  if (!isRecord(properties) || !isRecord(properties.spec)) return undefined;
  const schema = {
    ...properties.spec,
    ...(resource?.$defs ? { $defs: resource.$defs } : {}),
    ...(resource?.definitions ? { definitions: resource.definitions } : {}),
  };
  return isSchema(schema) ? schema : undefined;
}

/** A JSON object served as a schema; the editor tolerates keywords it does not know. */
function isSchema(value: unknown): value is JSONSchema7 {
  return isRecord(value);
}

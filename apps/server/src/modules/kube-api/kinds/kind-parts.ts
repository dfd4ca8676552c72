/** Pieces every kind's table and schema share. */

/** A column of the kind's `kubectl get` table. */
export function column(
  name: string,
  type: 'string' | 'integer' | 'date',
  format: string,
  description: string,
) {
  return { name, type, format, description, priority: 0 };
}

/** A JSON schema as the plain object discovery serves; anything else serves as `{}`. */
export function schemaObject(schema: unknown): Record<string, unknown> {
  return typeof schema === 'object' && schema !== null
    ? Object.fromEntries(Object.entries(schema))
    : {};
}

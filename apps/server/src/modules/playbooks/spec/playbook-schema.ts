import { playbookResourceSchema, playbookSpecSchema } from '@vigil/domain';
import { z } from 'zod';
import { actionTypes } from '../actions/registry.ts';

const options = { io: 'input', unrepresentable: 'any' } as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** The object at `key` itself (not a copy), so that it can be changed in place. */
const objectAt = (value: unknown, key: string): Record<string, unknown> | undefined => {
  const inner = isRecord(value) ? value[key] : undefined;
  return isRecord(inner) ? inner : undefined;
};

/** Each registered action kind's body is described by its own schema, not as any object. */
function withActionBodies(spec: Record<string, unknown> | undefined): void {
  const items = objectAt(objectAt(objectAt(spec, 'properties'), 'actions'), 'items');
  const kinds = objectAt(items, 'properties');
  if (!kinds) return;
  for (const [kind, type] of actionTypes) {
    const body: Record<string, unknown> = z.toJSONSchema(type.schema, options);
    delete body.$schema;
    kinds[kind] = body;
  }
}

/** The Playbook resource's JSON schema, for editors, kubectl's openapi and `vigil apply`. */
export function playbookJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(playbookResourceSchema, options);
  withActionBodies(objectAt(objectAt(schema, 'properties'), 'spec'));
  return { ...schema, $id: '/api/schemas/playbook-spec.schema.json', title: 'Playbook' };
}

/** The spec alone (what the data API's `spec` column holds). */
export function playbookSpecJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(playbookSpecSchema, options);
  withActionBodies(schema);
  return schema;
}

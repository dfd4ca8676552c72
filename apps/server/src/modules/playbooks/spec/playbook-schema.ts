import { playbookResourceSchema, playbookSpecSchema } from '@vigil/domain';
import { z } from 'zod';

/** The Playbook resource's JSON schema, for editors, kubectl's openapi and `vigil apply`. */
export function playbookJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(playbookResourceSchema, { io: 'input', unrepresentable: 'any' }),
    $id: '/api/schemas/playbook-spec.schema.json',
    title: 'Playbook',
  };
}

/** The spec alone (what the data API's `spec` column holds). */
export function playbookSpecJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(playbookSpecSchema, { io: 'input', unrepresentable: 'any' });
}

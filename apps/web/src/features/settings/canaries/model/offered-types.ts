import { z } from 'zod';
import { canaryTypes, type CanaryType } from './canary-types.ts';

const checkList = z.looseObject({
  type: z.literal('array'),
  items: z.looseObject({ type: z.literal('object') }),
  description: z.string().optional(),
});
const canarySchema = z.looseObject({
  properties: z.looseObject({
    spec: z.looseObject({ properties: z.record(z.string(), z.unknown()) }),
  }),
});
/** How the server's schema marks a check type it knows but refuses, as its write hook does. */
const refused = /not supported yet/;

/** The check lists under `spec` that the served Canary schema accepts. */
export function acceptedCheckKeys(schema: unknown): ReadonlySet<string> {
  const parsed = canarySchema.safeParse(schema);
  if (!parsed.success) return new Set();
  const entries = Object.entries(parsed.data.properties.spec.properties);
  return new Set(
    entries
      .filter(([, value]) => {
        const list = checkList.safeParse(value);
        return list.success && !refused.test(list.data.description ?? '');
      })
      .map(([key]) => key),
  );
}

/** The picker's types: those whose check list the server accepts, and Custom. */
export function offeredCanaryTypes(schema: unknown): CanaryType[] {
  const accepted = acceptedCheckKeys(schema);
  return canaryTypes.filter((type) => type.specKey === null || accepted.has(type.specKey));
}

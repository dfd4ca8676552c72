import { z } from 'zod';
import { compileCel, ExpressionError } from '../expressions/cel.ts';

/** duty's `Lookup`: a fixed value, one of the result's labels, or a CEL expression. */
const lookup = z
  .object({
    expr: z.string().optional().describe('CEL over `result` (the check result)'),
    value: z.string().optional(),
    label: z.string().optional().describe("Name of one of the result's labels"),
  })
  .strict();
export type Lookup = z.infer<typeof lookup>;

/** The lookup fields of duty's `RelationshipSelectorTemplate`, in its JSON order. */
export const lookupFields = [
  'id',
  'external_id',
  'name',
  'namespace',
  'type',
  'agent',
  'scope',
] as const;
export type LookupField = (typeof lookupFields)[number];

/** duty's `RelationshipSelectorTemplate`: every set field must match. */
export const relationshipSelectorTemplate = z
  .object({
    id: lookup.optional(),
    external_id: lookup.optional(),
    name: lookup.optional(),
    namespace: lookup.optional(),
    type: lookup.optional(),
    agent: lookup.optional().describe('Agent id or name, `all`, or empty for this installation'),
    scope: lookup.optional().describe('Scraper (configs) or topology (components): id or ns/name'),
    labels: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type RelationshipSelectorTemplate = z.infer<typeof relationshipSelectorTemplate>;

/** canary-checker's `CheckRelationship` (the shared `Relatable` fields of a check). */
export const checkRelationshipSpec = z
  .object({
    components: z.array(relationshipSelectorTemplate).optional(),
    configs: z.array(relationshipSelectorTemplate).optional(),
  })
  .strict()
  .describe("Links the check's results to the components and configs these lookups find");
export type CheckRelationshipSpec = z.infer<typeof checkRelationshipSpec>;

/** The first lookup `expr` of a check's relationships that does not compile, by its field. */
export function relationshipsProblem(
  check: Record<string, unknown>,
): { field: string; message: string } | undefined {
  const parsed = checkRelationshipSpec.safeParse(check.relationships);
  if (!parsed.success || parsed.data === undefined) return undefined;
  for (const kind of ['components', 'configs'] as const) {
    for (const [index, template] of (parsed.data[kind] ?? []).entries()) {
      for (const field of lookupFields) {
        const expr = template[field]?.expr;
        if (expr === undefined || expr === '') continue;
        try {
          compileCel(expr);
        } catch (error) {
          if (!(error instanceof ExpressionError)) throw error;
          const message = `is not valid: ${error.message.split('\n')[0] ?? error.message}`;
          return { field: `relationships.${kind}[${index}].${field}.expr`, message };
        }
      }
    }
  }
  return undefined;
}

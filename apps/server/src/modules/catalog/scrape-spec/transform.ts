import { z } from 'zod';

const script = {
  gotemplate: z.string().optional(),
  jsonpath: z.string().optional(),
  expr: z.string().optional().describe('CEL over `config`; returns the new config(s) as JSON'),
  javascript: z.string().optional(),
};

/** config-db's RelationshipSelectorTemplate: each field a value, a CEL `expr` or a `label`. */
const lookup = z
  .object({ value: z.string().optional(), expr: z.string().optional(), label: z.string() })
  .partial()
  .strict();
const selectorTemplate = {
  id: lookup.optional(),
  external_id: lookup.optional(),
  name: lookup.optional(),
  namespace: lookup.optional(),
  type: lookup.optional(),
  agent: lookup.optional(),
  scope: lookup.optional(),
  labels: z.record(z.string(), z.string()).optional(),
};

export const relationshipRule = z
  .object({
    ...selectorTemplate,
    expr: z.string().optional().describe('CEL returning a list of selectors'),
    filter: z.string().optional().describe('CEL over `config`: which items the rule applies to'),
    parent: z.boolean().optional().describe('The related item becomes the parent (hard link)'),
  })
  .strict();

export const changeMapping = z
  .object({
    filter: z.string().optional().describe('CEL over `change`: which changes this maps'),
    severity: z.string().optional(),
    type: z.string().optional().describe('Replaces the change type'),
    action: z.enum(['delete', 'ignore', 'move-up', 'copy-up', 'copy', 'move']).optional(),
    summary: z.string().optional().describe('A Go-template-free summary; `$(…)` not expanded'),
    config_id: z.string().optional(),
    config_type: z.string().optional(),
    scraper_id: z.string().optional(),
    ancestor_type: z.string().optional(),
    target: z.object(selectorTemplate).strict().optional(),
  })
  .strict();

const locationOrAlias = z
  .object({
    type: z.union([z.string(), z.array(z.string())]),
    filter: z.string().optional(),
    values: z.array(z.string()).optional(),
    withParent: z.string().optional(),
  })
  .strict();

/** `transform` of a scraper entry: config-db's Transform. */
export const transformSpec = z
  .object({
    ...script,
    exclude: z
      .array(
        z
          .object({
            types: z.array(z.string()).optional(),
            jsonpath: z.string().min(1, 'is required'),
          })
          .strict(),
      )
      .optional()
      .describe('Fields removed from the stored config'),
    mask: z
      .array(
        z
          .object({
            selector: z.string().optional().describe('CEL over `config`: which items to mask'),
            jsonpath: z.string().min(1, 'is required'),
            value: z.string().min(1, 'is required').describe('md5sum, or the replacement text'),
          })
          .strict(),
      )
      .optional(),
    relationship: z.array(relationshipRule).optional(),
    changes: z
      .object({
        mapping: z.array(changeMapping).optional(),
        exclude: z.array(z.string()).optional().describe('CEL over `change`: drop when true'),
      })
      .strict()
      .optional(),
    locations: z.array(locationOrAlias).optional(),
    aliases: z.array(locationOrAlias).optional(),
  })
  .strict();

export type TransformSpec = z.infer<typeof transformSpec>;

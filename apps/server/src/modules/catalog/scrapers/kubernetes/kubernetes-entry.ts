import { z } from 'zod';
import { envVar } from '../../../../platform/values/env-var.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';

/** config-db's duty.Lookup: a literal, a label of the object, or a CEL expression. */
const lookup = z
  .object({
    value: z.string().optional(),
    label: z.string().optional(),
    expr: z.string().optional(),
  })
  .strict();

/** config-db's KubernetesConnection, inlined into both kubernetes entries. */
export const kubernetesConnectionFields = {
  connection: z.string().optional().describe('connection://ns/name of a Kubernetes connection'),
  kubeconfig: envVar.optional().describe('A kubeconfig (YAML, a path, or a secret reference)'),
  eks: z.record(z.string(), z.unknown()).optional(),
  gke: z.record(z.string(), z.unknown()).optional(),
  cnrm: z.record(z.string(), z.unknown()).optional(),
};

/** `spec.kubernetes[]`, field for field as config-db's `v1.Kubernetes`. */
const exclusionsObject = z
  .object({
    name: z.array(z.string()).optional(),
    kind: z.array(z.string()).optional(),
    namespace: z.array(z.string()).optional(),
    labels: z.record(z.string(), z.string()).optional(),
  })
  .strict();

export const kubernetesEntry = scraperEntry({
  ...kubernetesConnectionFields,
  clusterName: z.string().optional(),
  namespace: z.string().optional().describe('Only this namespace; every namespace when unset'),
  useCache: z.boolean().optional(),
  allowIncomplete: z.boolean().optional(),
  scope: z.string().optional(),
  since: z.string().optional(),
  selector: z.string().optional().describe('A label selector applied to every list and watch'),
  fieldSelector: z.string().optional(),
  maxInflight: z.number().int().optional(),
  watch: z
    .array(z.object({ apiVersion: z.string(), kind: z.string() }).strict())
    .optional()
    .describe('The kinds to scrape and watch; the common kinds when unset'),
  event: z
    .object({
      exclusions: z
        .object({
          name: z.array(z.string()).optional(),
          namespace: z.array(z.string()).optional(),
          reason: z.array(z.string()).optional(),
        })
        .strict()
        .optional(),
      severityKeywords: z
        .object({ warn: z.array(z.string()).optional(), error: z.array(z.string()).optional() })
        .strict()
        .optional(),
    })
    .strict()
    .optional(),
  exclusions: z
    .union([
      exclusionsObject,
      // config-db's older form: a list of kinds.
      z.array(z.string()).transform((kind): z.infer<typeof exclusionsObject> => ({ kind })),
    ])
    .optional(),
  relationships: z
    .array(
      z
        .object({ kind: lookup.optional(), name: lookup.optional(), namespace: lookup.optional() })
        .strict(),
    )
    .optional(),
});
export type KubernetesEntry = z.infer<typeof kubernetesEntry>;

/** `spec.kubernetesFile[]`, as config-db's `v1.KubernetesFile`. */
export const kubernetesFileEntry = scraperEntry({
  ...kubernetesConnectionFields,
  selector: z
    .object({
      namespace: z.string().optional(),
      kind: z.string().optional(),
      name: z.string().optional(),
      labelSelector: z.string().optional(),
      fieldSelector: z.string().optional(),
    })
    .strict(),
  container: z.string().optional(),
  files: z
    .array(
      z.object({ path: z.array(z.string()).optional(), format: z.string().optional() }).strict(),
    )
    .optional(),
});
export type KubernetesFileEntry = z.infer<typeof kubernetesFileEntry>;

import { z } from 'zod';

/** A Kubernetes-style reference to a value in a Secret or ConfigMap. */
const keyRef = z.object({ name: z.string().min(1), key: z.string().min(1) }).strict();

/**
 * canary-checker's `EnvVar`: a plain string, `{value}`, or `{valueFrom: {secretKeyRef}}` /
 * `{valueFrom: {configMapKeyRef | serviceAccount | helmRef}}`. Resolved at run time by `CheckRunContext.resolveValue`.
 */
export const valueFrom = z
  .object({
    secretKeyRef: keyRef.optional(),
    configMapKeyRef: keyRef.optional(),
    // A token of this service account (TokenRequest), and a value of a Helm release.
    serviceAccount: z.string().min(1).optional(),
    helmRef: keyRef.optional(),
  })
  .strict();

export const envVarObject = z
  .object({
    name: z.string().optional(),
    value: z.string().optional(),
    valueFrom: valueFrom.optional(),
  })
  .strict();

export const envVar = z.union([z.string(), envVarObject]);
export type EnvVar = z.infer<typeof envVar>;

/** The check cannot run as written (unknown connection, missing secret): recorded as invalid. */
export class CheckConfigError extends Error {}

import { z } from 'zod';

const stringMap = z.record(z.string(), z.string());

/** ObjectMeta as clients send it; fields the server owns are read but not trusted. */
export const objectMetaSchema = z
  .object({
    name: z.string().optional(),
    generateName: z.string().optional(),
    namespace: z.string().optional(),
    labels: stringMap.nullish(),
    annotations: stringMap.nullish(),
    resourceVersion: z.string().optional(),
    uid: z.string().optional(),
  })
  .loose();

/** A resource as clients send it (kubectl, client libraries, `vigil apply`). */
export const incomingObjectSchema = z
  .object({
    apiVersion: z.string().optional(),
    kind: z.string().optional(),
    metadata: objectMetaSchema.default({}),
    spec: z.unknown().optional(),
    status: z.unknown().optional(),
  })
  .loose();
export type IncomingObject = z.infer<typeof incomingObjectSchema>;

export interface ObjectMeta {
  readonly name: string;
  readonly namespace: string;
  readonly uid: string;
  readonly resourceVersion: string;
  readonly creationTimestamp: string;
  readonly labels?: Record<string, string>;
  readonly annotations?: Record<string, string>;
}

/** A resource as the server answers it. */
export interface KubeObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: ObjectMeta;
  readonly spec: unknown;
  readonly status?: unknown;
}

/** What a kind stores for an object: the columns every write sends to the data API. */
export interface StoredFields {
  readonly name: string;
  readonly namespace: string;
  readonly labels: Record<string, string>;
  readonly annotations: Record<string, string>;
  readonly spec: unknown;
}

const rfc1123Subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const rfc1123Label = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Kubernetes' own rule for object names, so that every name is a path segment kubectl can use. */
export function nameProblem(name: string): string | undefined {
  if (name.length > 253) return 'must be no more than 253 characters';
  if (!rfc1123Subdomain.test(name)) {
    return "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
  }
  return undefined;
}

export function namespaceProblem(namespace: string): string | undefined {
  if (namespace.length > 63) return 'must be no more than 63 characters';
  if (!rfc1123Label.test(namespace)) {
    return "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
  }
  return undefined;
}

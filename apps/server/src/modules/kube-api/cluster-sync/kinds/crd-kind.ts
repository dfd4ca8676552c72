import { z } from 'zod';
import { badRequest } from '../../../../platform/errors.ts';
import type { ResourceRef } from '../cluster-client.ts';

/** The source of every row the reconciler writes: the cluster's object manages it. */
export const crdSource = 'KubernetesCRD';

/** An object as the cluster lists and watches it; the rest of metadata is read loosely. */
export const clusterObjectSchema = z.looseObject({
  apiVersion: z.string().optional(),
  kind: z.string().optional(),
  metadata: z.looseObject({
    name: z.string(),
    namespace: z.string().default('default'),
    uid: z.string().uuid(),
    generation: z.number().int().optional(),
    resourceVersion: z.string().optional(),
    labels: z.record(z.string(), z.string()).nullish(),
    annotations: z.record(z.string(), z.string()).nullish(),
  }),
  spec: z.unknown().optional(),
  status: z.unknown().optional(),
});
export type ClusterObject = z.infer<typeof clusterObjectSchema>;

/** Finds one row's id through the data API (a notification's person or team). */
export type Lookup = (
  resource: string,
  filters: ReadonlyArray<readonly [string, string]>,
) => Promise<string | undefined>;

/**
 * A custom resource the reconciler keeps in Vigil: where its objects are listed, and how one
 * becomes the columns of a data API write (whose hooks validate it). One file per kind.
 */
export interface CrdKind extends ResourceRef {
  readonly kind: string;
  /** The data API resource that holds the objects; rows are keyed by the object's uid. */
  readonly target: string;
  /** The row's columns; throws a 400-class error with the message when it cannot be one. */
  columns(object: ClusterObject, lookup: Lookup): Promise<Record<string, unknown>>;
  /** The column patch that removes a row (a soft delete). */
  deleteColumns(): Record<string, unknown>;
}

/** A refusal of an object before anything is written, reported on its status. */
export const invalidObject = (message: string) => badRequest(message);
